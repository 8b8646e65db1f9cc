import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment, getAnonymousOrder, getPaymentCheckout } from '../../src/api/order.ts';
import { changeOrderPaymentType } from '../../src/api/orderPageCalls.ts';
import { savedLocationsAnswerSchema } from '../../src/api/savedLocations.ts';
import { endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import { orderSchema, PAYMENT_STATUS, type Order } from '../../src/api/schemas/order.ts';
import { sandboxOutboxSchema } from '../../src/api/schemas/user.ts';
import { addLocationAction } from '../../src/server/account/locationActions.ts';
import { savedLocationsFlow } from '../../src/server/checkout/savedLocationsFlow.ts';
import { startPayment } from '../../src/server/order/payForms.ts';
import { paymentTypeEndpoint } from '../../src/server/order/paymentTypeForm.ts';
import { confirmPhoneEndpoint, phoneCodeEndpoint } from '../../src/server/order/phoneConfirmForms.ts';
import { stockNotifyAction } from '../../src/server/product/stockNotifyAction.ts';
import { crossSiteRefusal } from '../../src/server/request/sameOrigin.ts';
import type { AuthContext } from '../../src/server/session/authContext.ts';
import { readShopperTokens } from '../../src/server/session/shopperTokens.ts';
import { FakeSession } from '../unit/support/authFakes.ts';
import { endpointKit, throughMiddleware, type EndpointBody, type EndpointRequest } from './endpointSupport.ts';
import { branchOrder, createOrderShop, freshPhone, orderOf, wish, type Line, type OrderShop } from './orderSupport.ts';

/**
 * The storefront's endpoints of issue 29 over the embedded services: the order page's forms
 * (another payment type, the phone's code and its confirmation, «Сплатити»), «Повідомити про
 * наявність» and the checkout's saved locations. A request from another site never reaches them;
 * no body is a 5xx; an unknown or malformed hash is a 404; one order's hash never acts on another
 * order; the locations are the session's shopper's only; a doubled payment-type change leaves one
 * type and at most one payment open at the bank.
 */

const A = { login: '380501112233', password: 'demo-password' };
const B = { login: '380672223344', password: 'demo-password' };

let shop: OrderShop;
beforeAll(async () => {
  shop = await createOrderShop();
}, 120_000);
afterAll(() => shop.dispose());

const kit = endpointKit({ services: () => shop.services, path: '/order/x', clientIp: '203.0.113.60' });
const { signedIn } = kit;
/** A context of its own client address: the services' per-address limits stay each test's own. */
let addresses = 0;
function context(session: FakeSession, init: EndpointRequest = {}): AuthContext {
  addresses += 1;
  const ctx = { ...kit.context(session, init), clientIp: `198.51.100.${addresses % 250}` };
  // An older browser's request: no Sec-Fetch-Site at all (the kit sends `same-origin` unless told).
  if (init.headers?.['Sec-Fetch-Site'] === undefined && init.headers?.['Origin'] !== undefined) {
    const headers = new Headers(ctx.request.headers);
    headers.delete('Sec-Fetch-Site');
    return { ...ctx, request: new Request(ctx.request, { headers }) };
  }
  return ctx;
}

const PENDING = (status: number) => status <= PAYMENT_STATUS.processing;
const UNKNOWN_HASH = 'Z'.repeat(22);
const MALFORMED_HASHES = ['../x', 'a b', '', 'x'.repeat(300), 'abc', `${UNKNOWN_HASH}%2F..`];

/** An order of one 1 500 грн line to a Nova Poshta branch (no instalment is refused for its amount). */
async function placeOrder(paymentType: 1 | 2, phone = freshPhone()): Promise<Order> {
  const line = await shop.line({ price: 1500 });
  return orderOf(await shop.order(branchOrder(shop, [wish(line)], { paymentType, phone })));
}

const readOrder = (hash: string) => getAnonymousOrder(shop.client(), hash);

async function smsTo(phone: string): Promise<string[]> {
  const response = await shop.call('GET', `user/sandbox/sms?phone=${phone}`);
  return sandboxOutboxSchema.parse(await response.json()).items.map((item) => item.text);
}

/** The payment a 303 to the sandbox bank opened, or null for a 303 elsewhere. */
function bankPayment(response: Response): string | null {
  const match = /\/sandbox\/bank\/([^/?#]+)$/.exec(response.headers.get('Location') ?? '');
  return match?.[1] === undefined ? null : decodeURIComponent(match[1]);
}

async function paymentStatus(paymentHash: string): Promise<number> {
  return (await getPaymentCheckout(shop.client(), paymentHash)).status;
}

/**
 * The pay form's route (payForms.ts `answer`) on an AuthContext: the request's anonymous client
 * and locale, 303 where startPayment says, the 404 page for an order it does not find.
 */
async function payForm(ctx: AuthContext, hash: string | undefined): Promise<Response> {
  const result = await startPayment(ctx.clients.anonymous, ctx.locale, 'order', hash);
  if (result.kind === 'notFound') return new Response('404 page', { status: 404 });
  return new Response(null, { status: 303, headers: { Location: result.location } });
}

/** One storefront endpoint of an order's hash, with a body it accepts (the fuzz replaces fields). */
interface OrderForm {
  name: string;
  run: (ctx: AuthContext, hash: string | undefined) => Promise<Response>;
  valid: Record<string, string>;
  /** The endpoint reads (and so bounds) its body: an oversized one is a 413. */
  readsBody: boolean;
  /** A body that would act on `order` (a refusal must be what stops it). */
  acting?: (order: Order) => Promise<Record<string, string>>;
}

/** The code a phone-code request sent to the order's phone. */
async function codeFor(order: Order): Promise<string> {
  const sent = await shop.call('POST', `order/public/anon/order/${order.hash}/phone-code?locale=ru`, {});
  expect(sent.status).toBe(200);
  const code = /\b(\d{4,8})\b/.exec((await smsTo(order.phone)).at(-1) ?? '')?.[1];
  if (code === undefined) throw new Error(`no code was sent to ${order.phone}`);
  return code;
}

const ORDER_FORMS: readonly OrderForm[] = [
  {
    name: 'payment-type',
    run: (ctx, hash) => paymentTypeEndpoint.run(ctx, { hash }),
    valid: { paymentType: '1', paymentParts: '0' },
    readsBody: true,
  },
  { name: 'phone-code', run: (ctx, hash) => phoneCodeEndpoint.run(ctx, { hash }), valid: {}, readsBody: true },
  {
    name: 'confirm-phone',
    run: (ctx, hash) => confirmPhoneEndpoint.run(ctx, { hash }),
    valid: { code: '123456' },
    readsBody: true,
    acting: async (order) => ({ code: await codeFor(order) }),
  },
  { name: 'pay', run: payForm, valid: {}, readsBody: false },
];

/** What an order's forms may change: the order, the codes sent to its phone, the session. */
async function orderState(order: Order, session: FakeSession) {
  return {
    order: await readOrder(order.hash),
    sms: await smsTo(order.phone),
    tokens: await readShopperTokens({ session }),
  };
}

const CROSS_SITE: readonly Record<string, string>[] = [
  { 'Sec-Fetch-Site': 'cross-site' },
  { 'Sec-Fetch-Site': 'same-site' },
  { 'Sec-Fetch-Site': 'none' },
  // No Sec-Fetch-Site (an older browser): the Origin decides.
  { Origin: 'https://evil.example' },
];

const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.string()),
  fc.object(),
);

/** Random, malformed and field-by-field wrong bodies around `valid`. */
function bodies(valid: Record<string, unknown>): fc.Arbitrary<EndpointBody> {
  const names = [...Object.keys(valid), 'x', 'phone', 'hash', 'paymentParts'];
  return fc.oneof(
    fc.record({ json: fc.jsonValue() }),
    fc.record({
      raw: fc.string(),
      type: fc.constantFrom(
        'application/json',
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data',
      ),
    }),
    fc.record({ form: fc.dictionary(fc.constantFrom(...names), fc.string()) }),
    fc.tuple(fc.constantFrom(...names), anyValue).map(([field, value]) => ({ json: { ...valid, [field]: value } })),
  );
}

describe('the order page’s forms', () => {
  it.each(ORDER_FORMS)('$name: a request from another site is refused (403) and changes nothing', async (form) => {
    const order = await placeOrder(2);
    const session = new FakeSession();
    const valid = (await form.acting?.(order)) ?? form.valid;
    const before = await orderState(order, session);
    for (const headers of CROSS_SITE) {
      for (const body of [{ form: valid }, { json: valid }]) {
        const ctx = context(session, { path: `/order/${order.hash}/${form.name}`, body, headers });
        const response = await throughMiddleware(ctx, (c) => form.run(c, order.hash));
        expect(response.status, JSON.stringify(headers)).toBe(403);
      }
    }
    expect(await orderState(order, session)).toEqual(before);
  });

  it.each(ORDER_FORMS)('$name: random, malformed and oversized bodies and hashes are never a 5xx', async (form) => {
    const order = await placeOrder(2);
    await fc.assert(
      fc.asyncProperty(bodies(form.valid), async (body) => {
        const response = await form.run(context(new FakeSession(), { body }), order.hash);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 20 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/)), async (hash) => {
        const response = await form.run(context(new FakeSession(), { body: { form: form.valid } }), hash);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 20 },
    );
    const huge = 'a'.repeat(20 * 1024);
    for (const body of [{ raw: huge, type: 'application/json' }, { form: { ...form.valid, x: huge } }]) {
      const response = await form.run(context(new FakeSession(), { body }), order.hash);
      if (form.readsBody) expect(response.status).toBe(413);
      else expect(response.status).toBeLessThan(500);
    }
  });

  it.each(ORDER_FORMS)(
    '$name: an unknown or malformed hash, or a payment’s, is a 404 and changes nothing',
    async (form) => {
      const order = await placeOrder(2);
      const session = new FakeSession();
      const open = await createPayment(shop.client(), order.hash, `/order/${order.hash}`);
      const valid = (await form.acting?.(order)) ?? form.valid;
      const state = async () => ({
        ...(await orderState(order, session)),
        open: await paymentStatus(open.paymentHash),
      });
      const before = await state();
      const hashes = [
        UNKNOWN_HASH,
        open.paymentHash,
        ...MALFORMED_HASHES,
        `${order.hash}/..`,
        ` ${order.hash}`,
        undefined,
      ];
      for (const hash of hashes) {
        const response = await form.run(context(session, { body: { form: valid } }), hash);
        expect(response.status, String(hash)).toBe(404);
      }
      expect(await state()).toEqual(before);
    },
  );
});

describe('one order’s hash never acts on another order', () => {
  it('a payment-type change or a payment for A leaves B, and B’s open payment, as they were', async () => {
    const [a, b] = [await placeOrder(2), await placeOrder(2)];
    const open = await createPayment(shop.client(), b.hash, `/order/${b.hash}`);
    const before = await readOrder(b.hash);

    const paid = await payForm(context(new FakeSession()), a.hash);
    expect(bankPayment(paid)).not.toBeNull();
    const changed = await paymentTypeEndpoint.run(
      context(new FakeSession(), { body: { form: { paymentType: '1', paymentParts: '0' } } }),
      { hash: a.hash },
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get('Location')).toBe(`/order/${a.hash}`);

    expect(await readOrder(a.hash)).toMatchObject({ paymentType: 1 });
    expect(await readOrder(b.hash)).toEqual(before);
    expect(await paymentStatus(open.paymentHash)).toBe(PAYMENT_STATUS.created);
  });

  it('a code sent for order A cannot confirm order B; it still confirms A', async () => {
    const [a, b] = [await placeOrder(1), await placeOrder(1)];
    const session = new FakeSession();
    // The code goes to the order's phone, never to one the form names.
    const toA = await phoneCodeEndpoint.run(context(session, { body: { form: { phone: b.phone } } }), {
      hash: a.hash,
    });
    expect(toA.headers.get('Location')).toBe(`/order/${a.hash}?phone-code=sent#confirm-phone`);
    expect(await smsTo(b.phone)).toEqual([]);
    const toB = await phoneCodeEndpoint.run(context(session), { hash: b.hash });
    expect(toB.headers.get('Location')).toBe(`/order/${b.hash}?phone-code=sent#confirm-phone`);
    const [textA] = await smsTo(a.phone);
    const codeA = /\b(\d{4,8})\b/.exec(textA ?? '')?.[1] ?? '';
    expect(codeA).not.toBe('');

    const onB = await confirmPhoneEndpoint.run(context(session, { body: { form: { code: codeA } } }), {
      hash: b.hash,
    });
    expect(onB.headers.get('Location')).toBe(`/order/${b.hash}?phone-code=wrong#confirm-phone`);
    expect(await readShopperTokens({ session })).toBeNull();
    expect((await readOrder(b.hash)).hasAccount).toBe(false);
    expect((await readOrder(a.hash)).hasAccount).toBe(false);

    const onA = await confirmPhoneEndpoint.run(context(session, { body: { form: { code: codeA } } }), {
      hash: a.hash,
    });
    expect(onA.headers.get('Location')).toBe(`/order/${a.hash}?phone-code=confirmed#confirm-phone`);
    expect(await readShopperTokens({ session })).not.toBeNull();
    expect((await readOrder(a.hash)).hasAccount).toBe(true);
    expect((await readOrder(b.hash)).hasAccount).toBe(false);
  });
});

describe('a doubled payment-type change', () => {
  const inRow = async <T>(send: () => Promise<T>): Promise<T[]> => [await send(), await send()];
  const atOnce = <T>(send: () => Promise<T>): Promise<T[]> => Promise.all([send(), send()]);

  it.each([
    ['in a row', inRow],
    ['at once', atOnce],
  ])('the storefront’s form sent twice %s: one payment type, one payment open at the bank', async (_how, twice) => {
    const order = await placeOrder(1);
    const responses = await twice(() =>
      paymentTypeEndpoint.run(context(new FakeSession(), { body: { form: { paymentType: '2', paymentParts: '0' } } }), {
        hash: order.hash,
      }),
    );
    const payments = responses.map(bankPayment);
    expect(responses.map((r) => r.status)).toEqual([303, 303]);
    const opened = payments.filter((p) => p !== null);
    expect(opened).toHaveLength(2);
    expect(await readOrder(order.hash)).toMatchObject({ paymentType: 2, paymentParts: 0, paymentStatus: 1 });
    const statuses = await Promise.all(opened.map(paymentStatus));
    expect(statuses.filter(PENDING)).toHaveLength(1);
  });

  it.each([
    ['in a row', inRow],
    ['at once', atOnce],
  ])('the order service’s route sent twice %s: one type, the open payment closed once', async (_how, twice) => {
    const order = await placeOrder(2);
    const client = shop.client();
    const open = await createPayment(client, order.hash, `/order/${order.hash}`);
    const responses = await twice(() =>
      shop.call('POST', `order/public/anon/order/${order.hash}/payment-type?locale=ru`, {
        paymentType: 8,
        paymentParts: 4,
      }),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const answers = await Promise.all(responses.map(async (r) => orderSchema.parse(await r.json())));
    for (const answer of answers) expect(answer).toMatchObject({ paymentType: 8, paymentParts: 4, paymentStatus: 0 });
    expect(await paymentStatus(open.paymentHash)).toBe(PAYMENT_STATUS.expired);

    // Pay pressed twice (two tabs): two attempts at the bank, the older closed.
    const attempts = await twice(() => createPayment(client, order.hash, `/order/${order.hash}`));
    const statuses = await Promise.all(attempts.map((p) => paymentStatus(p.paymentHash)));
    expect(statuses.filter(PENDING)).toHaveLength(1);
    expect(await readOrder(order.hash)).toMatchObject({ paymentType: 8, paymentParts: 4, paymentStatus: 1 });
    // The same change again is no change: the open attempt stays open.
    await changeOrderPaymentType(client, order.hash, { paymentType: 8, paymentParts: 4 });
    expect((await Promise.all(attempts.map((p) => paymentStatus(p.paymentHash)))).filter(PENDING)).toHaveLength(1);
  });
});

describe('«Повідомити про наявність»', () => {
  /** What a request may have kept: the SMS sent to `contact` when the variant comes back. */
  async function sentWhenBack(line: Line, contact: string): Promise<string[]> {
    await shop.setStock(line, 1);
    const sent = await smsTo(contact);
    await shop.setStock(line, 0);
    return sent;
  }

  it('a request from another site is refused (403) and keeps nothing', async () => {
    const line = await shop.line({ stock: 0 });
    const contact = freshPhone();
    const valid = { productId: String(line.productId), variantId: String(line.internalId), contact };
    for (const headers of CROSS_SITE) {
      for (const body of [{ form: valid }, { json: valid }]) {
        const ctx = context(new FakeSession(), { path: '/api/stock-notifications', body, headers });
        expect((await throughMiddleware(ctx, (c) => stockNotifyAction.run(c))).status).toBe(403);
      }
    }
    expect(await sentWhenBack(line, contact)).toEqual([]);
    // The same request from the shop's page is kept: the check above could see one.
    expect((await stockNotifyAction.run(context(new FakeSession(), { body: { json: valid } }))).status).toBe(200);
    expect(await sentWhenBack(line, contact)).toHaveLength(1);
  });

  it('random, malformed and oversized bodies are never a 5xx', async () => {
    const line = await shop.line({ stock: 0 });
    const valid = { productId: line.productId, variantId: line.internalId, contact: 'mama@example.com' };
    await fc.assert(
      fc.asyncProperty(bodies({ ...valid, returnTo: '/product/x', color: 'red', size: '80' }), async (body) => {
        const response = await stockNotifyAction.run(context(new FakeSession(), { body }));
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 20 },
    );
    const huge = 'a'.repeat(20 * 1024);
    const response = await stockNotifyAction.run(
      context(new FakeSession(), { body: { json: { ...valid, contact: huge } } }),
    );
    expect(response.status).toBe(413);
  });

  it('an unknown variant, or one of another product, is a 404 and keeps nothing', async () => {
    const line = await shop.line({ stock: 0 });
    const other = await shop.line({ stock: 0, where: (p) => p.id !== line.productId });
    const contact = freshPhone();
    for (const ids of [
      { productId: line.productId, variantId: 999_999_999 },
      { productId: other.productId, variantId: line.internalId },
    ]) {
      const response = await stockNotifyAction.run(context(new FakeSession(), { body: { json: { ...ids, contact } } }));
      expect(response.status, `${JSON.stringify(ids)} ${await response.clone().text()}`).toBe(404);
    }
    expect(await sentWhenBack(line, contact)).toEqual([]);
  });
});

describe('GET /api/account/locations', () => {
  const read = (session: FakeSession) =>
    savedLocationsFlow.run(context(session, { method: 'GET', path: '/api/account/locations' }));
  // Signed in once: each sign-in hashes a password (half a second).
  let sessionA: FakeSession;
  let sessionB: FakeSession;
  beforeAll(async () => {
    [sessionA, sessionB] = await Promise.all([signedIn(A), signedIn(B)]);
  });

  it('without a session: a 401, and another site’s GET is no way round it', async () => {
    const response = await read(new FakeSession());
    expect(response.status).toBe(401);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(endpointRefusalSchema.parse(await response.json()).code).toBe(401);
    // A GET passes the middleware (it changes nothing); another site's script cannot read the answer
    // (no CORS allowance) and its fetch carries no session (the cookie is SameSite=Lax).
    const ctx = context(new FakeSession(), {
      method: 'GET',
      path: '/api/account/locations',
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSiteRefusal(ctx.request, ctx.url)).toBeNull();
    expect((await savedLocationsFlow.run(ctx)).headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('shopper B never sees shopper A’s locations', async () => {
    const street = `Тестова ${Date.now()}`;
    const added = await addLocationAction.run(
      context(sessionA, {
        path: '/api/account/locations',
        body: { json: { cityId: 9812, deliveryMethodSlug: 'im-courier', street, building: '1', apartment: '2' } },
      }),
    );
    expect(added.status).toBe(200);
    const mine = savedLocationsAnswerSchema.parse(await (await read(sessionA)).json()).locations;
    const own = mine.find((l) => l.street === street);
    expect(own).toBeDefined();

    const theirs = await read(sessionB);
    expect(theirs.status).toBe(200);
    const seen = savedLocationsAnswerSchema.parse(await theirs.json()).locations;
    expect(seen.map((l) => l.id)).not.toContain(own?.id);
    expect(seen.map((l) => l.street)).not.toContain(street);
  });

  it('random queries and headers are never a 5xx', async () => {
    const session = sessionB;
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (query, accept) => {
        const ctx = context(session, {
          method: 'GET',
          path: `/api/account/locations?${encodeURIComponent(query)}`,
          headers: { Accept: accept.replace(/[^\x20-\x7e]/g, '') },
        });
        expect((await savedLocationsFlow.run(ctx)).status).toBeLessThan(500);
      }),
      { numRuns: 20 },
    );
  });
});
