import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createHttpClient, type TokenPair, type TokenStore } from '../../src/api/http.ts';
import { createRefreshGates, GATE_IDLE_MS, MAX_GATES } from '../../src/server/sessionStore/refreshGates.ts';
import { fakeFetch, json, sleep } from './support/fakeFetch.ts';

const REMOTE = serviceBaseUrls({
  SEARCH_API_URL: 'https://search.test',
  USER_API_URL: 'https://user.test',
  CONTENT_API_URL: 'https://content.test',
  ORDER_API_URL: 'https://order.test',
  DELIVERY_API_URL: 'https://delivery.test',
});

/** One shopper's tokens as the session keeps them, seen by every request of that session. */
function sessionTokens(initial: TokenPair): TokenStore {
  let current: TokenPair | null = initial;
  return { get: () => current, set: (pair) => (current = pair) };
}

const userCall = {
  service: 'user',
  method: 'GET',
  path: '/public/user',
  auth: true,
  schema: z.object({ ok: z.literal(true) }),
} as const;

/** A user service where only `valid` tokens pass; a rotating refresh token may be spent once. */
function userService(valid: Set<string>) {
  const spent = new Set<string>();
  const refresh = vi.fn(async (refreshToken: string) => {
    await sleep(5);
    if (spent.has(refreshToken)) throw new Error('refresh token reused: family revoked');
    spent.add(refreshToken);
    const next = { token: `T-${spent.size + 1}`, refreshToken: `R-${spent.size + 1}` };
    valid.add(next.token);
    return next;
  });
  const fetch = fakeFetch(async (sent) => {
    await sleep(1);
    const token = sent.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    return valid.has(token) ? json({ ok: true }) : json({ code: 401, message: 'Unauthorized' }, 401);
  }).fetch;
  return { refresh, fetch };
}

describe('token refresh is single-flight per session, not per client', () => {
  it('two parallel requests of one shopper, each with its own client, refresh once and both succeed', async () => {
    const gates = createRefreshGates();
    const service = userService(new Set());
    const tokens = sessionTokens({ token: 'T-1', refreshToken: 'R-1' });
    // Two requests of the same session arrive at once: the server builds one client per request.
    const requestClient = () =>
      createHttpClient({
        baseUrls: REMOTE,
        locale: 'ru',
        fetch: service.fetch,
        tokens,
        refresh: service.refresh,
        refreshGate: gates.forSession('session-a'),
      });
    const results = await Promise.all([requestClient().request(userCall), requestClient().request(userCall)]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(service.refresh).toHaveBeenCalledTimes(1);
    expect(tokens.get()).toEqual({ token: 'T-2', refreshToken: 'R-2' });
  });

  it('without a shared gate the same two requests spend the refresh token twice and sign the shopper out', async () => {
    // The failure the gate prevents, shown with clients that each keep their own refresh state.
    const service = userService(new Set());
    const tokens = sessionTokens({ token: 'T-1', refreshToken: 'R-1' });
    const requestClient = () =>
      createHttpClient({ baseUrls: REMOTE, locale: 'ru', fetch: service.fetch, tokens, refresh: service.refresh });
    await Promise.allSettled([requestClient().request(userCall), requestClient().request(userCall)]);
    expect(service.refresh).toHaveBeenCalledTimes(2);
    expect(tokens.get()).toBeNull();
  });

  it('gives each session its own gate and the same gate to the same session', () => {
    const gates = createRefreshGates();
    expect(gates.forSession('a')).toBe(gates.forSession('a'));
    expect(gates.forSession('a')).not.toBe(gates.forSession('b'));
  });

  it('forgets idle gates and keeps at most MAX_GATES', () => {
    let clock = 0;
    const gates = createRefreshGates(() => clock);
    const first = gates.forSession('old');
    clock += GATE_IDLE_MS + 1;
    gates.forSession('new');
    expect(gates.size).toBe(1);
    expect(gates.forSession('old')).not.toBe(first);
    for (let i = 0; i < MAX_GATES + 50; i++) gates.forSession(`s${i}`);
    expect(gates.size).toBeLessThanOrEqual(MAX_GATES);
  });

  it('never drops a gate whose refresh is in flight', () => {
    let clock = 0;
    const gates = createRefreshGates(() => clock);
    const busy = gates.forSession('busy');
    busy.refreshing = new Promise(() => {});
    clock += GATE_IDLE_MS + 1;
    gates.forSession('other');
    expect(gates.forSession('busy')).toBe(busy);
  });
});
