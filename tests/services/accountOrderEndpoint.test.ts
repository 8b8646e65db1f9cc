import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, createRefreshGate } from '../../src/api/http.ts';
import type { RefreshGate } from '../../src/api/http.ts';
import { getCustomerOrders } from '../../src/api/order.ts';
import { orderErrorSchema, orderSchema } from '../../src/api/schemas/order.ts';
import { accountOrderFlow } from '../../src/server/account/orderFlows.ts';
import type { AuthContext } from '../../src/server/session/authContext.ts';
import { loginFlow } from '../../src/server/session/sessionFlows.ts';
import { shopperClient } from '../../src/server/session/shopperClient.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { FakeCookies, FakeSession } from '../unit/support/authFakes.ts';
import { branchOrder, createOrderShop, wish } from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';
import { embeddedBaseUrls, throughMiddleware } from './endpointSupport.ts';

/**
 * `POST /api/account/order` (src/server/account/orderFlows.ts), the signed-in checkout's order,
 * against the embedded user and order services: the session's bearer is added on the server, the
 * answer is the order service's (the order or its error body), and nothing a browser sends makes
 * a 5xx.
 */
let shop: OrderShop;
let line: Line;
const gates = new Map<string, RefreshGate>();

/** One refresh gate per session, as the server keeps them (src/server/sessionStore/refreshGates.ts). */
function gateOf(sessionId: string): RefreshGate {
  const gate = gates.get(sessionId) ?? createRefreshGate();
  gates.set(sessionId, gate);
  return gate;
}

beforeAll(async () => {
  shop = await createOrderShop();
  line = await shop.line({ price: 250, stock: 999 });
});
afterAll(() => shop.dispose());

function context(
  session: FakeSession,
  init: { body?: string; headers?: Record<string, string>; path?: string } = {},
): AuthContext {
  const url = new URL(init.path ?? '/api/account/order?locale=ru', 'http://shop.test');
  const client = (shopper?: Parameters<AuthContext['clients']['forShopper']>[0]) =>
    createHttpClient({
      baseUrls: embeddedBaseUrls,
      fetch: shop.services.fetch,
      locale: 'ru',
      ...(shopper
        ? {
            tokens: shopper.tokens,
            refresh: shopper.refresh,
            refreshGate: gateOf(shopper.sessionId),
          }
        : {}),
    });
  return {
    request: new Request(url, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
    }),
    url,
    locale: 'ru',
    t: createT('ru'),
    clientIp: '203.0.113.7',
    session,
    cookies: new FakeCookies(),
    secureCookies: true,
    clients: { anonymous: client(), forShopper: (shopper) => client(shopper) },
  };
}

async function signedInSession(): Promise<FakeSession> {
  const session = new FakeSession();
  const response = await loginFlow.run(
    context(session, {
      path: '/api/auth/login',
      body: JSON.stringify({ login: '380501112233', password: 'demo-password' }),
    }),
  );
  expect(response.status).toBe(200);
  return session;
}

const post = (session: FakeSession, body: unknown, headers: Record<string, string> = {}) =>
  accountOrderFlow.run(
    context(session, {
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Idempotency-Key': randomUUID(), ...headers },
    }),
  );

describe('POST /api/account/order', () => {
  it('places the order as the session’s shopper; a retry with the same key answers the same order', async () => {
    const session = await signedInSession();
    const payload = branchOrder(shop, [wish(line)]);
    const key = randomUUID();
    const first = await post(session, payload, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const order = orderSchema.parse(await first.json());
    const again = orderSchema.parse(await (await post(session, payload, { 'Idempotency-Key': key })).json());
    expect(again.number).toBe(order.number);
    const shopper = await shopperClient(context(session));
    if (!shopper) throw new Error('signed out');
    const mine = await getCustomerOrders(shopper.api, { limit: 50 });
    expect(mine.items.filter((o) => o.number === order.number)).toHaveLength(1);
  });

  it('without a session: 401 with the order error body, nothing sent to the service', async () => {
    const response = await post(new FakeSession(), branchOrder(shop, [wish(line)]));
    expect(response.status).toBe(401);
    expect(orderErrorSchema.parse(await response.json()).code).toBe(401);
  });

  it.each([[{ 'Sec-Fetch-Site': 'cross-site' }], [{ 'Sec-Fetch-Site': 'same-site' }]])(
    'a request from another site (%o) never reaches it: the middleware answers 403',
    async (headers) => {
      const session = await signedInSession();
      const ctx = context(session, {
        body: JSON.stringify(branchOrder(shop, [wish(line)])),
        headers: { 'Idempotency-Key': randomUUID(), ...headers },
      });
      expect((await throughMiddleware(ctx, (c) => accountOrderFlow.run(c))).status).toBe(403);
    },
  );

  it('a foreign Origin without Sec-Fetch-Site never reaches it either: 403', async () => {
    const session = await signedInSession();
    const ctx = context(session, {
      body: JSON.stringify(branchOrder(shop, [wish(line)])),
      headers: { 'Idempotency-Key': randomUUID(), Origin: 'https://evil.example' },
    });
    ctx.request.headers.delete('Sec-Fetch-Site');
    expect((await throughMiddleware(ctx, (c) => accountOrderFlow.run(c))).status).toBe(403);
  });

  it('needs an Idempotency-Key: 400 naming it', async () => {
    const session = await signedInSession();
    const response = await accountOrderFlow.run(
      context(session, { body: JSON.stringify(branchOrder(shop, [wish(line)])) }),
    );
    expect(response.status).toBe(400);
    expect(orderErrorSchema.parse(await response.json()).fields[0]?.field).toBe('Idempotency-Key');
  });

  it.each([
    ['not JSON', () => '{"items": [', 'body'],
    [
      'an order whose lines are a word',
      () => JSON.stringify({ ...branchOrder(shop, [wish(line)]), items: 'many' }),
      'items',
    ],
    // No body is no fields: the first the order needs is named.
    ['nothing', () => '', 'deliveryType'],
  ])('a body that is %s: 400 naming the field, never an authorization error', async (_what, body, field) => {
    const session = await signedInSession();
    const response = await post(session, body());
    expect(response.status).toBe(400);
    const refusal = orderErrorSchema.parse(await response.json());
    expect(refusal.message).toBe('Проверьте правильность заполнения полей');
    expect(refusal.fields.map((f) => f.field)).toContain(field);
  });

  it('the service’s refusal comes through with its status and fields (409: not enough stock)', async () => {
    const session = await signedInSession();
    const scarce = await shop.line({ price: 260, stock: 1 });
    const response = await post(session, branchOrder(shop, [wish(scarce, 5)]));
    expect(response.status).toBe(409);
    expect(orderErrorSchema.parse(await response.json()).fields[0]?.field).toBe('items.0.quantity');
  });

  it('whatever the body, never a 5xx', async () => {
    const session = await signedInSession();
    const valid = branchOrder(shop, [wish(line)]);
    const bodies = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record({ field: fc.constantFrom(...Object.keys(valid)), value: fc.jsonValue() })
        .map(({ field, value }) => JSON.stringify({ ...valid, [field]: value })),
      fc.constant('x'.repeat(70 * 1024)),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await post(session, body);
        expect(response.status, body.slice(0, 200)).toBeLessThan(500);
        const json: unknown = await response.json();
        if (response.status !== 200) orderErrorSchema.parse(json);
      }),
      { numRuns: 120 },
    );
  });
});
