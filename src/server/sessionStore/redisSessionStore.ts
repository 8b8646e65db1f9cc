import type { Driver } from 'unstorage';
import redisDriver from 'unstorage/drivers/redis';
import { isEmptySession } from './emptySession.ts';

/**
 * The session store of several processes (`REDIS_URL`, DESIGN §7a): unstorage's Redis driver, so
 * a shopper signed in through one process is signed in on every other. Every write sets the key's
 * expiry to the cookie's life (the driver's `ttl` option, seconds, applied as `SET … EX` when Astro
 * passes none), so a session nobody wrote for that long leaves Redis on its own.
 */

export interface RedisSessions {
  driver: Driver;
  /** Whether a session is stored under `id`. */
  exists: (id: string) => Promise<boolean>;
}

export function redisSessionStore(url: string, ttlSeconds: number): RedisSessions {
  const redis = redisDriver({ url, base: 'bbs:session', ttl: ttlSeconds });
  const { setItem, removeItem } = redis;
  if (!setItem || !removeItem) throw new Error('unstorage’s Redis driver can no longer write');
  const driver: Driver = {
    ...redis,
    setItem: (key, value, opts) => (isEmptySession(value) ? removeItem(key, opts) : setItem(key, value, opts)),
  };
  return {
    driver,
    exists: async (id) => Boolean(await redis.hasItem(id, {})),
  };
}
