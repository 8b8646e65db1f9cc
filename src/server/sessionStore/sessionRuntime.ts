import { log } from '../../log/log.ts';
import { join, resolve } from 'node:path';
import { DATA_DIR, REDIS_URL, REVALIDATE_SECRET, SESSION_CREATION_LIMIT } from 'astro:env/server';
import { Redis } from 'ioredis';
import type { Driver } from 'unstorage';
import { SESSION_MAX_AGE_S } from './sessionCookie.ts';
import {
  CREATION_WINDOW_MS,
  DEFAULT_CREATION_LIMIT,
  redisSessionCreations,
  sqliteSessionCreations,
  type SessionCreations,
} from './sessionCreations.ts';
import { sessionDatabase } from './sessionDatabase.ts';
import { redisSessionStore } from './redisSessionStore.ts';
import { sqliteSessionStore } from './sqliteSessionDriver.ts';
import { redisRefreshLock, useRefreshLock } from '../session/refreshLock.ts';
import { useSocialStateSecret } from '../session/socialStateCookie.ts';

/**
 * Where this process keeps sessions and what goes with them, chosen once from astro:env: with
 * `REDIS_URL`, Redis for the sessions, the per-address count of new sessions and the cross-process
 * refresh lock (every worker sees the same); without it, `DATA_DIR/sessions.db` (the launcher sets
 * DATA_DIR; `astro dev`, which runs no launcher, uses ./data) for the sessions and the count, and
 * the per-process refresh gate. Also hands the social sign-in cookie its secret. Made on first use
 * by the session driver or the middleware, whichever comes first, and kept for the process.
 */

export interface SessionRuntime {
  /** Astro's session driver (src/server/sessionStore/sessionDriver.ts). */
  driver: Driver;
  /** Whether a session is stored under `id`. */
  exists(id: string): Promise<boolean>;
  creations: SessionCreations;
}

let runtime: SessionRuntime | null = null;

export function sessionRuntime(): SessionRuntime {
  runtime ??= connect();
  return runtime;
}

function connect(): SessionRuntime {
  useSocialStateSecret(REVALIDATE_SECRET);
  const limits = { limit: SESSION_CREATION_LIMIT ?? DEFAULT_CREATION_LIMIT, windowMs: CREATION_WINDOW_MS };
  if (REDIS_URL) {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
    redis.on('error', (error: Error) => log.error(`[sessions] Redis: ${error.message}`));
    useRefreshLock(redisRefreshLock(redis));
    const store = redisSessionStore(REDIS_URL, SESSION_MAX_AGE_S);
    return { driver: store.driver, exists: store.exists, creations: redisSessionCreations(redis, limits) };
  }
  const database = sessionDatabase(join(resolve(DATA_DIR ?? 'data'), 'sessions.db'));
  const store = sqliteSessionStore(database, { maxAgeMs: SESSION_MAX_AGE_S * 1000 });
  return { driver: store.driver, exists: store.exists, creations: sqliteSessionCreations(database, limits) };
}
