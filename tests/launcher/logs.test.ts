import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sandboxOutboxSchema } from '../../src/api/schemas/user.ts';
import { cleanUp, placeBranchOrder, secret, shopReady, start, tempDir } from './fixtures.ts';

/**
 * Issue 26, structured logs, through the real launcher: JSON lines with the request's id, method,
 * path, status, duration and cache outcome; `X-Request-Id` taken or made, and echoed; and a run
 * that signs in with an SMS code and a password and places an order with a phone leaves none of
 * them (nor the session cookie, nor a full phone number) in its log.
 */

afterAll(cleanUp);

const DEMO_PHONE = '380501112233';
const ORDER_PHONE = '380501234567';

const requestLineSchema = z.object({
  level: z.string(),
  time: z.string(),
  reqId: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  durationMs: z.number(),
  cache: z.string().optional(),
  msg: z.string(),
});

/** The output's JSON lines (the plain `[start] …` start-up lines are left out). */
function jsonLines(output: string): unknown[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line): unknown => JSON.parse(line));
}

function requestLines(output: string) {
  return jsonLines(output).flatMap((line) => {
    const parsed = requestLineSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

function post(shopUrl: string, path: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(`${shopUrl}${path}`, {
    method: 'POST',
    headers: { Origin: shopUrl, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ');

describe('structured logs', () => {
  it('writes a JSON request line per request with the request id, and never a secret or a full phone', async () => {
    const shop = start('scripts/start.ts', {
      DATA_DIR: tempDir('logs'),
      PORT: '0',
      LOG_FORMAT: 'json',
      // Every line there is, the service calls' refusals included.
      LOG_LEVEL: 'debug',
    });
    const shopUrl = await shopReady(shop);

    // The request id: a client's (a proxy's) is taken and echoed; a malformed one is replaced.
    const given = await fetch(`${shopUrl}/`, { headers: { 'X-Request-Id': 'edge-42.a' } });
    expect(given.status).toBe(200);
    expect(given.headers.get('x-request-id')).toBe('edge-42.a');
    const made = await fetch(`${shopUrl}/`, { headers: { 'X-Request-Id': 'not a token <script>' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // Sign in with a code (password recovery by SMS), set a password, sign in with it.
    expect((await post(shopUrl, '/api/auth/forgot?locale=ru', { phone: DEMO_PHONE })).status).toBe(200);
    const outbox = await fetch(`${shopUrl}/svc/user/sandbox/sms?phone=${DEMO_PHONE}`);
    const sms = sandboxOutboxSchema.parse(await outbox.json()).items[0]?.text ?? '';
    const code = /\d{4,8}/.exec(sms)?.[0];
    if (!code) throw new Error(`no code in the SMS: ${sms}`);
    const confirmed = await post(shopUrl, '/api/auth/forgot/confirm?locale=ru', { phone: DEMO_PHONE, code });
    expect(confirmed.status).toBe(200);
    const cookie = cookiesOf(confirmed);
    const password = secret('pw');
    expect((await post(shopUrl, '/api/auth/password?locale=ru', { password }, cookie)).status).toBe(200);
    const signedIn = await post(shopUrl, '/api/auth/login?locale=ru', { login: DEMO_PHONE, password });
    expect(signedIn.status).toBe(200);
    const sessionCookie = cookiesOf(signedIn);
    // A wrong password too: a refusal the services log about.
    const refused = await post(shopUrl, '/api/auth/login?locale=ru', { login: DEMO_PHONE, password: `${password}x` });
    expect(refused.status).toBe(400);

    // An order with a phone.
    const order = await placeBranchOrder({
      SEARCH_API_URL: `${shopUrl}/svc/search`,
      ORDER_API_URL: `${shopUrl}/svc/order`,
      DELIVERY_API_URL: `${shopUrl}/svc/delivery`,
    });
    expect(order.phone).toBe(ORDER_PHONE);

    // Let the last lines reach the output.
    await fetch(`${shopUrl}/`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = shop.output();

    const lines = requestLines(output);
    const first = lines.find((line) => line.reqId === 'edge-42.a');
    expect(first).toMatchObject({ level: 'info', method: 'GET', path: '/', status: 200 });
    expect(first?.durationMs).toBeGreaterThanOrEqual(0);
    expect(new Date(first?.time ?? '').getTime()).not.toBeNaN();
    // The home page is a cached page: its lines say what the cache did.
    expect(lines.filter((line) => line.path === '/').map((line) => line.cache)).toContain('HIT');
    expect(lines.some((line) => line.method === 'POST' && line.path === '/api/auth/login?locale=ru')).toBe(true);
    // The outbox read's query held a full phone: masked in its line.
    expect(lines.some((line) => line.path.startsWith('/svc/user/sandbox/sms?phone=380*****2233'))).toBe(true);

    for (const leak of [code, password, DEMO_PHONE, ORDER_PHONE, sessionCookie.split('=')[1] ?? 'no-cookie']) {
      expect(output, `the log holds ${leak}`).not.toContain(leak);
    }
  }, 120_000);
});
