import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/apiError.ts';
import { redisRefreshLock, RefreshRefused, type RefreshedPair } from '../../src/server/session/refreshLock.ts';
import { startRedis } from '../../scripts/lib/redisServer.ts';

/**
 * The cross-process refresh lock on a real redis-server: two "processes" (two connections, two
 * locks) that both meet a shopper's expired access token spend the refresh token once, and both
 * go on with the one new pair (src/server/session/refreshLock.ts).
 */

let redis: Awaited<ReturnType<typeof startRedis>>;
const clients: Redis[] = [];
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  await redis.stop();
});

function processLock() {
  const client = new Redis(redis.url);
  clients.push(client);
  return redisRefreshLock(client);
}

let n = 0;
/** A session and its refresh token, new for each test. */
function shopper() {
  n += 1;
  return { sessionId: `session-${n}-${crypto.randomUUID()}`, refreshToken: `refresh-${n}-${crypto.randomUUID()}` };
}

/** The user service's refresh: slow enough for the other process to arrive while it runs. */
function spender(outcome: () => RefreshedPair) {
  const calls: string[] = [];
  return {
    calls,
    spend: (who: string) => async () => {
      calls.push(who);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return outcome();
    },
  };
}

const refused = () =>
  new ApiError({ service: 'user', call: 'POST /public/user/auth/refresh', status: 401, kind: 'http', detail: '401' });

describe('the refresh lock across processes', () => {
  it('spends the token once when two processes refresh at once; both get the new pair', async () => {
    const [a, b] = [processLock(), processLock()];
    const { sessionId, refreshToken } = shopper();
    const service = spender(() => ({ token: 'access-2', refreshToken: 'refresh-2' }));
    const pairs = await Promise.all([
      a.refresh(sessionId, refreshToken, service.spend('a')),
      b.refresh(sessionId, refreshToken, service.spend('b')),
    ]);
    expect(service.calls).toHaveLength(1);
    expect(pairs).toEqual([
      { token: 'access-2', refreshToken: 'refresh-2' },
      { token: 'access-2', refreshToken: 'refresh-2' },
    ]);
  });

  it('gives a process that comes after the refresh the recorded pair instead of a second spend', async () => {
    const [a, b] = [processLock(), processLock()];
    const { sessionId, refreshToken } = shopper();
    const service = spender(() => ({ token: 'access-3', refreshToken: 'refresh-3' }));
    await a.refresh(sessionId, refreshToken, service.spend('a'));
    expect(await b.refresh(sessionId, refreshToken, service.spend('b'))).toEqual({
      token: 'access-3',
      refreshToken: 'refresh-3',
    });
    expect(service.calls).toEqual(['a']);
  });

  it('fails the waiting process too when the service refused the token, without spending it again', async () => {
    const [a, b] = [processLock(), processLock()];
    const { sessionId, refreshToken } = shopper();
    const service = spender(() => {
      throw refused();
    });
    const [first, second] = await Promise.allSettled([
      a.refresh(sessionId, refreshToken, service.spend('a')),
      b.refresh(sessionId, refreshToken, service.spend('b')),
    ]);
    expect(service.calls).toHaveLength(1);
    expect([first.status, second.status]).toEqual(['rejected', 'rejected']);
    // The one that spent it has the service's refusal; the one that waited, the record of it.
    const waited = [first, second].some(
      (result) => result.status === 'rejected' && result.reason instanceof RefreshRefused,
    );
    expect(waited).toBe(true);
  });

  it('records nothing for an outage: the next process asks the service itself', async () => {
    const [a, b] = [processLock(), processLock()];
    const { sessionId, refreshToken } = shopper();
    let down = true;
    const service = spender(() => {
      if (down) throw new ApiError({ service: 'user', call: 'POST', status: 503, kind: 'http', detail: '503' });
      return { token: 'access-4', refreshToken: 'refresh-4' };
    });
    await expect(a.refresh(sessionId, refreshToken, service.spend('a'))).rejects.toThrow(ApiError);
    down = false;
    expect(await b.refresh(sessionId, refreshToken, service.spend('b'))).toEqual({
      token: 'access-4',
      refreshToken: 'refresh-4',
    });
    expect(service.calls).toEqual(['a', 'b']);
  });

  it('keeps no raw token or session id in a key, and lets the lock go', async () => {
    const client = new Redis(redis.url);
    clients.push(client);
    const lock = redisRefreshLock(client);
    const { sessionId, refreshToken } = shopper();
    await lock.refresh(sessionId, refreshToken, () =>
      Promise.resolve({ token: 'access-5', refreshToken: 'refresh-5' }),
    );
    const keys = await client.keys('bbs:refresh:*');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toContain(sessionId);
      expect(key).not.toContain(refreshToken);
    }
    expect(keys.filter((key) => key.startsWith('bbs:refresh:lock:'))).toEqual([]);
    const recorded = keys.find((key) => key.startsWith('bbs:refresh:spent:')) ?? '';
    const ttl = await client.pttl(recorded);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
