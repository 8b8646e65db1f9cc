import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getAnonymousOrder, getCustomerOrder, orderErrorOf } from '../../src/api/order.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { basketOneClickPost } from '../../src/server/basket/basketOneClick.ts';
import { addToSessionBasket, readSessionBasket } from '../../src/server/basket/sessionBasket.ts';
import { loadBasketOneClickPage } from '../../src/server/pages/basketOneClickPage.ts';
import type { PageOutcome, PageRequest } from '../../src/server/request/pageOutcome.ts';
import { shopperClient } from '../../src/server/session/shopperClient.ts';
import type { BasketPageModel } from '../../src/domain/basket/basketPageModel.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import { FakeSession } from '../unit/support/authFakes.ts';
import { endpointKit } from './endpointSupport.ts';
import { createOrderShop, freshPhone, TODAY, type Line, type OrderShop } from './orderSupport.ts';

/**
 * «Купить в один клик» from the basket against the embedded services: the no-JavaScript basket
 * page's post (src/server/pages/basketOneClickPage.ts: the session's lines) and the island's
 * `POST /api/basket/one-click` (src/server/basket/basketOneClick.ts: the browser's lines). Every
 * line in one order, one order per intent, the session's basket emptied only once the order
 * exists, a refusal keeping what was typed, and a signed-in shopper's order theirs alone.
 */
let shop: OrderShop;
let shirt: Line;
let socks: Line;

const kit = endpointKit({
  services: () => shop.services,
  path: '/api/basket/one-click?locale=ru',
  clientIp: '203.0.113.9',
});

beforeAll(async () => {
  shop = await createOrderShop();
  shirt = await shop.line({ price: 250, stock: 50 });
  socks = await shop.line({ price: 40, stock: 50 });
});
afterAll(() => shop.dispose());

async function basketOf(lines: readonly [Line, number][]): Promise<FakeSession> {
  const session = new FakeSession();
  for (const [line, quantity] of lines) {
    await addToSessionBasket(session, { productId: line.productId, internalId: line.internalId, quantity });
  }
  return session;
}

function post(session: FakeSession, fields: Record<string, string>, locale: Locale = 'ru') {
  const url = new URL(`${locale === 'uk' ? '/ua' : ''}/basket/one-click`, 'http://shop.test');
  const request: PageRequest = {
    api: shop.client(locale),
    locale,
    t: createT(locale),
    origin: url.origin,
    url,
    params: {},
  };
  const http = new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return loadBasketOneClickPage(request, http, session, {
    shopper: () => Promise.resolve(null),
    clientIp: '203.0.113.9',
    now: () => TODAY,
  });
}

function placedHash(outcome: PageOutcome<BasketPageModel>, locale: Locale = 'ru'): string {
  if (outcome.kind !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(outcome)}`);
  expect(outcome.status).toBe(303);
  const match = new RegExp(`^${locale === 'uk' ? '/ua' : ''}/order/([^/?]+)\\?placed=1$`).exec(outcome.location);
  if (!match?.[1]) throw new Error(`not an order page: ${outcome.location}`);
  return match[1];
}

function formBack(outcome: PageOutcome<BasketPageModel>) {
  if (outcome.kind !== 'personal' || !outcome.model.oneClick) throw new Error(`expected the form: ${outcome.kind}`);
  return { status: outcome.status, form: outcome.model.oneClick, lines: outcome.model.lines };
}

const placedSchema = z.object({ hash: z.string(), location: z.string() });
const refusalSchema = z.object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) });

const lineQuantities = async (hash: string) =>
  (await getAnonymousOrder(shop.client(), hash)).activeOrderItems.map((l) => [l.internalId, l.quantity]);

describe('the no-JavaScript basket page’s one-click', () => {
  it('orders every line of the session’s basket, 303 to the order, and empties that basket', async () => {
    const session = await basketOf([
      [shirt, 2],
      [socks, 1],
      [socks, 2],
    ]);
    const { version } = await readSessionBasket(session);
    const hash = placedHash(await post(session, { version, phone: '093 123 45 67', firstName: 'Олена' }, 'uk'), 'uk');
    const order = await getAnonymousOrder(shop.client(), hash);
    expect(order).toMatchObject({ kind: 'one-click', phone: '380931234567', firstName: 'Олена', price: 620 });
    expect(await lineQuantities(hash)).toEqual([
      [shirt.internalId, 2],
      [socks.internalId, 3],
    ]);
    expect((await readSessionBasket(session)).lines).toEqual([]);
  });

  it('a bad phone or a missing name: the messages by their fields, what was typed kept, the basket kept (400)', async () => {
    const session = await basketOf([[shirt, 1]]);
    const { version } = await readSessionBasket(session);
    const intent = randomUUID();
    const back = formBack(await post(session, { version, intent, phone: '+7 912 345 67 89', firstName: ' ' }, 'uk'));
    expect(back.status).toBe(400);
    expect(back.form.errors).toEqual({
      phone: 'Номер телефону має починатись з +380',
      firstName: 'Поле обов’язкове до заповнення',
    });
    expect(back.form).toMatchObject({ values: { phone: '+7 912 345 67 89', firstName: ' ' }, intent, version });
    expect(back.form.action).toBe('/ua/basket/one-click');
    expect(back.lines.map((l) => l.internalId)).toEqual([shirt.internalId]);
    expect((await readSessionBasket(session)).lines).toHaveLength(1);
  });

  it('a basket changed since the page showed it is shown again, not ordered unseen (409)', async () => {
    const session = await basketOf([[shirt, 1]]);
    const { version } = await readSessionBasket(session);
    await addToSessionBasket(session, { productId: socks.productId, internalId: socks.internalId, quantity: 1 });
    const back = formBack(await post(session, { version, phone: `+${freshPhone()}`, firstName: 'Олена' }));
    expect(back.status).toBe(409);
    expect(back.form.errors).toEqual({ items: 'Корзина изменилась. Проверьте её и отправьте заказ ещё раз' });
    expect(back.form.version).not.toBe(version);
    expect((await readSessionBasket(session)).lines).toHaveLength(2);
  });

  it('a line the stock cannot cover is the order service’s message, nothing ordered (409)', async () => {
    const scarce = await shop.line({ price: 100, stock: 1 });
    const session = await basketOf([
      [shirt, 1],
      [scarce, 2],
    ]);
    const { version } = await readSessionBasket(session);
    const back = formBack(await post(session, { version, phone: `+${freshPhone()}`, firstName: 'Олена' }));
    expect(back.status).toBe(409);
    expect(back.form.errors.items).toMatch(/^Недостаточно товара «.+»: доступно 1 шт\.$/);
    expect((await readSessionBasket(session)).lines).toHaveLength(2);
  });

  it('without JavaScript a doubled post (the same basket, one address) is one order', async () => {
    const fields = (session: FakeSession) =>
      readSessionBasket(session).then(({ version }) => ({ version, phone: '+380931112299', firstName: 'Олена' }));
    const first = await basketOf([[socks, 1]]);
    const second = await basketOf([[socks, 1]]);
    const [a, b] = await Promise.all([post(first, await fields(first)), post(second, await fields(second))]);
    expect(placedHash(b)).toBe(placedHash(a));
  });
});

describe('the browser basket’s one-click (POST /api/basket/one-click)', () => {
  const items = (...lines: [Line, number][]) =>
    lines.map(([line, quantity]) => ({ productId: line.productId, internalId: line.internalId, quantity }));
  const send = (session: FakeSession, json: unknown, locale: Locale = 'ru') =>
    basketOneClickPost.run(kit.context(session, { body: { json }, locale }));

  it('orders the lines it is sent; the same intent sent twice is one order', async () => {
    const body = {
      items: items([shirt, 1], [socks, 4]),
      phone: `+${freshPhone()}`,
      firstName: 'Олена',
      intent: randomUUID(),
    };
    const first = await send(new FakeSession(), body);
    expect(first.status).toBe(200);
    const placed = placedSchema.parse(await first.json());
    expect(placed.location).toBe(`/order/${placed.hash}?placed=1`);
    expect(await lineQuantities(placed.hash)).toEqual([
      [shirt.internalId, 1],
      [socks.internalId, 4],
    ]);
    const again = placedSchema.parse(await (await send(new FakeSession(), body)).json());
    expect(again.hash).toBe(placed.hash);
  });

  it('refuses by field in the page’s language, and an empty basket by its own message', async () => {
    const refused = await send(new FakeSession(), { items: [], phone: '12', firstName: '' }, 'uk');
    expect(refused.status).toBe(400);
    const body = refusalSchema.parse(await refused.json());
    expect(Object.fromEntries(body.fields.map((f) => [f.field, f.message]))).toEqual({
      phone: 'Номер закороткий: після +380 потрібно 9 цифр',
      firstName: 'Поле обов’язкове до заповнення',
      items: 'У кошику немає товарів для замовлення',
    });
  });

  it('a signed-in shopper’s order is theirs; another shopper cannot read it, and the same intent is their own order', async () => {
    const olena = await kit.signedIn({ login: '380501112233', password: DEMO_PASSWORD });
    const andrii = await kit.signedIn({ login: '380672223344', password: DEMO_PASSWORD });
    const body = { items: items([socks, 1]), phone: `+${freshPhone()}`, firstName: '', intent: randomUUID() };
    const hers = placedSchema.parse(await (await send(olena, body)).json());
    const his = placedSchema.parse(await (await send(andrii, body)).json());
    expect(his.hash).not.toBe(hers.hash);
    const order = await getAnonymousOrder(shop.client(), hers.hash);
    expect(order.firstName).not.toBe('');
    const own = await shopperClient(kit.context(olena));
    const other = await shopperClient(kit.context(andrii));
    if (!own || !other) throw new Error('not signed in');
    expect((await getCustomerOrder(own.api, order.number)).hash).toBe(hers.hash);
    const foreign = await getCustomerOrder(other.api, order.number).catch((error: unknown) => error);
    expect(orderErrorOf(foreign)?.code).toBe(404);
  });
});
