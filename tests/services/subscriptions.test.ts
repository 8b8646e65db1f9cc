import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../src/api/user.ts';
import { basketCheckResponseSchema } from '../../src/api/schemas/basket.ts';
import type { BasketCheckResponse } from '../../src/api/schemas/basket.ts';
import { SUBSCRIPTION_TERMS } from '../../src/api/schemas/order.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import { ADMIN_TOKEN, branchOrder, createOrderShop, errorOf, key, orderOf, wish } from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';

/**
 * Subscription (repeat-delivery) lines over the embedded services' HTTP contracts (storefront spec
 * §3 `subscriptionItems`, §5, §6; docs/decisions.md "Accounts: subscriptions"): the basket check
 * prices a subscription line at the subscription price when it is lower; the order service takes
 * subscriptions only from a signed-in shopper, on the terms the shop offers, prices them from the
 * catalogue itself and keeps their interval and first delivery; nobody else reads the order.
 * The order service's clock is fixed at 2025-06-15 (Kyiv) by orderSupport.ts.
 */
let shop: OrderShop;
/** Олена's and Андрій's bearers (the two seeded demo accounts). */
let olena: string;
let andrii: string;

const TODAY = '2025-06-15';

beforeAll(async () => {
  shop = await createOrderShop();
  olena = (await login(shop.client(), { login: '380501112233', password: DEMO_PASSWORD })).token;
  andrii = (await login(shop.client(), { login: '380672223344', password: DEMO_PASSWORD })).token;
});
afterAll(() => shop.dispose());

/** A variant of a product that allows subscription, priced `price` (recommended and selling) with `subscription` on subscription. */
async function subscribable(price: number, subscription: number | null, stock = 10): Promise<Line> {
  const line = await shop.line({ price, stock, where: (product) => product.allowSubscription });
  await patch(line, { price: { subscription } });
  return line;
}

async function patch(line: Line, change: unknown): Promise<void> {
  const response = await shop.call(
    'PATCH',
    `search/admin/product/${line.productId}/variant/${line.internalId}`,
    change,
    { authorization: `Bearer ${ADMIN_TOKEN}` },
  );
  expect(response.status, await response.clone().text()).toBe(200);
}

function subscription(line: Line, quantity = 1, over: Record<string, unknown> = {}) {
  return { ...wish(line, quantity), isActive: true, intervalDays: 30, startDate: '2025-06-20', ...over };
}

/** `POST /public/order` with Олена's (or another) bearer. */
function customerOrder(body: unknown, bearer = olena, query = '?locale=ru'): Promise<Response> {
  return shop.call('POST', `order/public/order${query}`, body, {
    authorization: `Bearer ${bearer}`,
    'idempotency-key': key(),
  });
}

async function check(body: Record<string, unknown>): Promise<BasketCheckResponse> {
  const response = await shop.call('POST', 'order/public/basket/check?locale=ru', {
    project: 'bbs',
    items: [],
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return basketCheckResponseSchema.parse(await response.json());
}

async function fieldsOf(response: Response, status = 400): Promise<Record<string, string>> {
  const error = await errorOf(response);
  expect(response.status, JSON.stringify(error)).toBe(status);
  return Object.fromEntries(error.fields.map((f) => [f.field, f.message]));
}

describe('the basket check', () => {
  it('prices a subscription line at the subscription price and its variant’s price line at the final price', async () => {
    const line = await subscribable(400, 340);
    const answer = await check({
      items: [wish(line, 2)],
      subscriptionItems: [{ ...wish(line, 3), intervalDays: 30 }],
    });
    const [bought, subscribed] = answer.basketItems;
    expect(bought).toMatchObject({ internalId: line.internalId, checked: { quantity: 2, price: 400, cost: 800 } });
    expect(bought?.intervalDays ?? null).toBeNull();
    expect(subscribed).toMatchObject({
      internalId: line.internalId,
      intervalDays: 30,
      subscriptionPrice: 340,
      quantity: 3,
      checked: { quantity: 3, price: 340, cost: 1020 },
    });
    expect(answer.cost).toBe(1820);
  });

  it('prices it at the final price when the subscription price is not lower (spec §5)', async () => {
    const line = await subscribable(400, 450);
    const answer = await check({ subscriptionItems: [{ ...wish(line, 1), intervalDays: 14 }] });
    expect(answer.basketItems[0]).toMatchObject({ subscriptionPrice: 400, checked: { price: 400 } });
  });

  it('shares a variant’s stock between its price line and its subscriptions, in that order', async () => {
    const line = await subscribable(400, 340, 4);
    const answer = await check({
      items: [wish(line, 3)],
      subscriptionItems: [{ ...wish(line, 2), intervalDays: 30 }],
    });
    expect(answer.basketItems.map((i) => [i.intervalDays ?? null, i.checked.quantity, i.availableQuantity])).toEqual([
      [null, 3, 4],
      [30, 1, 4],
    ]);
  });

  it('answers a subscription of a product that does not allow it with error 6, nothing sold', async () => {
    const line = await shop.line({ price: 400, where: (product) => !product.allowSubscription });
    const answer = await check({ subscriptionItems: [{ ...wish(line, 1), intervalDays: 30 }] });
    expect(answer.basketItems[0]).toMatchObject({ errorCode: 6, checked: { quantity: 0, cost: 0 } });
    expect(answer.cost).toBe(0);
  });
});

describe('a signed-in shopper’s subscription order', () => {
  it('is priced by the service at the subscription price and keeps its interval and first delivery', async () => {
    const line = await subscribable(500, 425);
    const bought = await shop.line({ price: 300 });
    const payload = {
      ...branchOrder(shop, [wish(bought, 1)]),
      // A price the browser might send is not part of the contract: ignored.
      subscriptionItems: [{ ...subscription(line, 2, { intervalDays: 60, startDate: '2025-07-01' }), price: 1 }],
    };
    const response = await customerOrder(payload);
    expect(response.status).toBe(201);
    const order = await orderOf(response);
    const lines = order.activeOrderItems.map((l) => [
      l.internalId,
      l.quantity,
      l.price,
      l.totalPrice,
      l.intervalDays,
      l.startDate,
    ]);
    expect(lines).toEqual([
      [bought.internalId, 1, 300, 300, null, null],
      [line.internalId, 2, 425, 850, 60, '2025-07-01'],
    ]);
    expect(order.price).toBe(1150);

    // Read back by number: the same lines, the subscription's terms kept.
    const read = await shop.call('GET', `order/public/order/${order.number}?locale=uk`, undefined, {
      authorization: `Bearer ${olena}`,
    });
    expect(read.status).toBe(200);
    expect((await orderOf(read)).activeOrderItems[1]).toMatchObject({ intervalDays: 60, startDate: '2025-07-01' });
  });

  it('may hold subscriptions alone, starting today (Kyiv), at the price the catalogue has when it is placed', async () => {
    const line = await subscribable(200, 180);
    // The browser saw 180; the ERP lowers it before the order: the order takes the new price.
    await patch(line, { price: { subscription: 170 } });
    const order = await orderOf(
      await customerOrder(branchOrder(shop, [], { subscriptionItems: [subscription(line, 1, { startDate: TODAY })] })),
    );
    expect(order.activeOrderItems).toMatchObject([{ internalId: line.internalId, price: 170, intervalDays: 30 }]);
  });

  it('is refused from an anonymous shopper (spec §6)', async () => {
    const line = await subscribable(300, 270);
    const other = await shop.line({ price: 300 });
    const fields = await fieldsOf(
      await shop.order(branchOrder(shop, [wish(other)], { subscriptionItems: [subscription(line)] })),
    );
    expect(fields).toEqual({ subscriptionItems: 'Подписка на товары доступна только после входа в личный кабинет' });
  });

  it('refuses an interval the shop does not offer and a first delivery in the past or too far, on the field', async () => {
    const line = await subscribable(300, 270);
    const fields = await fieldsOf(
      await customerOrder(
        branchOrder(shop, [], {
          subscriptionItems: [
            subscription(line, 1, { intervalDays: 45 }),
            subscription(line, 1, { intervalDays: 14, startDate: '2025-06-14' }),
            subscription(line, 1, { intervalDays: 90, startDate: '2025-09-14' }),
            subscription(line, 1, { intervalDays: 60, isActive: false }),
          ],
        }),
      ),
    );
    expect(fields).toEqual({
      'subscriptionItems.0.intervalDays': 'Доставка по подписке возможна каждые 14, 30, 60 или 90 дней',
      'subscriptionItems.1.startDate': 'Дата должна быть сегодня или позже',
      'subscriptionItems.2.startDate': 'Первая доставка — не позже чем через 90 дней',
      'subscriptionItems.3.isActive': 'Новая подписка должна быть активной',
    });
    expect(SUBSCRIPTION_TERMS.intervals).toEqual([14, 30, 60, 90]);
  });

  it('says so in Ukrainian on the Ukrainian site (accounts spec §5 text)', async () => {
    const line = await subscribable(300, 270);
    const fields = await fieldsOf(
      await customerOrder(
        branchOrder(shop, [], { subscriptionItems: [subscription(line, 1, { startDate: '2025-01-01' })] }),
        olena,
        '?locale=uk',
      ),
    );
    expect(fields).toEqual({ 'subscriptionItems.0.startDate': 'Дата повинна бути сьогодні або пізніше' });
  });

  it('refuses (409) a subscription of a product that does not allow it, naming the line', async () => {
    const line = await shop.line({ price: 300, where: (product) => !product.allowSubscription });
    const fields = await fieldsOf(
      await customerOrder(branchOrder(shop, [], { subscriptionItems: [subscription(line)] })),
      409,
    );
    expect(Object.keys(fields)).toEqual(['subscriptionItems.0']);
    expect(fields['subscriptionItems.0']).toMatch(/нельзя оформить по подписке/);
  });

  it('reserves the first delivery’s units with the variant’s other lines: no overselling', async () => {
    const line = await subscribable(300, 270, 3);
    const fields = await fieldsOf(
      await customerOrder(branchOrder(shop, [wish(line, 2)], { subscriptionItems: [subscription(line, 2)] })),
      409,
    );
    expect(Object.keys(fields)).toEqual(['subscriptionItems.0.quantity']);
    await orderOf(
      await customerOrder(branchOrder(shop, [wish(line, 1)], { subscriptionItems: [subscription(line, 2)] })),
    );
    // The 3 units are held now: nothing is left for anyone.
    const answer = await check({ subscriptionItems: [{ ...wish(line, 1), intervalDays: 30 }] });
    expect(answer.basketItems[0]).toMatchObject({ errorCode: 4, availableQuantity: 0 });
  });

  it('is not another shopper’s to read: their number is a 404', async () => {
    const line = await subscribable(300, 270);
    const order = await orderOf(
      await customerOrder(branchOrder(shop, [], { subscriptionItems: [subscription(line)] })),
    );
    const read = await shop.call('GET', `order/public/order/${order.number}`, undefined, {
      authorization: `Bearer ${andrii}`,
    });
    expect(read.status).toBe(404);
    const list = await shop.call('GET', 'order/public/order?limit=50', undefined, {
      authorization: `Bearer ${andrii}`,
    });
    expect(JSON.stringify(await list.json())).not.toContain(order.number);
  });
});
