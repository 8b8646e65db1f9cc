import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../../src/api/http.ts';
import { getAnonymousOrder, getCustomerOrder, getCustomerOrders, orderErrorOf } from '../../src/api/order.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { login } from '../../src/api/user.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { NO_SCRIPT_WINDOW_MS } from '../../src/server/order/oneClickKey.ts';
import { loadOneClickPage } from '../../src/server/pages/oneClickPage.ts';
import type { PageOutcome, PageRequest } from '../../src/server/request/pageOutcome.ts';
import { crossSiteRefusal } from '../../src/server/request/sameOrigin.ts';
import type { OneClickPageModel } from '../../src/domain/order/oneClickForm.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';
import { createOrderShop, freshPhone, TODAY, type Line, type OrderShop } from './orderSupport.ts';

/**
 * `/one-click` (src/server/pages/oneClickPage.ts), the product page's «Купить в один клик» form,
 * against the embedded services: the order placed through the anonymous or the signed-in call,
 * one order per intent (and per doubled post without JavaScript), the server's price and stock,
 * the phone rule and the name, a refusal keeping what was typed, and another shopper never seeing
 * the order.
 */
let shop: OrderShop;
let line: Line;
let olena: HttpClient;
let andrii: HttpClient;

function signedInClient(token: string): HttpClient {
  return createHttpClient({
    baseUrls: embeddedBaseUrls,
    locale: 'ru',
    fetch: shop.services.fetch,
    tokens: { get: () => ({ token, refreshToken: null }), set: () => {} },
  });
}

const signIn = async (phone: string) =>
  signedInClient((await login(shop.client(), { login: phone, password: DEMO_PASSWORD })).token);

beforeAll(async () => {
  shop = await createOrderShop();
  line = await shop.line({ price: 250, stock: 50 });
  olena = await signIn('380501112233');
  andrii = await signIn('380672223344');
});
afterAll(() => shop.dispose());

interface Post {
  locale?: Locale;
  shopper?: HttpClient | null;
  clientIp?: string | null;
  now?: Date;
  method?: 'GET' | 'POST';
  query?: string;
}

function send(fields: Record<string, string>, { locale = 'ru', shopper = null, ...at }: Post = {}) {
  const path = `${locale === 'uk' ? '/ua' : ''}/one-click${at.query ?? ''}`;
  const url = new URL(path, 'http://shop.test');
  const request: PageRequest = {
    api: shop.client(locale),
    locale,
    t: createT(locale),
    origin: 'http://shop.test',
    url,
    params: {},
  };
  const http =
    at.method === 'GET'
      ? new Request(url)
      : new Request(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
  return loadOneClickPage(request, http, {
    shopper: () => Promise.resolve(shopper),
    clientIp: at.clientIp === undefined ? '203.0.113.9' : at.clientIp,
    now: () => at.now ?? TODAY,
  });
}

const form = (extra: Record<string, string> = {}) => ({
  productId: String(line.productId),
  internalId: String(line.internalId),
  phone: `+${freshPhone()}`,
  firstName: 'Олена',
  quantity: '2',
  ...extra,
});

/** The order's hash from the 303 to its page. */
function placedHash(outcome: PageOutcome<OneClickPageModel>, locale: Locale = 'ru'): string {
  if (outcome.kind !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(outcome)}`);
  expect(outcome.status).toBe(303);
  const match = new RegExp(`^${locale === 'uk' ? '/ua' : ''}/order/([^/?]+)\\?placed=1$`).exec(outcome.location);
  if (!match?.[1]) throw new Error(`not an order page: ${outcome.location}`);
  return match[1];
}

function formBack(outcome: PageOutcome<OneClickPageModel>) {
  if (outcome.kind !== 'personal') throw new Error(`expected the form, got ${JSON.stringify(outcome)}`);
  return { status: outcome.status, model: outcome.model };
}

describe('an anonymous one-click order', () => {
  it('is placed with the typed phone and name, priced by the order service, 303 to its page', async () => {
    const typed = form({ phone: '093 123 45 67', quantity: '3' });
    const hash = placedHash(await send({ ...typed, intent: randomUUID() }, { locale: 'uk' }), 'uk');
    const order = await getAnonymousOrder(shop.client(), hash);
    expect(order).toMatchObject({ kind: 'one-click', phone: '380931234567', firstName: 'Олена', price: 750 });
    expect(order.activeOrderItems.map((l) => [l.internalId, l.quantity])).toEqual([[line.internalId, 3]]);
  });

  it('the same intent posted twice makes one order; a changed form is a new one, never a refusal', async () => {
    const typed = { ...form(), intent: randomUUID() };
    const first = placedHash(await send(typed));
    expect(placedHash(await send(typed))).toBe(first);
    const changed = placedHash(await send({ ...typed, quantity: '1' }));
    expect(changed).not.toBe(first);
  });

  it('without JavaScript (no intent) a doubled post from one address makes one order, later or elsewhere another', async () => {
    const typed = form();
    const first = placedHash(await send(typed));
    expect(placedHash(await send(typed, { now: new Date(TODAY.getTime() + 1000) }))).toBe(first);
    expect(placedHash(await send(typed, { clientIp: '198.51.100.4' }))).not.toBe(first);
    const later = new Date(TODAY.getTime() + NO_SCRIPT_WINDOW_MS);
    expect(placedHash(await send(typed, { now: later }))).not.toBe(first);
  });

  it('a bad phone is the spec’s message by the field, everything typed kept, nothing ordered (400)', async () => {
    const typed = { ...form({ phone: '+7 912 345 67 89' }), intent: randomUUID() };
    const { status, model } = formBack(await send(typed, { locale: 'uk' }));
    expect(status).toBe(400);
    expect(model.form.errors).toEqual({ phone: 'Номер телефону має починатись з +380' });
    expect(model.form.values).toEqual({ phone: typed.phone, firstName: 'Олена', quantity: '2' });
    expect(model.form.intent).toBe(typed.intent);
    expect(model.form.action).toBe('/ua/one-click');
    // The same intent with the phone put right is the first order of it.
    const fixed = placedHash(await send({ ...typed, phone: `+${freshPhone()}` }, { locale: 'uk' }), 'uk');
    expect((await getAnonymousOrder(shop.client(), fixed)).kind).toBe('one-click');
  });

  it('an anonymous shopper must give a name (the spec’s required message)', async () => {
    const { status, model } = formBack(await send(form({ firstName: ' ' })));
    expect(status).toBe(400);
    expect(model.form.errors).toEqual({ firstName: 'Поле обязательно для заполнения' });
  });

  it('a sold-out or short variant is the service’s message by the quantity, what was typed kept (409)', async () => {
    const scarce = await shop.line({ price: 100, stock: 1 });
    const typed = {
      ...form(),
      productId: String(scarce.productId),
      internalId: String(scarce.internalId),
      quantity: '2',
    };
    const short = formBack(await send(typed));
    expect(short.status).toBe(409);
    expect(short.model.form.errors.quantity).toMatch(/^Недостаточно товара «.+»: доступно 1 шт\.$/);
    expect(short.model.form.values.phone).toBe(typed.phone);
    await shop.setStock(scarce, 0);
    const soldOut = formBack(await send({ ...typed, quantity: '1' }, { locale: 'uk' }));
    expect(soldOut.status).toBe(409);
    expect(soldOut.model.form.errors.quantity).toMatch(/^Недостатньо товару «.+»: доступно 0 шт\.$/);
    expect(soldOut.model.line.href).toContain('/ua/product/');
  });

  it('GET names the variant and offers the form; an unknown variant or product is not found', async () => {
    const query = `?productId=${line.productId}&internalId=${line.internalId}&quantity=2`;
    const { status, model } = formBack(await send({}, { method: 'GET', query }));
    expect(status).toBe(200);
    expect(model.form.values).toEqual({ phone: '', firstName: '', quantity: '2' });
    expect(model.line.price).toBe(250);
    const stranger = `?productId=${line.productId}&internalId=1`;
    expect((await send({}, { method: 'GET', query: stranger })).kind).toBe('notFound');
    expect((await send({ ...form(), productId: 'x' })).kind).toBe('notFound');
  });
});

describe('a signed-in one-click order', () => {
  it('is the shopper’s own (the name from the account when left empty); another shopper cannot read it', async () => {
    const typed = { ...form({ firstName: '' }), intent: randomUUID() };
    const hash = placedHash(await send(typed, { shopper: olena }));
    const order = await getAnonymousOrder(shop.client(), hash);
    expect(order.kind).toBe('one-click');
    expect(order.firstName).not.toBe('');
    expect((await getCustomerOrder(olena, order.number)).hash).toBe(hash);
    expect((await getCustomerOrders(olena, { limit: 50 })).items.map((o) => o.number)).toContain(order.number);
    const foreign = await getCustomerOrder(andrii, order.number).catch((error: unknown) => error);
    expect(orderErrorOf(foreign)?.code).toBe(404);
    expect((await getCustomerOrders(andrii, { limit: 50 })).items.map((o) => o.number)).not.toContain(order.number);
    // A retry of the same intent is the same order, still hers.
    expect(placedHash(await send(typed, { shopper: olena }))).toBe(hash);
  });
});

describe('the middleware’s same-origin rule covers the form’s post', () => {
  const post = (headers: Record<string, string>) =>
    crossSiteRefusal(
      new Request('http://shop.test/ua/one-click', { method: 'POST', headers }),
      new URL('http://shop.test/ua/one-click'),
    );

  it.each([
    [{ 'Sec-Fetch-Site': 'cross-site' }],
    [{ 'Sec-Fetch-Site': 'same-site' }],
    [{ Origin: 'https://evil.example' }],
    [{}],
  ])('a post with %o is refused (403) before the page runs', (headers) => {
    expect(post(headers)?.status).toBe(403);
  });

  it('the shop’s own page passes', () => {
    expect(post({ 'Sec-Fetch-Site': 'same-origin' })).toBeNull();
    expect(post({ Origin: 'http://shop.test' })).toBeNull();
  });
});
