import { log } from '../../log/log.ts';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * Revalidations between the shop's processes (issue 13): with `REDIS_URL` set, every process
 * publishes the invalidations it performs on one Redis channel and applies the others'. Each
 * process keeps its own route cache and wire cache in memory (a hit costs no network round trip);
 * what must be shared is the moment a page stops being valid, and that is this channel.
 */

const CHANNEL = 'bbs:revalidate';

const messageSchema = z.object({
  from: z.string(),
  tags: z.array(z.string()),
  paths: z.array(z.string()),
});
export type Revalidation = Omit<z.infer<typeof messageSchema>, 'from'>;

export interface RevalidationBus {
  publish(change: Revalidation): void;
  close(): Promise<void>;
}

/** Connects to Redis; `apply` runs for every revalidation another process published. */
export function connectRevalidationBus(url: string, apply: (change: Revalidation) => void): RevalidationBus {
  const self = randomUUID();
  const logError = (error: Error) => log.error(`[revalidate] Redis: ${error.message}`);
  // A connection in subscriber mode can do nothing else, so publishing has its own.
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: false });
  publisher.on('error', logError);
  subscriber.on('error', logError);
  subscriber.subscribe(CHANNEL).catch(logError);
  subscriber.on('message', (_channel: string, text: string) => {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = messageSchema.safeParse(raw);
    if (!parsed.success || parsed.data.from === self) return;
    apply({ tags: parsed.data.tags, paths: parsed.data.paths });
  });
  return {
    publish(change) {
      publisher.publish(CHANNEL, JSON.stringify({ from: self, ...change })).catch(logError);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
