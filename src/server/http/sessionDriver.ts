import type { Driver } from 'unstorage';
import lruCacheDriver from 'unstorage/drivers/lru-cache';
import redisDriver from 'unstorage/drivers/redis';
import { REDIS_URL } from 'astro:env/server';

/**
 * The session store (astro.config.mjs `session.driver`), chosen when the server starts: in memory
 * (LRU-bounded) for one process, Redis when `REDIS_URL` is set, so a shopper or an editor signed
 * in through one process is signed in on every other.
 */
export default function sessionDriver(): Driver {
  if (REDIS_URL) return redisDriver({ url: REDIS_URL, base: 'bbs:session' });
  return lruCacheDriver({ max: 10_000 });
}
