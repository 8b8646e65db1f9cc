import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/api/apiError.ts';
import { serviceBaseUrls } from '../../src/api/config.ts';
import type { ServiceBaseUrls } from '../../src/api/config.ts';
import { registerEmbeddedFetch } from '../../src/api/embedded.ts';
import { createHttpClient, encodePath } from '../../src/api/http.ts';
import type { HttpClientOptions, TokenPair, TokenStore } from '../../src/api/http.ts';
import { registerLogSink } from '../../src/log/log.ts';
import { fakeFetch, json, sleep, waitForAbort } from './support/fakeFetch.ts';

const REMOTE: ServiceBaseUrls = serviceBaseUrls({
  SEARCH_API_URL: 'https://search.test/api/',
  USER_API_URL: 'https://user.test',
  CONTENT_API_URL: 'https://content.test',
  ORDER_API_URL: 'https://order.test',
  DELIVERY_API_URL: 'https://delivery.test',
});

const okSchema = z.object({ ok: z.literal(true) });

function memoryTokens(initial: TokenPair | null): TokenStore & { history: Array<TokenPair | null> } {
  let current = initial;
  const history: Array<TokenPair | null> = [];
  return {
    history,
    get: () => current,
    set(pair) {
      history.push(pair);
      current = pair;
    },
  };
}

function bearer(headers: Headers): string | null {
  return headers.get('authorization')?.replace(/^Bearer /, '') ?? null;
}

/** A user service that accepts only the tokens in `valid`; everything else is 401 with code 401. */
function authService(valid: Set<string>, answer: (n: string | null) => Promise<void> | void = () => {}) {
  return fakeFetch(async (sent) => {
    await answer(sent.url.searchParams.get('n'));
    const token = bearer(sent.headers);
    return token !== null && valid.has(token) ? json({ ok: true }) : json({ code: 401, message: 'Unauthorized' }, 401);
  });
}

function client(overrides: Partial<HttpClientOptions> & Pick<HttpClientOptions, 'fetch'>) {
  return createHttpClient({ baseUrls: REMOTE, locale: 'ru', ...overrides });
}

const authCall = (n: number | string = 0) =>
  ({ service: 'user', method: 'GET', path: '/public/user', query: { n }, auth: true, schema: okSchema }) as const;

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('401: one shared refresh and one retry', () => {
  it('refreshes exactly once for 10 concurrent 401s and retries each request once', async () => {
    const valid = new Set(['T2']);
    // Staggered answers: some 401s arrive while the refresh is in flight, some after it finished.
    const { fetch, sent } = authService(valid, (n) => sleep(n === null ? 0 : Number(n) * 3));
    const tokens = memoryTokens({ token: 'T1', refreshToken: 'R1' });
    const refresh = vi.fn(async (refreshToken: string) => {
      expect(refreshToken).toBe('R1');
      await sleep(10);
      return { token: 'T2', refreshToken: 'R2' };
    });
    const api = client({ fetch, tokens, refresh });

    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => api.request(authCall(n))));

    expect(results).toEqual(Array.from({ length: 10 }, () => ({ ok: true })));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(tokens.get()).toEqual({ token: 'T2', refreshToken: 'R2' });
    for (let n = 0; n < 10; n++) {
      const mine = sent.filter((s) => s.url.searchParams.get('n') === String(n)).map((s) => bearer(s.headers));
      expect(mine, `request ${n}`).toEqual(['T1', 'T2']);
    }
  });

  it('within 5 s of a refresh a 401 with the current token fails without refreshing; after 5 s it may refresh', async () => {
    let clock = 1_000;
    const valid = new Set(['T2']);
    const { fetch, sent } = authService(valid);
    const tokens = memoryTokens({ token: 'T1', refreshToken: 'R1' });
    let issued = 1;
    const refresh = vi.fn(() => {
      issued += 1;
      return Promise.resolve({ token: `T${issued}`, refreshToken: `R${issued}` });
    });
    const api = client({ fetch, tokens, refresh, now: () => clock });

    await expect(api.request(authCall('first'))).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(1);

    // The service revokes T2; a burst 3 s later must not refresh (throttled) nor retry the failed token.
    valid.clear();
    valid.add('T3');
    clock = 4_000;
    sent.length = 0;
    const burst = await Promise.allSettled([1, 2, 3].map((n) => api.request(authCall(n))));
    expect(burst.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const r of burst) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 401, kind: 'http' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => bearer(s.headers))).toEqual(['T2', 'T2', 'T2']);
    expect(tokens.get()?.token).toBe('T2');

    // 5 s after the refresh a new one is allowed.
    clock = 6_000;
    await expect(api.request(authCall('later'))).resolves.toEqual({ ok: true });
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(tokens.get()).toEqual({ token: 'T3', refreshToken: 'R3' });
  });

  it('retries with a newer token without refreshing when the 401 answers a request sent with an older one', async () => {
    const valid = new Set(['T2']);
    const { fetch, sent } = authService(valid);
    const tokens = memoryTokens({ token: 'T1', refreshToken: 'R1' });
    const refresh = vi.fn(() => Promise.resolve({ token: 'T9', refreshToken: 'R9' }));
    const api = client({ fetch, tokens, refresh });

    const pending = api.request(authCall());
    tokens.set({ token: 'T2', refreshToken: 'R2' }); // e.g. a login finished meanwhile
    await expect(pending).resolves.toEqual({ ok: true });
    expect(refresh).not.toHaveBeenCalled();
    expect(sent.map((s) => bearer(s.headers))).toEqual(['T1', 'T2']);
  });

  it('logs the user out when the refresh fails and rejects every waiting call with 401', async () => {
    const { fetch, sent } = authService(new Set());
    const tokens = memoryTokens({ token: 'T1', refreshToken: 'R1' });
    const refresh = vi.fn(async () => {
      await sleep(5);
      throw new Error('refresh token revoked');
    });
    const api = client({ fetch, tokens, refresh });

    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => api.request(authCall(n))));

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(tokens.history).toEqual([null]);
    expect(tokens.get()).toBeNull();
    expect(sent).toHaveLength(3);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(ApiError);
        expect(outcome.reason).toMatchObject({ status: 401, kind: 'http', code: 401, service: 'user' });
      }
    }
  });

  it('fails when the retry gets 401 again, without a second refresh or retry', async () => {
    const { fetch, sent } = authService(new Set());
    const tokens = memoryTokens({ token: 'T1', refreshToken: 'R1' });
    const refresh = vi.fn(() => Promise.resolve({ token: 'T2', refreshToken: 'R2' }));
    const api = client({ fetch, tokens, refresh });

    const error = await rejection(api.request(authCall()));

    expect(error.status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => bearer(s.headers))).toEqual(['T1', 'T2']);
  });

  it.each([
    ['there is no refresh token', { token: 'T1', refreshToken: null }, { auth: true }],
    ['the call is not authenticated', { token: 'T1', refreshToken: 'R1' }, { auth: false }],
  ])('does not refresh or retry when %s', async (_label, pair, flags) => {
    const { fetch, sent } = authService(new Set());
    const refresh = vi.fn(() => Promise.resolve({ token: 'T2', refreshToken: 'R2' }));
    const api = client({ fetch, tokens: memoryTokens(pair), refresh });

    const error = await rejection(api.request({ ...authCall(), ...flags }));

    expect(error.status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });
});

describe('request building', () => {
  it('sends filters as indexed arrays on the wire', async () => {
    const { fetch, sent } = fakeFetch(() => json({ ok: true }));
    await client({ fetch }).request({
      service: 'search',
      method: 'GET',
      path: '/public/products',
      query: { filters: [{ topic: 'size', values: ['92', '98'] }], page: 0 },
      schema: okSchema,
    });
    expect(sent[0]?.url.origin + (sent[0]?.url.pathname ?? '')).toBe('https://search.test/api/public/products');
    expect(sent[0]?.url.search).toBe(
      '?filters%5B0%5D%5Btopic%5D=size&filters%5B0%5D%5Bvalues%5D%5B0%5D=92&filters%5B0%5D%5Bvalues%5D%5B1%5D=98&page=0',
    );
    expect([...(sent[0]?.url.searchParams.keys() ?? [])]).toEqual([
      'filters[0][topic]',
      'filters[0][values][0]',
      'filters[0][values][1]',
      'page',
    ]);
  });

  it.each([
    [{ project: true, locale: true }, 'uk', '?q=1&project=bbs&locale=uk'],
    [{ project: true }, 'uk', '?q=1&project=bbs'],
    [{ locale: true }, 'ru', '?q=1&locale=ru'],
    [{}, 'ru', '?q=1'],
  ] as const)('adds project and locale only when the call asks: %o in %s -> %s', async (flags, locale, search) => {
    const { fetch, sent } = fakeFetch(() => json({ ok: true }));
    await client({ fetch, locale }).request({
      service: 'search',
      method: 'GET',
      path: '/x',
      query: { q: 1 },
      schema: okSchema,
      ...flags,
    });
    expect(sent[0]?.url.search).toBe(search);
  });

  it.each([
    ['by default', {}, 'bbs'],
    ['when the call names it', { projectHeader: true }, 'bbs'],
    ['not when the call opts out', { projectHeader: false }, null],
  ] as const)('sends the project code as a `project` header %s (accounts spec §6)', async (_label, flags, expected) => {
    const { fetch, sent } = fakeFetch(() => json({ ok: true }));
    await client({ fetch }).request({
      service: 'search',
      method: 'GET',
      path: '/public/catalog/x/meta',
      schema: okSchema,
      ...flags,
    });
    expect(sent[0]?.headers.get('project')).toBe(expected);
    expect(sent[0]?.url.search).toBe('');
  });

  it.each([
    ['an authenticated call with a token', true, { token: 'T1', refreshToken: null }, 'Bearer T1'],
    ['an anonymous call', false, { token: 'T1', refreshToken: null }, null],
    ['an authenticated call without a token', true, null, null],
  ] as const)('sets the Authorization header for %s', async (_label, auth, pair, expected) => {
    const { fetch, sent } = fakeFetch(() => json({ ok: true }));
    await client({ fetch, tokens: memoryTokens(pair) }).request({
      service: 'user',
      method: 'GET',
      path: '/public/user',
      auth,
      schema: okSchema,
    });
    expect(sent[0]?.headers.get('authorization')).toBe(expected);
  });

  it('sends a body as JSON with its content type', async () => {
    const { fetch, sent } = fakeFetch(() => json({ ok: true }));
    await client({ fetch }).request({
      service: 'order',
      method: 'POST',
      path: '/public/basket/check',
      body: { project: 'bbs', items: [{ internalId: 7, quantity: 2 }] },
      schema: okSchema,
    });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ project: 'bbs', items: [{ internalId: 7, quantity: 2 }] });
  });

  it('encodes interpolated path segments', () => {
    expect(encodePath`/public/products/${'a/../b'}/meta`).toBe('/public/products/a%2F..%2Fb/meta');
    expect(encodePath`/public/order/${42}`).toBe('/public/order/42');
  });
});

describe('responses and errors', () => {
  it('parses a success body with the call schema', async () => {
    const { fetch } = fakeFetch(() => json({ items: [{ title: 'Боди' }], extra: 1 }));
    const result = await client({ fetch }).request({
      service: 'search',
      method: 'GET',
      path: '/public/products',
      schema: z.object({ items: z.array(z.object({ title: z.string() })) }),
    });
    expect(result).toEqual({ items: [{ title: 'Боди' }] });
  });

  it('reports a schema mismatch as a parse error naming service, call and field', async () => {
    const { fetch } = fakeFetch(() => json({ items: [{ title: 'a' }, { title: 'b' }, { title: 'c' }, { title: 4 }] }));
    const error = await rejection(
      client({ fetch }).request({
        service: 'search',
        method: 'GET',
        path: '/public/products',
        query: { page: 1 },
        schema: z.object({ items: z.array(z.object({ title: z.string() })) }),
      }),
    );
    expect(error).toMatchObject({ kind: 'parse', status: 200, service: 'search', call: 'GET /public/products' });
    expect(error.fields).toEqual(['items.3.title']);
    expect(error.message).toContain('search GET /public/products: response field items.3.title: expected string');
  });

  it('reports a body that is not JSON as a parse error', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>oops</html>', { status: 200 }));
    const error = await rejection(
      client({ fetch }).request({ service: 'content', method: 'GET', path: '/p', schema: okSchema }),
    );
    expect(error).toMatchObject({ kind: 'parse', status: 200 });
    expect(error.message).toBe('content GET /p: response is not valid JSON');
  });

  it.each([
    ['204 with an undefined schema', new Response(null, { status: 204 }), z.undefined(), true],
    ['an empty 200 with an optional schema', new Response('', { status: 200 }), okSchema.optional(), true],
    ['204 where an object is required', new Response(null, { status: 204 }), okSchema, false],
  ])('parses %s as undefined', async (_label, response, schema, succeeds) => {
    const { fetch } = fakeFetch(() => response);
    const pending = client({ fetch }).request({
      service: 'user',
      method: 'DELETE',
      path: '/public/user/children/1',
      schema,
    });
    if (succeeds) await expect(pending).resolves.toBeUndefined();
    else expect((await rejection(pending)).kind).toBe('parse');
  });

  it.each([
    ['a service error body', 404, { code: 404, message: 'Not found' }, 404, 'HTTP 404 (code 404: Not found)'],
    [
      'an auth error code',
      400,
      { code: 1104, message: 'Wrong phone or password' },
      1104,
      'HTTP 400 (code 1104: Wrong phone or password)',
    ],
    ['a body of another shape', 500, { error: 'boom' }, undefined, 'HTTP 500'],
    ['a body that is not JSON', 502, '<h1>Bad gateway</h1>', undefined, 'HTTP 502'],
  ])('turns a non-2xx answer with %s into an http error', async (_label, status, body, code, detail) => {
    const { fetch } = fakeFetch(() => (typeof body === 'string' ? new Response(body, { status }) : json(body, status)));
    const error = await rejection(
      client({ fetch }).request({ service: 'user', method: 'POST', path: '/public/auth/login', schema: okSchema }),
    );
    expect(error).toMatchObject({ kind: 'http', status, code });
    expect(error.message).toBe(`user POST /public/auth/login: ${detail}`);
  });

  it('reports a failed connection as a network error', async () => {
    const fetch = () => Promise.reject(new TypeError('fetch failed'));
    const error = await rejection(
      client({ fetch }).request({ service: 'delivery', method: 'GET', path: '/public/settlement', schema: okSchema }),
    );
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(error.message).toBe('delivery GET /public/settlement: request failed: fetch failed');
  });
});

describe('timeouts', () => {
  it('gives a timeout error when the service does not answer in time', async () => {
    const started = Date.now();
    const error = await rejection(
      client({ fetch: waitForAbort }).request({
        service: 'search',
        method: 'GET',
        path: '/slow',
        schema: okSchema,
        timeoutMs: 30,
      }),
    );
    expect(error).toMatchObject({ kind: 'timeout', status: 0, service: 'search' });
    expect(error.message).toBe('search GET /slow: no answer within 30 ms');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('uses the client default timeout and enforces it even if the transport ignores the signal', async () => {
    const never = () => new Promise<Response>(() => {});
    const error = await rejection(
      client({ fetch: never, timeoutMs: 20 }).request({
        service: 'search',
        method: 'GET',
        path: '/stuck',
        schema: okSchema,
      }),
    );
    expect(error.kind).toBe('timeout');
  });

  it('times out a body that never finishes', async () => {
    const fetch = () =>
      Promise.resolve(
        new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"ok":')) }), {
          status: 200,
        }),
      );
    const error = await rejection(
      client({ fetch }).request({
        service: 'search',
        method: 'GET',
        path: '/trickle',
        schema: okSchema,
        timeoutMs: 30,
      }),
    );
    expect(error.kind).toBe('timeout');
  });

  it('reports a call aborted by the caller as aborted, not as a timeout', async () => {
    const controller = new AbortController();
    const pending = client({ fetch: waitForAbort }).request({
      service: 'search',
      method: 'GET',
      path: '/slow',
      schema: okSchema,
      signal: controller.signal,
      timeoutMs: 5_000,
    });
    controller.abort();
    const error = await rejection(pending);
    expect(error.kind).toBe('network');
    expect(error.message).toBe('search GET /slow: aborted by the caller');
  });
});

describe("a page render's budget (readTimeoutMs, failFast)", () => {
  const read = (service: 'search' | 'content', path: string) =>
    ({ service, method: 'GET', path, schema: okSchema }) as const;

  it('reads wait readTimeoutMs; writes keep the longer default', async () => {
    const api = client({ fetch: waitForAbort, timeoutMs: 200, readTimeoutMs: 20 });
    const started = Date.now();
    expect((await rejection(api.request(read('search', '/r')))).message).toBe('search GET /r: no answer within 20 ms');
    expect(Date.now() - started).toBeLessThan(150);
    const write = await rejection(api.request({ ...read('content', '/w'), method: 'POST', body: {} }));
    expect(write.message).toBe('content POST /w: no answer within 200 ms');
  });

  it('asks a service that hung once no more in this client, and leaves the other services alone', async () => {
    const calls: string[] = [];
    const fetch = async (request: Request) => {
      calls.push(new URL(request.url).pathname);
      if (request.url.includes('search.test')) return waitForAbort(request);
      return json({ ok: true });
    };
    const api = client({ fetch, readTimeoutMs: 20, failFast: true });
    expect((await rejection(api.request(read('search', '/first')))).kind).toBe('timeout');
    const started = Date.now();
    const second = await rejection(api.request(read('search', '/second')));
    expect(second.kind).toBe('network');
    expect(second.message).toMatch(/not sent: the service failed earlier in this request \(no answer within 20 ms\)/);
    expect(Date.now() - started).toBeLessThan(15);
    await expect(api.request(read('content', '/fine'))).resolves.toEqual({ ok: true });
    expect(calls).toEqual(['/api/first', '/fine']);
  });

  it('without failFast, every call tries again', async () => {
    const api = client({ fetch: waitForAbort, readTimeoutMs: 10 });
    await rejection(api.request(read('search', '/a')));
    expect((await rejection(api.request(read('search', '/b')))).kind).toBe('timeout');
  });
});

describe('embedded services', () => {
  afterEach(() => registerEmbeddedFetch(null));

  const embeddedUrls = serviceBaseUrls({ USER_API_URL: 'https://user.test' });

  it('calls a registered in-process handler at http://embedded.local/svc/<name><path>', async () => {
    const network = fakeFetch(() => json({ ok: false }));
    const embedded = fakeFetch(() => json({ ok: true }));
    registerEmbeddedFetch(embedded.fetch);
    const api = createHttpClient({ baseUrls: embeddedUrls, fetch: network.fetch, locale: 'uk' });

    await expect(
      api.request({
        service: 'search',
        method: 'GET',
        path: '/public/products',
        project: true,
        locale: true,
        schema: okSchema,
      }),
    ).resolves.toEqual({ ok: true });

    expect(embedded.sent.map((s) => s.url.href)).toEqual([
      'http://embedded.local/svc/search/public/products?project=bbs&locale=uk',
    ]);
    expect(network.sent).toHaveLength(0);
  });

  it('keeps configured services on the network', async () => {
    const network = fakeFetch(() => json({ ok: true }));
    const embedded = fakeFetch(() => json({ ok: false }));
    registerEmbeddedFetch(embedded.fetch);
    const api = createHttpClient({ baseUrls: embeddedUrls, fetch: network.fetch, locale: 'ru' });

    await api.request({ service: 'user', method: 'GET', path: '/public/user', schema: okSchema });

    expect(network.sent.map((s) => s.url.href)).toEqual(['https://user.test/public/user']);
    expect(embedded.sent).toHaveLength(0);
  });

  it('finds a handler registered on globalThis by another module graph', async () => {
    const embedded = fakeFetch(() => json({ ok: true }));
    Reflect.set(globalThis, Symbol.for('bbs.embeddedServices'), embedded.fetch);
    const api = createHttpClient({ baseUrls: embeddedUrls, locale: 'ru' });
    await expect(
      api.request({ service: 'content', method: 'GET', path: '/health', schema: okSchema }),
    ).resolves.toEqual({ ok: true });
    expect(embedded.sent).toHaveLength(1);
  });

  it('fails with a network error when the service is embedded but nothing is registered', async () => {
    const network = fakeFetch(() => json({ ok: true }));
    const api = createHttpClient({ baseUrls: embeddedUrls, fetch: network.fetch, locale: 'ru' });
    const error = await rejection(
      api.request({ service: 'order', method: 'GET', path: '/public/order', schema: okSchema }),
    );
    expect(error).toMatchObject({ kind: 'network', status: 0, service: 'order' });
    expect(error.message).toMatch(/no in-process services are registered/);
    expect(network.sent).toHaveLength(0);
  });
});

describe('the log of failed calls (issue 26)', () => {
  afterEach(() => registerLogSink(null));

  function capture() {
    const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
    registerLogSink({
      write: (level, fields, message) => lines.push({ level, fields, message }),
      requestId: () => 'req-7',
    });
    return lines;
  }

  it('logs a timeout with the service, the route (no query) and the time spent, and sends the request id', async () => {
    const lines = capture();
    let sentId: string | null = null;
    const fetch = (request: Request) => {
      sentId = request.headers.get('x-request-id');
      return waitForAbort(request);
    };
    await rejection(
      client({ fetch }).request({
        service: 'search',
        method: 'GET',
        path: '/slow',
        query: { phone: '380501234567' },
        schema: okSchema,
        timeoutMs: 30,
      }),
    );
    expect(sentId).toBe('req-7');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      fields: { service: 'search', route: 'GET /slow', outcome: 'timeout', status: 0 },
    });
    expect(lines[0]?.fields['durationMs']).toBeGreaterThanOrEqual(25);
  });

  it('logs a refusal of the contract (a 4xx) at debug only', async () => {
    const lines = capture();
    const { fetch } = fakeFetch(() => json({ code: 1104, message: 'Wrong phone or password' }, 400));
    await rejection(
      client({ fetch }).request({ service: 'user', method: 'POST', path: '/public/auth/login', schema: okSchema }),
    );
    expect(lines.map((line) => [line.level, line.fields['status']])).toEqual([['debug', 400]]);
  });
});
