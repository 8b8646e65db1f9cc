import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import { checkBasket } from '../../src/api/order.ts';
import { orderListSchema, orderSchema } from '../../src/api/schemas/order.ts';
import type { Order } from '../../src/api/schemas/order.ts';
import { orderStatusMoveResultSchema } from '../../src/api/schemas/orderAdmin.ts';
import type { OrderStatusMoveResult } from '../../src/api/schemas/orderAdmin.ts';
import { SANDBOX_SECURITY_TOKEN } from '../../src/api/schemas/user.ts';
import {
  confirmPhone,
  getBonusProfile,
  joinBonusProgram,
  login,
  readSandboxSms,
  registerByPhone,
} from '../../src/api/user.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';
import { branchOrder, createOrderShop, errorOf, orderOf, paidCertificate, TODAY, wish } from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';

/**
 * Order statuses move (docs/decisions.md "Order statuses move") over the order service's HTTP
 * contract with real SQLite: the admin route's token, the moves the rule allows and refuses, the
 * history every read shows, a cancellation's returns (units, certificate, points), nobody else's
 * orders, and the scheduled job that makes a subscription's repeat deliveries, run by hand against
 * the test's clock.
 */
const TOKEN = 'order-statuses-admin-token';
let shop: OrderShop;
let clock = TODAY;
let runJob: (() => Promise<void>) | null = null;

beforeAll(async () => {
  shop = await createOrderShop({
    orderAdminToken: TOKEN,
    now: () => clock,
    orderSchedule: (job) => {
      runJob = job;
    },
  });
});
afterAll(() => shop.dispose());

function move(number: string, body: unknown, token: string | null = TOKEN, locale = 'ru'): Promise<Response> {
  return shop.call(
    'POST',
    `order/admin/order/${number}/status?locale=${locale}`,
    body,
    token === null ? {} : { authorization: `Bearer ${token}` },
  );
}

async function moved(number: string, status: number, note?: string): Promise<OrderStatusMoveResult> {
  const response = await move(number, { status, ...(note === undefined ? {} : { note }) });
  expect(response.status, await response.clone().text()).toBe(200);
  return orderStatusMoveResultSchema.parse(await response.json());
}

async function readByHash(hash: string): Promise<Order> {
  const response = await shop.call('GET', `order/public/anon/order/${hash}?locale=ru`);
  expect(response.status).toBe(200);
  return orderSchema.parse(await response.json());
}

const placed = async (line: Line, quantity = 1, extra = {}): Promise<Order> =>
  orderOf(await shop.order(branchOrder(shop, [wish(line, quantity)], extra)));

const available = async (line: Line): Promise<number | undefined> =>
  (await checkBasket(shop.client(), { items: [wish(line)] })).basketItems[0]?.availableQuantity;

describe('the admin route’s token', () => {
  it('refuses a call without the token or with another one (401), before reading the body', async () => {
    const order = await placed(await shop.line());
    for (const token of [null, 'not-the-token']) {
      const response = await move(order.number, 'not even JSON', token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="order-admin"');
      expect(await response.json()).toEqual({
        code: 401,
        message: 'A valid token is required (Authorization: Bearer <ORDER_ADMIN_TOKEN>)',
      });
    }
    expect((await readByHash(order.hash)).status).toBe(0);
  });
});

describe('moving an order', () => {
  it('moves it step by step to delivered; every read shows the status and its history', async () => {
    const order = await placed(await shop.line());
    expect(order.statusHistory).toEqual([{ status: 0, at: order.createdAt }]);
    const steps = [2, 9, 3, 4, 6];
    for (const [i, status] of steps.entries()) {
      clock = new Date(TODAY.getTime() + (i + 1) * 3_600_000);
      const answer = await moved(order.number, status, 'ERP');
      expect(answer).toMatchObject({ changed: true, order: { number: order.number, status } });
    }
    clock = TODAY;
    const read = await readByHash(order.hash);
    expect(read.status).toBe(6);
    expect(read.statusHistory).toEqual([
      { status: 0, at: order.createdAt },
      ...steps.map((status, i) => ({ status, at: new Date(TODAY.getTime() + (i + 1) * 3_600_000).toISOString() })),
    ]);
  });

  it('answers the status the order already has as no change, and writes nothing', async () => {
    const order = await placed(await shop.line());
    await moved(order.number, 2);
    const again = await moved(order.number, 2);
    expect(again.changed).toBe(false);
    expect(again.order.statusHistory.map((s) => s.status)).toEqual([0, 2]);
  });

  it('refuses a move the rule does not allow with a 409 that names the allowed ones', async () => {
    const order = await placed(await shop.line());
    const skip = await move(order.number, { status: 4 });
    expect(skip.status).toBe(409);
    expect(await errorOf(skip)).toEqual({
      code: 4096,
      message:
        'An order cannot move from 0 (new) to 4 (transit); allowed: 1 (registered), 7 (error from the accounting system), 2 (agreed), 5 (canceled)',
      fields: [],
    });
    await moved(order.number, 2);
    await moved(order.number, 9);
    await moved(order.number, 6);
    const back = await move(order.number, { status: 5 });
    expect(back.status).toBe(409);
    expect((await errorOf(back)).message).toBe('An order cannot move from 6 (completed) to 5 (canceled); it is final');
    expect((await readByHash(order.hash)).statusHistory.map((s) => s.status)).toEqual([0, 2, 9, 6]);
  });

  it('refuses a status outside the spec, a malformed body or number (400) and a number nobody has (404)', async () => {
    const order = await placed(await shop.line());
    expect((await move(order.number, { status: 10 })).status).toBe(400);
    expect((await move(order.number, { status: 2, extra: 1 })).status).toBe(400);
    expect((await move(order.hash, { status: 2 })).status).toBe(400);
    const nobody = await move('9999999', { status: 2 });
    expect(nobody.status).toBe(404);
    expect((await errorOf(nobody)).code).toBe(404);
  });
});

describe('cancelling an order', () => {
  it('returns its units to sale and what its certificate paid', async () => {
    const line = await shop.line({ price: 300, stock: 3 });
    const key = await paidCertificate(shop, 500);
    const order = await placed(line, 2, { certificates: [{ type: 1, key }] });
    expect(order.certificateAmount).toBe(500);
    expect(await available(line)).toBe(1);
    const shownBefore = await checkBasket(shop.client(), { items: [wish(line)], certificates: [{ type: 1, key }] });
    expect(shownBefore.certificateList[0]?.discountAmount).toBe(0);

    const answer = await moved(order.number, 5, 'the shopper called');
    expect(answer.order.status).toBe(5);
    expect(await available(line)).toBe(3);
    const shownAfter = await checkBasket(shop.client(), { items: [wish(line)], certificates: [{ type: 1, key }] });
    expect(shownAfter.certificateList[0]?.discountAmount).toBe(300);
    // A canceled order stays canceled: nothing comes back twice.
    expect((await move(order.number, { status: 5 })).status).toBe(200);
    expect(await available(line)).toBe(3);
  });

  it('gives a member’s points back', async () => {
    const marta = await newMember();
    const line = await shop.line({ price: 400, stock: 5, where: (_p, v) => v.bonusMaxPaymentPercent === 50 });
    const response = await shop.call(
      'POST',
      'order/public/order?locale=ru',
      branchOrder(shop, [wish(line)], { usedBonuses: 30 }),
      {
        authorization: `Bearer ${marta.token}`,
        'idempotency-key': randomUUID(),
      },
    );
    const order = await orderOf(response);
    expect(await balance(marta)).toBe(20);
    await moved(order.number, 2);
    await moved(order.number, 5);
    expect(await balance(marta)).toBe(50);
  });
});

describe('an online order whose time to pay runs out', () => {
  it('is canceled with a history step, and gives back its certificate’s amount and, by the job, its points', async () => {
    if (runJob === null) throw new Error('the order service scheduled no job');
    const job = runJob;
    const marta = await newMember();
    const line = await shop.line({ price: 400, stock: 5, where: (_p, v) => v.bonusMaxPaymentPercent === 50 });
    const key = await paidCertificate(shop, 100);
    const body = branchOrder(shop, [wish(line)], { paymentType: 2, usedBonuses: 20, certificates: [{ type: 1, key }] });
    const order = await orderOf(
      await shop.call('POST', 'order/public/order?locale=ru', body, {
        authorization: `Bearer ${marta.token}`,
        'idempotency-key': randomUUID(),
      }),
    );
    expect(order).toMatchObject({ certificateAmount: 100, usedBonuses: 20 });
    expect(await balance(marta)).toBe(30);
    try {
      // 31 minutes on: the hold ran out; the job records it (and owes the points back)…
      clock = new Date(TODAY.getTime() + 31 * 60_000);
      await job();
      const read = await readByHash(order.hash);
      expect(read.status).toBe(5);
      expect(read.statusHistory.at(-1)?.status).toBe(5);
      const check = await checkBasket(shop.client(), { items: [wish(line)], certificates: [{ type: 1, key }] });
      expect(check.certificateList[0]?.discountAmount).toBe(100);
      // …and gives them back once nobody came back for them in 10 minutes.
      clock = new Date(TODAY.getTime() + 42 * 60_000);
      await job();
      expect(await balance(marta)).toBe(50);
    } finally {
      clock = TODAY;
    }
  });
});

describe('another shopper', () => {
  it('never reads the moved order by its number; its own shopper sees the history in the list', async () => {
    const olena = (await login(shop.client(), { login: '380501112233', password: DEMO_PASSWORD })).token;
    const andrii = (await login(shop.client(), { login: '380672223344', password: DEMO_PASSWORD })).token;
    const line = await shop.line();
    const order = await orderOf(
      await shop.call('POST', 'order/public/order?locale=uk', branchOrder(shop, [wish(line)]), {
        authorization: `Bearer ${olena}`,
        'idempotency-key': randomUUID(),
      }),
    );
    await moved(order.number, 2);
    const foreign = await shop.call('GET', `order/public/order/${order.number}?locale=ru`, undefined, {
      authorization: `Bearer ${andrii}`,
    });
    expect(foreign.status).toBe(404);
    const list = await shop.call('GET', 'order/public/order?limit=50', undefined, { authorization: `Bearer ${olena}` });
    const mine = orderListSchema.parse(await list.json()).items.find((o) => o.number === order.number);
    expect(mine?.statusHistory.map((s) => s.status)).toEqual([0, 2]);
    const theirs = await shop.call('GET', 'order/public/order?limit=50', undefined, {
      authorization: `Bearer ${andrii}`,
    });
    expect(orderListSchema.parse(await theirs.json()).items.some((o) => o.number === order.number)).toBe(false);
  });
});

describe('repeat deliveries of a subscription', () => {
  it('are ordered by the scheduled job when due by the service’s clock, once, and stop with a canceled first order', async () => {
    if (runJob === null) throw new Error('the order service scheduled no job');
    const job = runJob;
    const olena = (await login(shop.client(), { login: '380501112233', password: DEMO_PASSWORD })).token;
    const line = await shop.line({ price: 400, stock: 20, where: (product) => product.allowSubscription });
    const body = {
      ...branchOrder(shop, []),
      items: [],
      subscriptionItems: [{ ...wish(line, 2), isActive: true, intervalDays: 14, startDate: '2025-06-20' }],
    };
    const first = await orderOf(
      await shop.call('POST', 'order/public/order?locale=ru', body, {
        authorization: `Bearer ${olena}`,
        'idempotency-key': randomUUID(),
      }),
    );
    const repeats = async (): Promise<Order[]> => {
      const response = await shop.call('GET', 'order/public/order?limit=50', undefined, {
        authorization: `Bearer ${olena}`,
      });
      return orderListSchema.parse(await response.json()).items.filter((o) => o.repeatOf === first.number);
    };
    const at = async (iso: string): Promise<Order[]> => {
      clock = new Date(iso);
      await job();
      return repeats();
    };
    try {
      // The second delivery is on 4 July: ordered from 1 July (three days ahead), not before.
      expect(await at('2025-06-30T09:00:00Z')).toEqual([]);
      const [second, ...more] = await at('2025-07-01T09:00:00Z');
      expect(more).toEqual([]);
      expect(second).toMatchObject({
        status: 0,
        kind: 'order',
        deliveryMethodSlug: first.deliveryMethodSlug,
        deliveryAddress: first.deliveryAddress,
        paymentType: first.paymentType,
        usedBonuses: 0,
        activeOrderItems: [{ internalId: line.internalId, quantity: 2, price: first.activeOrderItems[0]?.price }],
      });
      expect(second?.createdAt).toBe('2025-07-01T09:00:00.000Z');
      // The same day again, or a process sharing the database: nothing twice.
      expect(await at('2025-07-02T09:00:00Z')).toHaveLength(1);
      // Missed deliveries are not made up: 18 July passed unseen, 1 August is next.
      expect(await at('2025-07-30T09:00:00Z')).toHaveLength(2);
      const newest = (await repeats())[0];
      expect(JSON.stringify(newest?.createdAt)).toContain('2025-07-30');
      await moved(first.number, 5);
      expect(await at('2025-08-20T09:00:00Z')).toHaveLength(2);
    } finally {
      clock = TODAY;
    }
  });
});

interface Member {
  token: string;
  client: HttpClient;
}

/** A new member with the 50 грн welcome bonus, signed in. */
async function newMember(): Promise<Member> {
  const phone = `38066${String(8_000_000 + Math.floor(Math.random() * 999_999)).padStart(7, '0')}`;
  const anonymous = shop.client();
  await registerByPhone(
    anonymous,
    { phone, firstName: 'Марта', securityToken: SANDBOX_SECURITY_TOKEN },
    { clientIp: '198.51.100.77' },
  );
  const sms = (await readSandboxSms(anonymous, phone)).items[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(sms)?.[1] ?? '';
  const { authorization } = await confirmPhone(anonymous, { phone, token: code });
  const client = createHttpClient({
    baseUrls: embeddedBaseUrls,
    locale: 'ru',
    fetch: shop.services.fetch,
    tokens: { get: () => ({ token: authorization.token, refreshToken: null }), set: () => {} },
  });
  await joinBonusProgram(client);
  return { token: authorization.token, client };
}

const balance = async (member: Member): Promise<number> => (await getBonusProfile(member.client)).activeAmount;
