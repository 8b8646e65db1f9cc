import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError } from '../../src/api/apiError.ts';
import { embeddedBaseUrl, perService } from '../../src/api/config.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import {
  claimCustomerOrders,
  createCustomerOneClickOrder,
  createCustomerOrder,
  getAnonymousOrder,
  getCustomerOrder,
  getCustomerOrders,
  orderErrorOf,
  purchaseCustomerGiftCertificate,
} from '../../src/api/order.ts';
import { orderListSchema } from '../../src/api/schemas/order.ts';
import { login } from '../../src/api/user.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import { createSomeServices } from '../../src/services/index.ts';
import { branchOrder, createOrderShop, errorOf, key, orderOf, wish } from './orderSupport.ts';
import type { OrderShop } from './orderSupport.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';

/**
 * The signed-in shopper's order calls (storefront spec §6, §7: `POST /public/order`, one-click,
 * certificate purchase, order by number, the list), over the embedded services' HTTP contract: the
 * order service asks the user service who the bearer is, and each shopper sees only their own.
 */
let shop: OrderShop;
/** Олена and Андрій, the two seeded demo accounts. */
let olena: HttpClient;
let andrii: HttpClient;
let olenaToken: string;

function signedInClient(token: string): HttpClient {
  return createHttpClient({
    baseUrls: embeddedBaseUrls,
    locale: 'ru',
    fetch: shop.services.fetch,
    tokens: { get: () => ({ token, refreshToken: null }), set: () => {} },
  });
}

async function signIn(phone: string): Promise<string> {
  const answer = await login(shop.client(), { login: phone, password: DEMO_PASSWORD });
  return answer.token;
}

/** The status and code of the order service's refusal of `promise`. */
async function refused(promise: Promise<unknown>): Promise<{ status: number; code: number | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, code: orderErrorOf(error)?.code };
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  shop = await createOrderShop();
  olenaToken = await signIn('380501112233');
  olena = signedInClient(olenaToken);
  andrii = signedInClient(await signIn('380672223344'));
});
afterAll(() => shop.dispose());

describe('without a bearer the user service knows', () => {
  it.each([
    ['POST', 'order/public/order', {}],
    ['POST', 'order/public/order/one-click', {}],
    ['POST', 'order/public/order/gift-certificate', {}],
    ['GET', 'order/public/order', undefined],
    ['GET', 'order/public/order/1000001', undefined],
  ])('%s /%s without Authorization: 401 with the service error body', async (method, path, body) => {
    const response = await shop.call(method, path, body, { 'idempotency-key': key() });
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await errorOf(response)).toMatchObject({ code: 401 });
  });

  it('a token the user service does not know: 401', async () => {
    const response = await shop.call('GET', 'order/public/order', undefined, {
      authorization: 'Bearer not-a-token-anyone-was-given',
    });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe(401);
  });

  it('another scheme than Bearer: 401', async () => {
    const response = await shop.call('GET', 'order/public/order', undefined, { authorization: `Basic ${olenaToken}` });
    expect(response.status).toBe(401);
  });
});

describe('a signed-in order', () => {
  it('is the shopper’s: placed with a key, read by number, listed first; a retry gives the same order', async () => {
    const line = await shop.line({ price: 300 });
    const payload = branchOrder(shop, [wish(line, 1)]);
    const intent = key();
    const placed = await createCustomerOrder(olena, payload, intent);
    expect(placed.activeOrderItems).toHaveLength(1);
    // Same key, same body: the same order (the service answers 200), and nothing more is reserved.
    const again = await shop.call('POST', 'order/public/order?locale=ru', payload, {
      authorization: `Bearer ${olenaToken}`,
      'idempotency-key': intent,
    });
    expect(again.status).toBe(200);
    expect((await orderOf(again)).number).toBe(placed.number);

    expect((await getCustomerOrder(olena, placed.number)).hash).toBe(placed.hash);
    const list = await getCustomerOrders(olena);
    expect(list.items[0]?.number).toBe(placed.number);
    expect(list.limit).toBe(10);
    expect(list.page).toBe(0);
    // The thank-you page reads it by its hash, as an anonymous order.
    expect((await getAnonymousOrder(shop.client(), placed.hash)).number).toBe(placed.number);
  });

  it('the same key used anonymously is another intent: keys are kept per customer', async () => {
    const line = await shop.line({ price: 310 });
    const payload = branchOrder(shop, [wish(line, 1)]);
    const intent = key();
    const mine = await createCustomerOrder(olena, payload, intent);
    const anonymous = await orderOf(await shop.order(payload, intent));
    expect(anonymous.number).not.toBe(mine.number);
    const list = await getCustomerOrders(olena, { limit: 50 });
    expect(list.items.map((o) => o.number)).not.toContain(anonymous.number);
  });
});

describe('another shopper’s orders', () => {
  it('B reading A’s number gets 404 (not 403), and B’s list holds none of A’s orders', async () => {
    const line = await shop.line({ price: 330 });
    const hers = await createCustomerOrder(olena, branchOrder(shop, [wish(line)]), key());
    expect(await refused(getCustomerOrder(andrii, hers.number))).toEqual({ status: 404, code: 404 });
    // A number that exists for nobody answers the same.
    expect(await refused(getCustomerOrder(andrii, '9999999'))).toEqual({ status: 404, code: 404 });
    const his = await getCustomerOrders(andrii, { limit: 50 });
    expect(his.items.map((o) => o.number)).not.toContain(hers.number);
    const anonymous = await orderOf(await shop.order(branchOrder(shop, [wish(line)])));
    // An anonymous order has no customer: nobody reads it by number.
    expect(await refused(getCustomerOrder(olena, anonymous.number))).toEqual({ status: 404, code: 404 });
  });

  it('a malformed number is a 404 too', async () => {
    const response = await shop.call('GET', 'order/public/order/abc', undefined, {
      authorization: `Bearer ${olenaToken}`,
    });
    expect(response.status).toBe(404);
  });
});

describe('the list', () => {
  it('pages newest first with the total; a bad page or limit is a 400', async () => {
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const line = await shop.line({ price: 340 + i });
      placed.push((await createCustomerOrder(andrii, branchOrder(shop, [wish(line)]), key())).number);
    }
    const all = await getCustomerOrders(andrii, { limit: 50 });
    expect(all.total).toBe(all.items.length);
    const first = await getCustomerOrders(andrii, { page: 0, limit: 2 });
    const second = await getCustomerOrders(andrii, { page: 1, limit: 2 });
    expect(first.total).toBe(all.total);
    expect(first.items.map((o) => o.number)).toEqual(all.items.slice(0, 2).map((o) => o.number));
    expect(second.items.map((o) => o.number)).toEqual(all.items.slice(2, 4).map((o) => o.number));
    // The orders are placed at the same fixed clock: the newest (highest id) still comes first.
    expect(all.items.slice(0, 3).map((o) => o.number)).toEqual(placed.toReversed());
    for (const query of ['page=-1', 'limit=0', 'limit=51', 'page=x']) {
      const response = await shop.call('GET', `order/public/order?${query}`, undefined, {
        authorization: `Bearer ${olenaToken}`,
      });
      expect(response.status, query).toBe(400);
    }
    const parsed = orderListSchema.parse(
      await (
        await shop.call('GET', 'order/public/order?page=1000', undefined, { authorization: `Bearer ${olenaToken}` })
      ).json(),
    );
    expect(parsed.items).toEqual([]);
  });
});

describe('one-click and certificates, signed in', () => {
  it('a one-click order is the shopper’s and its key replays', async () => {
    const line = await shop.line({ price: 350 });
    const payload = { phone: '380501112233', firstName: 'Олена', items: [wish(line)] };
    const intent = key();
    const order = await createCustomerOneClickOrder(olena, payload, intent);
    expect(order.kind).toBe('one-click');
    expect((await createCustomerOneClickOrder(olena, payload, intent)).number).toBe(order.number);
    expect((await getCustomerOrder(olena, order.number)).kind).toBe('one-click');
    expect(await refused(getCustomerOrder(andrii, order.number))).toEqual({ status: 404, code: 404 });
  });

  it('a certificate purchase answers its hash; the same key the same purchase', async () => {
    const buyer = { nominal: 500, phone: '380501112233', email: 'demo@example.com', firstName: 'Олена' };
    const intent = key();
    const hash = await purchaseCustomerGiftCertificate(olena, buyer, intent);
    expect(hash).toMatch(/^[\w-]{22}$/);
    expect(await purchaseCustomerGiftCertificate(olena, buyer, intent)).toBe(hash);
    expect(await refused(purchaseCustomerGiftCertificate(signedInClient('x'.repeat(43)), buyer))).toEqual({
      status: 401,
      code: 401,
    });
  });
});

describe('when the user service cannot answer', () => {
  it('a signed-in call is a 503 with Retry-After, not a 401', async () => {
    const services = await createSomeServices(['order', 'search', 'delivery'], {
      dataDir: ':memory:',
      seed: { seed: 42, products: 50 },
      serviceUrls: perService((service) => ({ url: embeddedBaseUrl(service), embedded: true })),
    });
    try {
      const response = await services.fetch(
        new Request('http://shop.test/svc/order/public/order', { headers: { authorization: `Bearer ${olenaToken}` } }),
      );
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect((await errorOf(response)).code).toBe(503);
    } finally {
      services.close();
    }
  });
});

describe('the orders of a confirmed phone (accounts spec §6: an anonymous shopper is asked to confirm it)', () => {
  const ANDRII_PHONE = '380672223344';

  it('become the shopper’s when they claim them: theirs only, once, never another account’s', async () => {
    const line = await shop.line({ price: 330 });
    const anonymousPlace = async (phone: string) =>
      orderOf(
        await shop.call('POST', 'order/public/anon/order?locale=ru', branchOrder(shop, [wish(line, 1)], { phone }), {
          'idempotency-key': key(),
        }),
      );
    const his = await anonymousPlace(ANDRII_PHONE);
    const someoneElses = await anonymousPlace('380501234567');
    // Олена's own order with Андрій's number as the contact stays hers.
    const hers = await createCustomerOrder(olena, branchOrder(shop, [wish(line, 1)], { phone: ANDRII_PHONE }), key());
    expect((await refused(getCustomerOrder(andrii, his.number))).status).toBe(404);

    const first = await claimCustomerOrders(andrii);
    expect(first.claimed).toBeGreaterThanOrEqual(1);
    expect((await getCustomerOrder(andrii, his.number)).hash).toBe(his.hash);
    const numbers = (await getCustomerOrders(andrii, { limit: 50 })).items.map((order) => order.number);
    expect(numbers).toContain(his.number);
    expect(numbers).not.toContain(someoneElses.number);
    expect(numbers).not.toContain(hers.number);
    expect((await getCustomerOrder(olena, hers.number)).hash).toBe(hers.hash);
    // Nothing is left to claim, and the thank-you page still reads the order by its hash.
    expect((await claimCustomerOrders(andrii)).claimed).toBe(0);
    expect((await getAnonymousOrder(shop.client(), his.hash)).number).toBe(his.number);
  });

  it('without a bearer: 401, and nothing is claimed', async () => {
    const response = await shop.call('POST', 'order/public/order/claim', {});
    expect(response.status).toBe(401);
  });
});
