import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';

/**
 * The token refresh of a shopper, single-flight across the shop's processes (DESIGN §7, §7a).
 * Refresh tokens rotate and one spent twice revokes the whole family (src/services/user/tokens.ts),
 * which signs the shopper out. Within a process the session's gate (src/server/sessionStore/refreshGates.ts)
 * lets one request refresh while the others wait; with several processes two requests of one
 * shopper on two workers could still both spend the same token. With Redis, before spending, a
 * process takes a short lock for the session (SET NX PX) and records the new pair under a hash of
 * the spent token for a minute; a process that finds the lock taken waits for that record and
 * uses the pair instead of spending the token again. Without Redis there is one process, and its
 * gate is the whole story.
 *
 * No raw token or session id is ever a key (only their SHA-256). The recorded pair is as secret as
 * the session that holds the same pair, in the same Redis.
 */

export interface RefreshedPair {
  token: string;
  refreshToken: string;
}

export interface RefreshLock {
  /** Spends `refreshToken` of `sessionId` through `spend`, unless another process already does or did. */
  refresh(sessionId: string, refreshToken: string, spend: () => Promise<RefreshedPair>): Promise<RefreshedPair>;
}

/** One process: its gate already lets one request at a time refresh. */
const inProcess: RefreshLock = { refresh: (_sessionId, _refreshToken, spend) => spend() };

let processLock: RefreshLock = inProcess;

/** Installed once by src/server/sessionStore/sessionRuntime.ts when the shop has Redis. */
export function useRefreshLock(lock: RefreshLock): void {
  processLock = lock;
}

/** The refresh lock of this process. */
export function refreshLock(): RefreshLock {
  return processLock;
}

/** The refresh a waiting process saw refused (the holder signed the shopper out; so does it). */
export class RefreshRefused extends Error {}

export interface RedisRefreshTiming {
  /** How long a lock holds if its process dies mid-refresh (well past the refresh call's timeout). */
  lockMs: number;
  /** How long the pair stays for the late ones (requests that read the session before the refresh). */
  recordMs: number;
  /** How long a process waits for another's refresh before giving up. */
  waitMs: number;
  pollMs: number;
}

const DEFAULT_TIMING: RedisRefreshTiming = { lockMs: 15_000, recordMs: 60_000, waitMs: 20_000, pollMs: 25 };

const recordSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), token: z.string().min(1), refreshToken: z.string().min(1) }),
  z.object({ ok: z.literal(false) }),
]);
type SpentRecord = z.infer<typeof recordSchema>;

/** Deletes the lock only if it is still this process's (it may have expired and been taken since). */
const RELEASE_SCRIPT = `
  if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
  return 0
`;

const hashed = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The service said no to this token (spent, revoked, expired): final, unlike an outage. */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500;
}

export function redisRefreshLock(redis: Redis, timing: RedisRefreshTiming = DEFAULT_TIMING): RefreshLock {
  async function recorded(key: string): Promise<SpentRecord | null> {
    const text = await redis.get(key);
    if (text === null) return null;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return null;
    }
    const parsed = recordSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  }

  function outcome(record: SpentRecord): RefreshedPair {
    if (!record.ok) throw new RefreshRefused('another process’s refresh of this token was refused');
    return { token: record.token, refreshToken: record.refreshToken };
  }

  async function spendHolding(recordKey: string, spend: () => Promise<RefreshedPair>): Promise<RefreshedPair> {
    // Someone may have finished between our look and our lock.
    const done = await recorded(recordKey);
    if (done) return outcome(done);
    let pair: RefreshedPair;
    try {
      pair = await spend();
    } catch (error) {
      // An outage records nothing: the next one to try may find the service back.
      if (isRefusal(error)) await redis.set(recordKey, JSON.stringify({ ok: false }), 'PX', timing.recordMs);
      throw error;
    }
    await redis.set(recordKey, JSON.stringify({ ok: true, ...pair }), 'PX', timing.recordMs);
    return pair;
  }

  return {
    async refresh(sessionId, refreshToken, spend) {
      const lockKey = `bbs:refresh:lock:${hashed(sessionId)}`;
      const recordKey = `bbs:refresh:spent:${hashed(refreshToken)}`;
      const deadline = Date.now() + timing.waitMs;
      for (;;) {
        const done = await recorded(recordKey);
        if (done) return outcome(done);
        const owner = randomUUID();
        if ((await redis.set(lockKey, owner, 'PX', timing.lockMs, 'NX')) === 'OK') {
          try {
            return await spendHolding(recordKey, spend);
          } finally {
            // A lock that cannot be released expires on its own (lockMs).
            await redis.eval(RELEASE_SCRIPT, 1, lockKey, owner).catch(() => undefined);
          }
        }
        if (Date.now() > deadline) throw new Error('waited too long for another process’s token refresh');
        await sleep(timing.pollMs);
      }
    },
  };
}
