import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkBasket,
  createPayment,
  getAnonymousOrder,
  getPaymentCheckout,
  orderErrorOf,
} from '../../src/api/order.ts';
import type { OrderError } from '../../src/api/schemas/order.ts';
import { login } from '../../src/api/user.ts';
import { createServices } from '../../src/services/index.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import { branchOrder, createOrderShop, errorOf, freshPhone, key, orderOf, TODAY, wish } from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';

/**
 * Bounded holds (issue 23 "Safe in front of the public"; DESIGN §7 "Scarce things are bounded per
 * shopper"; docs/decisions.md "Orders: bounded holds"), over the order service's HTTP contract with
 * its defaults: at most 20 units of a variant in an order, at most 3 open unpaid orders per phone,
 * and an order paid online holds its units 30 minutes unpaid. The service's clock is moved forward
 * by the tests, never back.
 */
let shop: OrderShop;
let clock = TODAY;
const later = (minutes: number): void => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  shop = await createOrderShop({ now: () => clock });
});
afterAll(() => shop.dispose());
afterEach(() => {
  vi.unstubAllEnvs();
});

async function refused(response: Response, status: number): Promise<OrderError> {
  const error = await errorOf(response);
  expect(response.status, JSON.stringify(error)).toBe(status);
  return error;
}

async function available(line: Line): Promise<number | undefined> {
  return (await checkBasket(shop.client(), { items: [wish(line)] })).basketItems[0]?.availableQuantity;
}

function oneClick(body: unknown, query = '?locale=ru'): Promise<Response> {
  return shop.call('POST', `order/public/anon/order/one-click${query}`, body, { 'idempotency-key': key() });
}

/** Presses a button of the sandbox bank's page, as a browser without JavaScript would. */
async function press(paymentUrl: string, outcome: string): Promise<void> {
  const answer = await shop.services.fetch(
    new Request(`http://shop.test${paymentUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
    }),
  );
  expect(answer.status).toBe(303);
}

async function paid(orderHash: string): Promise<void> {
  const payment = await createPayment(shop.client(), orderHash, `/order/${orderHash}`);
  await press(payment.paymentUrl, 'approve');
}

describe('units of one variant in an order (ORDER_LINE_MAX, 20)', () => {
  it('21 are refused on the line’s quantity in the request’s language, and hold nothing; 20 are placed', async () => {
    const line = await shop.line({ stock: 50 });
    const ru = await refused(await shop.order(branchOrder(shop, [wish(line, 21)])), 400);
    expect(ru).toMatchObject({
      code: 400,
      fields: [{ field: 'items.0.quantity', message: 'Не больше 20 шт. одного товара в заказе' }],
    });
    const uk = await refused(await shop.order(branchOrder(shop, [wish(line, 21)]), key(), '?locale=uk'), 400);
    expect(uk.fields).toEqual([{ field: 'items.0.quantity', message: 'Не більше 20 шт. одного товару в замовленні' }]);
    expect(await available(line)).toBe(50);
    expect((await shop.order(branchOrder(shop, [wish(line, 20)]))).status).toBe(201);
    expect(await available(line)).toBe(30);
  });

  it('lines of one variant count together; one-click orders are bounded alike', async () => {
    const line = await shop.line({ stock: 50 });
    const other = await shop.line();
    const split = await shop.order(branchOrder(shop, [wish(line, 12), wish(other), wish(line, 9)]));
    expect((await refused(split, 400)).fields).toEqual([
      { field: 'items.0.quantity', message: 'Не больше 20 шт. одного товара в заказе' },
    ]);
    const quick = await oneClick({ phone: freshPhone(), items: [wish(line, 21)] }, '?locale=uk');
    expect((await refused(quick, 400)).fields).toEqual([
      { field: 'items.0.quantity', message: 'Не більше 20 шт. одного товару в замовленні' },
    ]);
    expect(await available(line)).toBe(50);
  });
});

describe('open unpaid orders per phone (ORDER_OPEN_PER_PHONE, 3)', () => {
  const RU = 'У вас уже 3 неоплаченных заказа. Оплатите или дождитесь их, чтобы оформить новый';
  const UK = 'У вас вже 3 неоплачені замовлення. Оплатіть або дочекайтеся їх, щоб оформити нове';

  it('a fourth is refused on the phone: anonymous, one-click and signed in alike; a retry of the third is still its order', async () => {
    const line = await shop.line({ stock: 10 });
    const phone = freshPhone();
    const third = key();
    const placed = [];
    for (const k of [key(), key(), third])
      placed.push(await orderOf(await shop.order(branchOrder(shop, [wish(line)], { phone }), k)));
    const fourth = await refused(await shop.order(branchOrder(shop, [wish(line)], { phone })), 409);
    expect(fourth).toEqual({ code: 4094, message: RU, fields: [{ field: 'phone', message: RU }] });
    const uk = await refused(await shop.order(branchOrder(shop, [wish(line)], { phone }), key(), '?locale=uk'), 409);
    expect(uk.fields).toEqual([{ field: 'phone', message: UK }]);
    expect((await refused(await oneClick({ phone, items: [wish(line)] }), 409)).code).toBe(4094);

    const { token } = await login(shop.client(), { login: '380672223344', password: DEMO_PASSWORD });
    const signedIn = await shop.call(
      'POST',
      'order/public/order?locale=ru',
      branchOrder(shop, [wish(line)], { phone }),
      {
        authorization: `Bearer ${token}`,
        'idempotency-key': key(),
      },
    );
    expect((await refused(signedIn, 409)).code).toBe(4094);
    expect(await available(line)).toBe(7);

    // The Idempotency-Key's promise holds at the limit: the same intent answers its order.
    const again = await shop.order(branchOrder(shop, [wish(line)], { phone }), third);
    expect(again.status).toBe(200);
    expect((await orderOf(again)).hash).toBe(placed[2]?.hash);
  });

  it('orders of one phone sent at once: exactly three are made', async () => {
    const line = await shop.line({ stock: 20 });
    const phone = freshPhone();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => shop.order(branchOrder(shop, [wish(line)], { phone }))),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await available(line)).toBe(17);
  });

  it('a paid order, and one whose time to pay ran out, no longer count', async () => {
    const line = await shop.line({ stock: 20 });
    const phone = freshPhone();
    const card = [];
    for (let i = 0; i < 3; i++) {
      card.push(await orderOf(await shop.order(branchOrder(shop, [wish(line)], { phone, paymentType: 2 }))));
    }
    expect((await shop.order(branchOrder(shop, [wish(line)], { phone }))).status).toBe(409);
    await paid(card[0]?.hash ?? '');
    expect((await shop.order(branchOrder(shop, [wish(line)], { phone }))).status).toBe(201);
    expect((await shop.order(branchOrder(shop, [wish(line)], { phone }))).status).toBe(409);
    later(30);
    // The two unpaid card orders are canceled: two more fit beside the cash one.
    expect((await shop.order(branchOrder(shop, [wish(line)], { phone }))).status).toBe(201);
    expect((await shop.order(branchOrder(shop, [wish(line)], { phone }))).status).toBe(201);
    expect((await shop.order(branchOrder(shop, [wish(line)], { phone }))).status).toBe(409);
  });
});

describe('the hold of an order paid online (ORDER_PAYMENT_HOLD_MINUTES, 30)', () => {
  it('unpaid, it holds its units 30 minutes, then reads canceled, cannot be paid, and its units are for sale; cash, one-click and paid orders keep theirs', async () => {
    const line = await shop.line({ stock: 1 });
    const order = await orderOf(await shop.order(branchOrder(shop, [wish(line)], { paymentType: 2 })));
    expect(order).toMatchObject({ status: 0, paymentStatus: 0 });
    const kept = await shop.line({ stock: 3 });
    const cash = await orderOf(await shop.order(branchOrder(shop, [wish(kept)])));
    const quick = await orderOf(await oneClick({ phone: freshPhone(), items: [wish(kept)] }));
    const paidInTime = await orderOf(await shop.order(branchOrder(shop, [wish(kept)], { paymentType: 2 })));
    later(5);
    await paid(paidInTime.hash);
    later(24);
    expect((await getAnonymousOrder(shop.client(), order.hash)).status).toBe(0);
    expect(await available(line)).toBe(0);
    expect((await shop.order(branchOrder(shop, [wish(line)]))).status).toBe(409);

    later(1);
    expect(await getAnonymousOrder(shop.client(), order.hash)).toMatchObject({ status: 5, paymentStatus: 0 });
    expect(await available(line)).toBe(1);
    const payment = await createPayment(shop.client(), order.hash, `/order/${order.hash}`).catch((e: unknown) => e);
    expect(orderErrorOf(payment)).toMatchObject({ code: 4093 });
    expect((await shop.order(branchOrder(shop, [wish(line)]))).status).toBe(201);

    later(24 * 60);
    for (const other of [cash, quick, paidInTime]) {
      expect((await getAnonymousOrder(shop.client(), other.hash)).status).toBe(0);
    }
    expect(await available(kept)).toBe(0);
  });

  it('a payment approved after the hold ran out is recorded, but brings back neither the order nor its units', async () => {
    const line = await shop.line({ stock: 1 });
    const order = await orderOf(await shop.order(branchOrder(shop, [wish(line)], { paymentType: 2 })));
    const payment = await createPayment(shop.client(), order.hash, `/order/${order.hash}`);
    later(31);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await press(payment.paymentUrl, 'approve');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('refund'));
    error.mockRestore();
    expect((await getPaymentCheckout(shop.client(), payment.paymentHash)).status).toBe(3);
    expect(await getAnonymousOrder(shop.client(), order.hash)).toMatchObject({ status: 5, paymentStatus: 3 });
    expect(await available(line)).toBe(1);
    expect((await shop.order(branchOrder(shop, [wish(line)]))).status).toBe(201);
  });
});

describe('the bounds come from the environment, read once at start', () => {
  it('ORDER_LINE_MAX, ORDER_OPEN_PER_PHONE and ORDER_PAYMENT_HOLD_MINUTES set them, and the messages say them', async () => {
    vi.stubEnv('ORDER_LINE_MAX', '5');
    vi.stubEnv('ORDER_OPEN_PER_PHONE', '1');
    vi.stubEnv('ORDER_PAYMENT_HOLD_MINUTES', '5');
    let time = TODAY;
    const small = await createOrderShop({ now: () => time, seed: { seed: 42, products: 60 } });
    try {
      const line = await small.line({ stock: 10 });
      const six = await refused(await small.order(branchOrder(small, [wish(line, 6)])), 400);
      expect(six.fields).toEqual([{ field: 'items.0.quantity', message: 'Не больше 5 шт. одного товара в заказе' }]);

      const phone = freshPhone();
      expect((await small.order(branchOrder(small, [wish(line)], { phone }))).status).toBe(201);
      const ru = await refused(await small.order(branchOrder(small, [wish(line)], { phone })), 409);
      expect(ru.message).toBe('У вас уже 1 неоплаченный заказ. Оплатите или дождитесь его, чтобы оформить новый');
      const uk = await refused(
        await small.order(branchOrder(small, [wish(line)], { phone }), key(), '?locale=uk'),
        409,
      );
      expect(uk.message).toBe('У вас вже 1 неоплачене замовлення. Оплатіть або дочекайтеся його, щоб оформити нове');

      const card = await orderOf(await small.order(branchOrder(small, [wish(line)], { paymentType: 2 })));
      time = new Date(TODAY.getTime() + 5 * 60_000);
      expect((await getAnonymousOrder(small.client(), card.hash)).status).toBe(5);
    } finally {
      small.dispose();
    }
  });

  it.each([
    ['ORDER_LINE_MAX', '2O'],
    ['ORDER_LINE_MAX', '1000'],
    ['ORDER_OPEN_PER_PHONE', '0'],
    ['ORDER_OPEN_PER_PHONE', '1e3'],
    ['ORDER_PAYMENT_HOLD_MINUTES', ''],
    ['ORDER_PAYMENT_HOLD_MINUTES', '-30'],
  ])('%s=%j stops the start, naming it: a typo never lifts a bound', async (name, value) => {
    vi.stubEnv(name, value);
    await expect(createServices({ dataDir: ':memory:', seed: { seed: 42, products: 20 } })).rejects.toThrow(
      new RegExp(`^${name} `),
    );
  });
});
