import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBaseUrl, perService } from '../../src/api/config.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { orderListSchema } from '../../src/api/schemas/order.ts';
import type { Order, OrderError } from '../../src/api/schemas/order.ts';
import type { BonusHistory } from '../../src/api/schemas/user.ts';
import { SANDBOX_SECURITY_TOKEN } from '../../src/api/schemas/user.ts';
import {
  confirmPhone,
  getBonusHistory,
  getBonusProfile,
  joinBonusProgram,
  login,
  readSandboxSms,
  registerByPhone,
} from '../../src/api/user.ts';
import { createSomeServices } from '../../src/services/index.ts';
import type { SomeServices } from '../../src/services/index.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import { branchOrder, createOrderShop, errorOf, orderOf, TODAY, wish } from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';

/**
 * A signed-in member pays part of an order with bonus points (issue 11; docs/decisions.md
 * "Accounts: paying with bonuses"), over the services' HTTP contracts on real SQLite: the order
 * service judges the goods' limit, the user service spends the bearer's own points once per order
 * number, and an order refused after the spend gives them back. Then the same order service in
 * front of a user service that fails: its payments down, an answer lost after the spend, a
 * payment nobody came back for.
 */
const SERVICE_TOKEN = 'bonus-test-service-token';
let shop: OrderShop;
const started: { close(): unknown }[] = [];

beforeAll(async () => {
  shop = await createOrderShop({ userServiceToken: SERVICE_TOKEN });
});
afterAll(() => {
  for (const s of started) s.close();
  shop.dispose();
});

interface Shopper {
  token: string;
  client: HttpClient;
}

function signedIn(token: string, locale: Locale = 'ru'): HttpClient {
  return createHttpClient({
    baseUrls: embeddedBaseUrls,
    locale,
    fetch: shop.services.fetch,
    tokens: { get: () => ({ token, refreshToken: null }), set: () => {} },
  });
}

let registered = 0;
/** A shopper of the test's own (phone and address unique), signed in; a member with the 50 грн welcome bonus unless told. */
async function newShopper({ member = true } = {}): Promise<Shopper> {
  registered += 1;
  const phone = `38066${String(7_000_000 + registered).padStart(7, '0')}`;
  const clientIp = `198.51.100.${registered}`;
  const anonymous = shop.client();
  await registerByPhone(anonymous, { phone, firstName: 'Марта', securityToken: SANDBOX_SECURITY_TOKEN }, { clientIp });
  const sms = (await readSandboxSms(anonymous, phone)).items[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(sms)?.[1] ?? '';
  const { authorization } = await confirmPhone(anonymous, { phone, token: code });
  const client = signedIn(authorization.token);
  if (member) await joinBonusProgram(client);
  return { token: authorization.token, client };
}

const balance = async (shopper: Shopper): Promise<number> => (await getBonusProfile(shopper.client)).activeAmount;
const history = (shopper: Shopper): Promise<BonusHistory> => getBonusHistory(shopper.client, { page: 0 });

/** A variant of its own whose bonusMaxPaymentPercent is `percent`, both prices `price`. */
const lineAt = (percent: number, price: number): Promise<Line> =>
  shop.line({ price, stock: 50, where: (_p, v) => v.bonusMaxPaymentPercent === percent });

/** `POST /public/order?locale` of an order service (the shop's own unless told) with the shopper's bearer. */
function placeOrder(
  shopper: Shopper | null,
  body: unknown,
  {
    key = randomUUID(),
    locale = 'ru',
    services = shop.services,
  }: { key?: string; locale?: Locale; services?: SomeServices } = {},
): Promise<Response> {
  const path = shopper === null ? 'public/anon/order' : 'public/order';
  return services.fetch(
    new Request(`http://shop.test/svc/order/${path}?locale=${locale}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': key,
        ...(shopper === null ? {} : { authorization: `Bearer ${shopper.token}` }),
      },
      body: JSON.stringify(body),
    }),
  );
}

/** The shopper's orders as an order service lists them. */
async function ordersOf(shopper: Shopper, services: SomeServices = shop.services): Promise<Order[]> {
  const response = await services.fetch(
    new Request('http://shop.test/svc/order/public/order?limit=50', {
      headers: { authorization: `Bearer ${shopper.token}` },
    }),
  );
  expect(response.status).toBe(200);
  return orderListSchema.parse(await response.json()).items;
}

/** The refusal's fields as `{field: message}`. */
async function refusalOf(
  response: Response,
): Promise<{ status: number; code: number; fields: Record<string, string> }> {
  const error: OrderError = await errorOf(response);
  return {
    status: response.status,
    code: error.code,
    fields: Object.fromEntries(error.fields.map((f) => [f.field, f.message])),
  };
}

describe('a member pays part of an order with points', () => {
  it('spends within the limits: the order costs the points less, and the balance is less them once', async () => {
    const marta = await newShopper();
    expect(await balance(marta)).toBe(50);
    const line = await lineAt(50, 400);
    const order = await orderOf(await placeOrder(marta, branchOrder(shop, [wish(line)], { usedBonuses: 30 })));
    expect(order.usedBonuses).toBe(30);
    expect(order.price).toBe(400);
    expect(order.totalPrice).toBe(400 - 30 + order.deliveryPrice);
    expect(await balance(marta)).toBe(20);
    expect((await history(marta)).items[0]).toMatchObject({
      amount: -30,
      description: 'Оплата бонусами заказа',
      orderNumber: order.number,
    });
    // The order is the member's, with its points, like any signed-in order.
    expect((await ordersOf(marta)).map((o) => [o.number, o.usedBonuses])).toEqual([[order.number, 30]]);
  });

  it('points pay for the goods and do not lower them: 1 500 грн paid 50 with points still ships free (the free-delivery rule)', async () => {
    const marta = await newShopper();
    const line = await lineAt(50, 1500);
    const order = await orderOf(await placeOrder(marta, branchOrder(shop, [wish(line)], { usedBonuses: 50 })));
    expect(order).toMatchObject({ usedBonuses: 50, price: 1500, deliveryPrice: 0, totalPrice: 1450 });
  });

  it('a retry with the same Idempotency-Key answers the same order and spends nothing more, even sent twice at once', async () => {
    const marta = await newShopper();
    const line = await lineAt(50, 300);
    const body = branchOrder(shop, [wish(line)], { usedBonuses: 25 });
    const key = randomUUID();
    const [first, second] = await Promise.all([placeOrder(marta, body, { key }), placeOrder(marta, body, { key })]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 201]);
    const [a, b] = [await orderOf(first), await orderOf(second)];
    expect(a.number).toBe(b.number);
    const again = await placeOrder(marta, body, { key });
    expect(again.status).toBe(200);
    expect((await orderOf(again)).number).toBe(a.number);
    expect(await balance(marta)).toBe(25);
    const spent = (await history(marta)).items.filter((item) => item.amount < 0);
    expect(spent).toEqual([expect.objectContaining({ amount: -25, orderNumber: a.number })]);
    expect(await ordersOf(marta)).toHaveLength(1);
  });

  it('pays the whole of what the goods allow when the balance is enough (Олена, a member of a year)', async () => {
    const { token } = await login(shop.client(), { login: '380501112233', password: DEMO_PASSWORD });
    const olena = { token, client: signedIn(token) };
    const before = await balance(olena);
    const line = await lineAt(30, 500);
    const response = await placeOrder(olena, branchOrder(shop, [wish(line, 2)], { usedBonuses: 300 }));
    expect((await orderOf(response)).usedBonuses).toBe(300);
    expect(await balance(olena)).toBeCloseTo(before - 300, 2);
  });
});

describe('what is refused, with a message on usedBonuses in the order’s language, spending nothing', () => {
  let member: Shopper;
  let notMember: Shopper;
  let fifty: Line;
  let none: Line;

  beforeAll(async () => {
    [member, notMember] = await Promise.all([newShopper(), newShopper({ member: false })]);
    fifty = await lineAt(50, 400);
    none = await lineAt(0, 400);
  });

  it.each<[string, () => { shopper: Shopper | null; usedBonuses: number; line: () => Line }, Record<Locale, string>]>([
    [
      'more than the member has',
      () => ({ shopper: member, usedBonuses: 60, line: () => fifty }),
      { ru: 'Недостаточно бонусов: доступно 50 грн', uk: 'Недостатньо бонусів: доступно 50 грн' },
    ],
    [
      'more than the goods allow (bonusMaxPayment)',
      () => ({ shopper: member, usedBonuses: 201, line: () => fifty }),
      { ru: 'Бонусами можно оплатить не больше 200 грн', uk: 'Бонусами можна сплатити не більше 200 грн' },
    ],
    [
      'goods whose bonusMaxPaymentPercent is 0',
      () => ({ shopper: member, usedBonuses: 10, line: () => none }),
      { ru: 'Эти товары нельзя оплатить бонусами', uk: 'Ці товари не можна сплатити бонусами' },
    ],
    [
      'a shopper who is not a member',
      () => ({ shopper: notMember, usedBonuses: 10, line: () => fifty }),
      {
        ru: 'Бонусами могут платить только участники бонусной программы',
        uk: 'Бонусами можуть платити лише учасники бонусної програми',
      },
    ],
    [
      'an anonymous shopper',
      () => ({ shopper: null, usedBonuses: 10, line: () => fifty }),
      {
        ru: 'Бонусами могут платить участники бонусной программы после входа в личный кабинет',
        uk: 'Бонусами можуть платити учасники бонусної програми після входу в особистий кабінет',
      },
    ],
  ])('%s', async (_name, setup, messages) => {
    const { shopper, usedBonuses, line } = setup();
    for (const locale of ['ru', 'uk'] as const) {
      const response = await placeOrder(shopper, branchOrder(shop, [wish(line())], { usedBonuses }), { locale });
      expect(await refusalOf(response)).toEqual({ status: 400, code: 400, fields: { usedBonuses: messages[locale] } });
    }
    expect(await balance(member)).toBe(50);
    expect(await ordersOf(member)).toEqual([]);
    expect(await ordersOf(notMember)).toEqual([]);
  });

  it.each([12.5, -5, 1e9])(
    'usedBonuses %j: not a whole number of hryvnias ≥ 0 (the contract’s rule)',
    async (usedBonuses) => {
      const response = await placeOrder(member, { ...branchOrder(shop, [wish(fifty)]), usedBonuses });
      expect(await refusalOf(response)).toEqual({
        status: 400,
        code: 400,
        fields: { usedBonuses: 'Бонусы списываются целым числом' },
      });
      expect(await balance(member)).toBe(50);
    },
  );

  it('usedBonuses as text is refused on its field too', async () => {
    const response = await placeOrder(member, { ...branchOrder(shop, [wish(fifty)]), usedBonuses: '10' });
    const refusal = await refusalOf(response);
    expect(refusal.status).toBe(400);
    expect(Object.keys(refusal.fields)).toEqual(['usedBonuses']);
  });

  it('the points are always the bearer’s own: no field of the order names whose', async () => {
    // A shopper with no points sends an order naming a member every way a body could.
    const body = { ...branchOrder(shop, [wish(fifty)], { usedBonuses: 10 }), customerId: 1, phone: '380501112233' };
    const refusal = await refusalOf(await placeOrder(notMember, body));
    expect(refusal.fields).toEqual({ usedBonuses: 'Бонусами могут платить только участники бонусной программы' });
    // …and the member's order spends the member's points, nobody else's.
    const order = await orderOf(await placeOrder(member, branchOrder(shop, [wish(fifty)], { usedBonuses: 5 })));
    expect(order.usedBonuses).toBe(5);
    expect(await balance(member)).toBe(45);
    const { token } = await login(shop.client(), { login: '380672223344', password: DEMO_PASSWORD });
    expect((await getBonusProfile(signedIn(token))).activeAmount).toBe(0);
  });

  it('a shopper cannot reach the user service’s payment call without the services’ token', async () => {
    const response = await shop.call(
      'POST',
      'user/internal/bonus/order-payment',
      { orderNumber: '1000999', amount: 5 },
      { authorization: `Bearer ${notMember.token}` },
    );
    expect(response.status).toBe(403);
    const giveBack = await shop.call('POST', 'user/internal/bonus/order-payment/give-back', {
      customerId: 1,
      orderNumber: '1000999',
    });
    expect(giveBack.status).toBe(403);
  });
});

describe('an order refused after its points were spent', () => {
  it('gives them back: the balance is whole again and the history shows both lines of the order', async () => {
    const faulty = await faultyShop();
    const marta = await newShopper();
    const line = await shop.line({ price: 400, stock: 1, where: (_p, v) => v.bonusMaxPaymentPercent === 50 });
    // While the points are being spent, another shopper's order takes the last unit.
    faulty.beforePayment = async () => {
      const rival = await placeOrder(null, branchOrder(shop, [wish(line)]), { services: faulty.services });
      expect(rival.status).toBe(201);
    };
    const response = await placeOrder(marta, branchOrder(shop, [wish(line)], { usedBonuses: 40 }), {
      services: faulty.services,
    });
    expect(response.status).toBe(409);
    expect(await balance(marta)).toBe(50);
    const lines = (await history(marta)).items.filter((item) => item.orderNumber !== null);
    expect(lines.map((item) => [item.amount, item.description])).toEqual([
      [40, 'Возврат бонусов за заказ'],
      [-40, 'Оплата бонусами заказа'],
    ]);
    expect(lines[0]?.orderNumber).toBe(lines[1]?.orderNumber);
    expect(await ordersOf(marta, faulty.services)).toEqual([]);
  });
});

describe('when the user service fails', () => {
  it('its payments down: a 503 with Retry-After, no order, nothing spent', async () => {
    const faulty = await faultyShop();
    const marta = await newShopper();
    const line = await lineAt(50, 400);
    faulty.payments = 'down';
    const response = await placeOrder(marta, branchOrder(shop, [wish(line)], { usedBonuses: 20 }), {
      services: faulty.services,
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await ordersOf(marta, faulty.services)).toEqual([]);
    expect(await balance(marta)).toBe(50);
    // The same order without points is placed as ever: only the payment needs the user service.
    expect(
      (await orderOf(await placeOrder(marta, branchOrder(shop, [wish(line)]), { services: faulty.services })))
        .usedBonuses,
    ).toBe(0);
  });

  it('all of it down: a signed-in order is a 503 before anything else', async () => {
    const faulty = await faultyShop();
    const marta = await newShopper();
    faulty.all = 'down';
    const response = await placeOrder(marta, branchOrder(shop, [wish(await lineAt(50, 400))], { usedBonuses: 20 }), {
      services: faulty.services,
    });
    expect(response.status).toBe(503);
    faulty.all = 'up';
    expect(await ordersOf(marta, faulty.services)).toEqual([]);
    expect(await balance(marta)).toBe(50);
  });

  it('an answer lost after the spend: 503 and no order; the retry with the same key places it under the same number, spending once', async () => {
    const faulty = await faultyShop();
    const marta = await newShopper();
    const line = await lineAt(50, 400);
    const body = branchOrder(shop, [wish(line)], { usedBonuses: 35 });
    const key = randomUUID();
    faulty.payments = 'lose-answer';
    const lost = await placeOrder(marta, body, { key, services: faulty.services });
    expect(lost.status).toBe(503);
    expect(await ordersOf(marta, faulty.services)).toEqual([]);
    // The user service did spend: the order service did not hear it.
    expect(await balance(marta)).toBe(15);
    const spentFor = (await history(marta)).items[0]?.orderNumber;

    faulty.payments = 'up';
    const retried = await orderOf(await placeOrder(marta, body, { key, services: faulty.services }));
    expect(retried.number).toBe(spentFor);
    expect(retried.usedBonuses).toBe(35);
    expect(await balance(marta)).toBe(15);
    expect((await history(marta)).items.filter((item) => item.amount < 0)).toHaveLength(1);
  });

  it('a payment nobody came back for is given back once it has waited ten minutes', async () => {
    const faulty = await faultyShop();
    const marta = await newShopper();
    const line = await lineAt(50, 400);
    faulty.payments = 'lose-answer';
    expect(
      (await placeOrder(marta, branchOrder(shop, [wish(line)], { usedBonuses: 45 }), { services: faulty.services }))
        .status,
    ).toBe(503);
    expect(await balance(marta)).toBe(5);

    faulty.payments = 'up';
    const other = await newShopper();
    // Nine minutes on: the first intent may still come back, so its points stay.
    faulty.advance(9 * 60);
    await orderOf(
      await placeOrder(other, branchOrder(shop, [wish(line)], { usedBonuses: 5 }), { services: faulty.services }),
    );
    await settled();
    expect(await balance(marta)).toBe(5);
    // Past ten minutes the next order with points settles what is owed.
    faulty.advance(2 * 60);
    await orderOf(
      await placeOrder(other, branchOrder(shop, [wish(line)], { usedBonuses: 5 }), { services: faulty.services }),
    );
    await expect.poll(() => balance(marta)).toBe(50);
    expect((await history(marta)).items[0]).toMatchObject({ amount: 45, description: 'Возврат бонусов за заказ' });
    expect(await ordersOf(marta, faulty.services)).toEqual([]);
  });
});

/** Lets fire-and-forget work of the order service (the sweep of owed give-backs) run. */
function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

interface Faults {
  /** The user service's payment calls: answered, refused at the door (503), or made and their answer lost (502). */
  payments: 'up' | 'down' | 'lose-answer';
  /** Every call of the user service. */
  all: 'up' | 'down';
  /** Runs when a payment call passes, before the user service sees it. */
  beforePayment: (() => Promise<void>) | null;
  /** Moves the order service's clock on. */
  advance(seconds: number): void;
}

interface FaultyShop extends Faults {
  /** An order service of its own, with the shop's catalogue, delivery and user service behind a proxy. */
  services: SomeServices;
}

async function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<string> {
  const server = await new Promise<ServerType>((ready) => {
    const s = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => ready(s));
  });
  started.push({ close: () => server.close() });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${(address satisfies AddressInfo).port}`;
}

/**
 * A second order service over real HTTP: the shop's search and delivery as they are, its user
 * service behind a proxy the test turns off or makes lose answers, with the shop's service token.
 */
async function faultyShop(): Promise<FaultyShop> {
  const { apps } = shop.services;
  let now = TODAY.getTime();
  const faults: Faults = {
    payments: 'up',
    all: 'up',
    beforePayment: null,
    advance: (seconds) => {
      now += seconds * 1000;
    },
  };
  const userUrl = await listen(async (request) => {
    if (faults.all === 'down') return Response.json({ code: 503, message: 'down' }, { status: 503 });
    const payment = new URL(request.url).pathname.startsWith('/internal/bonus/order-payment');
    if (payment && faults.payments === 'down') return Response.json({ code: 503, message: 'down' }, { status: 503 });
    if (payment && faults.beforePayment) {
      await faults.beforePayment();
      faults.beforePayment = null;
    }
    const answer = await apps.user.fetch(request);
    if (payment && faults.payments === 'lose-answer') return new Response('Bad Gateway', { status: 502 });
    return answer;
  });
  const [searchUrl, deliveryUrl] = await Promise.all([
    listen((request) => apps.search.fetch(request)),
    listen((request) => apps.delivery.fetch(request)),
  ]);
  const services = await createSomeServices(['order'], {
    dataDir: ':memory:',
    seed: { seed: 42, products: 300 },
    serviceUrls: perService((service) => {
      const url = { search: searchUrl, delivery: deliveryUrl, user: userUrl }[
        service as 'search' | 'delivery' | 'user'
      ];
      return url === undefined ? { url: embeddedBaseUrl(service), embedded: true } : { url, embedded: false };
    }),
    now: () => new Date(now),
    userServiceToken: SERVICE_TOKEN,
  });
  started.push(services);
  return Object.assign(faults, { services });
}
