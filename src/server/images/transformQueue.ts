/**
 * The line of cold pictures waiting to be made, one per process. Making a picture costs 0.1–0.3 s
 * of a worker thread (there are cores − 1 of them), so a flood of cold variants used to wait in
 * the pool's own queue, unbounded and first come first served: a shopper's picture asked for
 * after a flooder's hundred waited for all of them (7.4 s instead of 0.6 s), and each waiting
 * request held its original in memory. Here the line is bounded, per process and per client, and
 * clients take turns: the next free slot goes to the client after the one served last, so one
 * client's hundred requests delay another's first by at most one transform per client in line.
 * A request refused here is answered 503 at once (imageEndpoint.ts). Cached pictures never come
 * here: the cache answers them first (imageCache.ts).
 */

export interface TransformQueueLimits {
  /** Jobs running at once. */
  running: number;
  /** Jobs waiting, all clients together. */
  waiting: number;
  /** Jobs waiting of one client. */
  waitingPerClient: number;
}

export interface TransformQueue {
  /** Runs `job` in `client`'s turn; null (and `job` never runs) when its line or the whole line is full. */
  run<T>(client: string, job: () => Promise<T>): Promise<T> | null;
  /** Jobs running and waiting now. */
  counts(): { running: number; waiting: number };
}

export function createTransformQueue(limits: TransformQueueLimits): TransformQueue {
  // Each client's waiting jobs; the map's order is the order of turns.
  const lines = new Map<string, (() => void)[]>();
  let running = 0;
  let waiting = 0;

  const startNext = (): void => {
    while (running < limits.running) {
      const turn = lines.entries().next();
      if (turn.done) return;
      const [client, line] = turn.value;
      const start = line.shift();
      // To the back of the turns, or out when its line is empty.
      lines.delete(client);
      if (line.length > 0) lines.set(client, line);
      if (start) {
        waiting -= 1;
        start();
      }
    }
  };

  return {
    run(client, job) {
      const line = lines.get(client) ?? [];
      // Jobs wait only while every slot is taken, so a full line with a free slot cannot happen.
      if (running >= limits.running && (waiting >= limits.waiting || line.length >= limits.waitingPerClient)) {
        return null;
      }
      return new Promise((resolve, reject) => {
        line.push(() => {
          running += 1;
          Promise.resolve()
            .then(job)
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              startNext();
            });
        });
        if (!lines.has(client)) lines.set(client, line);
        waiting += 1;
        startNext();
      });
    },
    counts: () => ({ running, waiting }),
  };
}
