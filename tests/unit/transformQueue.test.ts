import { describe, expect, it } from 'vitest';
import { createTransformQueue } from '../../src/server/images/transformQueue.ts';

/** Lets every promise callback queued so far run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** A job the line took (not refused). */
function taken<T>(run: Promise<T> | null): Promise<T> {
  if (!run) throw new Error('refused');
  return run;
}

/** A job that ends when the test says so, and says when it started. */
function heldJob(log: string[], name: string): { job: () => Promise<string>; finish: () => void } {
  let finish = (): void => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    job: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe('the line of cold transforms', () => {
  it('runs at most `running` jobs at once and starts the next when one ends', async () => {
    const queue = createTransformQueue({ running: 2, waiting: 10, waitingPerClient: 10 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => heldJob(started, name));
    const results = jobs.map(({ job }) => taken(queue.run('x', job)));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(queue.counts()).toEqual({ running: 2, waiting: 1 });
    jobs[0]?.finish();
    expect(await results[0]).toBe('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[1]?.finish();
    jobs[2]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(queue.counts()).toEqual({ running: 0, waiting: 0 });
  });

  it('lets clients take turns: a second client waits for one job of the first, not all of them', async () => {
    const queue = createTransformQueue({ running: 1, waiting: 64, waitingPerClient: 16 });
    const started: string[] = [];
    const jobs = new Map(
      [...Array.from({ length: 8 }, (_, i) => `flood-${i}`), 'shopper'].map((name) => [name, heldJob(started, name)]),
    );
    const runs = [...jobs].map(([name, { job }]) => taken(queue.run(name === 'shopper' ? 'shopper' : 'flooder', job)));
    // One runs at a time: end each as soon as it has started.
    for (let ended = 0; ended < jobs.size; ended += 1) {
      await settle();
      jobs.get(started[ended] ?? '')?.finish();
    }
    await Promise.all(runs);
    // First come, first served would start it last (ninth).
    expect(started.indexOf('shopper')).toBe(2);
    expect(started).toHaveLength(9);
  });

  it("refuses past one client's bound and past the whole line's, without running the job", async () => {
    const queue = createTransformQueue({ running: 1, waiting: 3, waitingPerClient: 2 });
    const started: string[] = [];
    const held = Array.from({ length: 6 }, (_, i) => heldJob(started, `job-${i}`));
    const [a0, a1, a2, a3, b0, c0] = held;
    if (!a0 || !a1 || !a2 || !a3 || !b0 || !c0) throw new Error('six jobs');
    const accepted = [taken(queue.run('a', a0.job)), taken(queue.run('a', a1.job)), taken(queue.run('a', a2.job))];
    // `a` has one running and two waiting: its own bound.
    expect(queue.run('a', a3.job)).toBeNull();
    // Another client still has room in the line, until the whole line is full.
    accepted.push(taken(queue.run('b', b0.job)));
    expect(queue.run('c', c0.job)).toBeNull();
    expect(queue.counts()).toEqual({ running: 1, waiting: 3 });
    for (const job of held) job.finish();
    await Promise.all(accepted);
    expect(started.sort()).toEqual(['job-0', 'job-1', 'job-2', 'job-4']);
  });

  it('passes a failed job on and goes on with the next', async () => {
    const queue = createTransformQueue({ running: 1, waiting: 4, waitingPerClient: 4 });
    const failing = taken(queue.run('a', () => Promise.reject(new Error('the original could not be decoded'))));
    const next = taken(queue.run('a', () => Promise.resolve('made')));
    await expect(failing).rejects.toThrow('the original could not be decoded');
    expect(await next).toBe('made');
  });
});
