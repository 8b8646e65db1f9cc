import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callEndpoint, readRefusal } from '../../src/api/endpointCall.ts';
import { endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';

/**
 * The browser's one caller of the shop's endpoints (src/api/endpointCall.ts): what it sends, and
 * every way an answer can come back as a result (never a throw), in the transport's words so the
 * checkout's retry rules read it as they read the services' client.
 */

const greeting = z.object({ hello: z.string() });

function stubFetch(answer: () => Promise<Response>) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('callEndpoint', () => {
  it('sends JSON same-origin in the page’s language and reads the answer with the reader', async () => {
    const fetch = stubFetch(() => Promise.resolve(Response.json({ hello: 'Оля' })));
    const result = await callEndpoint('/api/x', greeting, {
      body: { a: 1 },
      locale: 'uk',
      headers: { 'Idempotency-Key': 'k' },
    });
    expect(result).toEqual({ ok: true, value: { hello: 'Оля' } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/x?locale=uk');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"a":1}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': 'k' },
    });
  });

  it('a GET sends no body; a path with a query keeps it', async () => {
    const fetch = stubFetch(() => Promise.resolve(Response.json({ hello: 'x' })));
    await callEndpoint('/api/x?page=2', greeting, { locale: 'ru' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/x?page=2&locale=ru');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('a refusal comes back as the endpoint sent it, with its status', async () => {
    const refusal = {
      code: 1104,
      message: 'Неверный пароль',
      fields: [{ field: 'login', message: 'Неверный пароль' }],
    };
    stubFetch(() => Promise.resolve(Response.json(refusal, { status: 400 })));
    expect(await callEndpoint('/api/x', greeting)).toEqual({ ok: false, kind: 'http', status: 400, refusal });
  });

  it.each([
    [
      'an error page that is no envelope',
      () => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 })),
      'http',
      502,
    ],
    ['a success whose body is not the answer', () => Promise.resolve(Response.json({ nope: 1 })), 'parse', 200],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch')), 'network', 0],
    ['no answer in time', () => Promise.reject(new DOMException('timed out', 'TimeoutError')), 'timeout', 0],
  ] as const)('%s: a failure of kind %s, the refusal of code 0', async (_what, answer, kind, status) => {
    stubFetch(answer);
    const result = await callEndpoint('/api/x', greeting);
    expect(result).toMatchObject({ ok: false, kind, status, refusal: { code: 0, fields: [] } });
  });
});

describe('readRefusal', () => {
  const candidate = fc.oneof(
    fc.jsonValue(),
    fc.record({
      code: fc.oneof(fc.integer(), fc.double(), fc.string()),
      message: fc.oneof(fc.string(), fc.integer()),
      fields: fc.oneof(
        fc.array(fc.record({ field: fc.oneof(fc.string(), fc.constant(null)), message: fc.string() })),
        fc.string(),
      ),
    }),
  );

  it('takes exactly what the envelope’s schema takes (no zod in the browser’s hearts)', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const parsed = endpointRefusalSchema.safeParse(value);
        expect(readRefusal(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 500 },
    );
  });
});
