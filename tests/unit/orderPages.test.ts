import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createHttpClient } from '../../src/api/http.ts';
import { createT } from '../../src/i18n/i18n.ts';
import type { Locale } from '../../src/i18n/locale.ts';
import type { PageOutcome, PageRequest } from '../../src/server/request/pageOutcome.ts';
import { startPayment } from '../../src/server/order/payForms.ts';
import { loadCertificatePage, loadCertificatePurchase } from '../../src/server/pages/certificatePages.ts';
import { loadOrderPage } from '../../src/server/pages/orderPage.ts';
import { fakeFetch, json, type Sent } from './support/fakeFetch.ts';
import {
  CERTIFICATE_HASH,
  ORDER_HASH,
  PAYMENT_HASH,
  certificateOrder,
  checkout,
  order,
  orderedProduct,
} from './support/orderFixtures.ts';

/**
 * The loaders of the order and certificate pages and the pay forms, against a fake order service:
 * what is a 404, what is a 503 (never a 404), what is optional, and where each form sends the shopper.
 */

const baseUrls = serviceBaseUrls({ ORDER_API_URL: 'https://order.test', SEARCH_API_URL: 'https://search.test' });

type Handler = (sent: Sent) => Response | Promise<Response>;

function client(handler: Handler, locale: Locale = 'ru') {
  const fake = fakeFetch(handler);
  return { api: createHttpClient({ baseUrls, fetch: fake.fetch, locale, timeoutMs: 200 }), sent: fake.sent };
}

function context(handler: Handler, path: string, params: Record<string, string>, locale: Locale = 'ru') {
  const { api, sent } = client(handler, locale);
  const request: PageRequest = {
    api,
    locale,
    t: createT(locale),
    origin: 'https://shop.test',
    url: new URL(`https://shop.test${path}`),
    params,
  };
  return { request, sent };
}

const notFoundBody = (what: string) => json({ code: 404, message: `${what} not found` }, 404);
const outage = () => json({ code: 503, message: 'The catalogue cannot be read now' }, 503);

function personal<T>(outcome: PageOutcome<T>): { model: T; status: number } {
  if (outcome.kind !== 'personal') throw new Error(`expected a personal page, got ${outcome.kind}`);
  return { model: outcome.model, status: outcome.status };
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Silences the loaders' logged failures, which these tests cause on purpose. */
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('the order page loader', () => {
  it('reads the order by its hash in the page’s language; a personal page (never stored)', async () => {
    const { request, sent } = context(() => json(order()), `/order/${ORDER_HASH}?placed=1`, { hash: ORDER_HASH });
    const { model, status } = personal(await loadOrderPage(request));
    expect(status).toBe(200);
    expect(model).toMatchObject({ number: '1000042', placed: true, banner: null });
    expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      `GET /public/anon/order/${ORDER_HASH}?locale=ru`,
    ]);
  });

  it.each(['x', 'a/b', '%2e%2e', 'ab cd'.repeat(5), ''])(
    'a malformed hash «%s» is a 404 without asking',
    async (hash) => {
      const { request, sent } = context(() => json(order()), '/order/x', { hash });
      expect(await loadOrderPage(request)).toEqual({ kind: 'notFound' });
      expect(sent).toHaveLength(0);
    },
  );

  it('an order the service does not know is the 404 page', async () => {
    const { request } = context(() => notFoundBody('Order'), `/order/${ORDER_HASH}`, { hash: ORDER_HASH });
    expect(await loadOrderPage(request)).toEqual({ kind: 'notFound' });
  });

  it.each<[string, Handler]>([
    ['a 503', outage],
    ['a 500', () => json({ code: 500, message: 'database is locked' }, 500)],
    ['a gateway’s 404 without the service’s body', () => new Response('Not Found', { status: 404 })],
    ['a body that is not the contract', () => json({ number: 1 })],
    ['no answer in time', () => new Promise<Response>(() => undefined)],
  ])('%s is the 503 page, never a 404 (DESIGN §7)', async (_what, handler) => {
    quiet();
    const { request } = context(handler, `/order/${ORDER_HASH}`, { hash: ORDER_HASH });
    expect(await loadOrderPage(request)).toEqual({ kind: 'unavailable' });
  });

  it('shows the bank’s answer for this order’s payment from `?payment=`', async () => {
    const { request, sent } = context(
      (s) => (s.url.pathname.startsWith('/public/payment/checkout/') ? json(checkout({ status: 4 })) : json(order())),
      `/order/${ORDER_HASH}?payment=${PAYMENT_HASH}`,
      { hash: ORDER_HASH },
    );
    expect(personal(await loadOrderPage(request)).model.banner).toEqual({ kind: 'failed', app: null });
    expect(sent.map((s) => s.url.pathname)).toContain(`/public/payment/checkout/${PAYMENT_HASH}`);
  });

  it('another order’s payment hash shows nothing of it; an unreadable payment is no banner, still the page', async () => {
    const foreign = context(
      (s) =>
        s.url.pathname.startsWith('/public/payment/')
          ? json(checkout({ orderHash: 'anotherOrderHash000000', status: 3 }))
          : json(order()),
      `/order/${ORDER_HASH}?payment=${PAYMENT_HASH}`,
      { hash: ORDER_HASH },
    );
    expect(personal(await loadOrderPage(foreign.request)).model.banner).toBeNull();

    quiet();
    const failing = context(
      (s) => (s.url.pathname.startsWith('/public/payment/') ? outage() : json(order())),
      `/order/${ORDER_HASH}?payment=${PAYMENT_HASH}`,
      { hash: ORDER_HASH },
    );
    expect(personal(await loadOrderPage(failing.request)).model.banner).toBeNull();
  });

  it('a malformed `?payment=` is not asked for', async () => {
    const { request, sent } = context(() => json(order()), `/order/${ORDER_HASH}?payment=../../x`, {
      hash: ORDER_HASH,
    });
    personal(await loadOrderPage(request));
    expect(sent).toHaveLength(1);
  });

  it('`?pay=unavailable` says payment is unavailable now', async () => {
    const { request } = context(() => json(order()), `/order/${ORDER_HASH}?pay=unavailable`, { hash: ORDER_HASH });
    expect(personal(await loadOrderPage(request)).model.payUnavailable).toBe(true);
  });

  it('in Ukrainian takes the variants’ colour and size from the catalogue; optional, and not asked in Russian', async () => {
    const listed = {
      items: [orderedProduct()],
      aggr: { topicList: [], price: { min: 0, max: 0 } },
      pagination: { total: 1, page: 0, limit: 1 },
    };
    const uk = context(
      (s) => (s.url.hostname === 'search.test' ? json(listed) : json(order())),
      `/ua/order/${ORDER_HASH}`,
      { hash: ORDER_HASH },
      'uk',
    );
    expect(personal(await loadOrderPage(uk.request)).model.lines[0]).toMatchObject({ color: 'Синій', size: '86 см' });

    quiet();
    const searchDown = context(
      (s) => (s.url.hostname === 'search.test' ? outage() : json(order())),
      `/ua/order/${ORDER_HASH}`,
      { hash: ORDER_HASH },
      'uk',
    );
    expect(personal(await loadOrderPage(searchDown.request)).model.lines[0]).toMatchObject({
      color: 'Синий',
      size: '86',
    });

    const ru = context(() => json(order()), `/order/${ORDER_HASH}`, { hash: ORDER_HASH });
    await loadOrderPage(ru.request);
    expect(ru.sent.some((s) => s.url.hostname === 'search.test')).toBe(false);
  });
});

describe('the pay form', () => {
  const newPayment = { paymentHash: PAYMENT_HASH, paymentUrl: `/svc/order/sandbox/bank/${PAYMENT_HASH}` };

  it('starts a payment that returns to the order page of the form’s language and goes to the bank', async () => {
    const { api, sent } = client((s) => (s.method === 'POST' ? json(newPayment, 201) : json(order())), 'uk');
    expect(await startPayment(api, 'uk', 'order', ORDER_HASH)).toEqual({
      kind: 'seeOther',
      location: newPayment.paymentUrl,
    });
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.url.pathname).toBe(`/public/payment/new/${ORDER_HASH}`);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ returnUrl: `/ua/order/${ORDER_HASH}` });
  });

  it('a certificate purchase returns to its own page', async () => {
    const { api, sent } = client((s) => (s.method === 'POST' ? json(newPayment, 201) : json(certificateOrder())));
    await startPayment(api, 'ru', 'certificate', CERTIFICATE_HASH);
    expect(sent[0]?.url.pathname).toBe(`/public/anon/order/gift-certificate/${CERTIFICATE_HASH}`);
    expect(JSON.parse(sent[1]?.body ?? '{}')).toEqual({ returnUrl: `/certificate/${CERTIFICATE_HASH}` });
  });

  it('an order already paid, or paid on receipt, goes back to its page without a payment', async () => {
    for (const paid of [order({ paymentStatus: 3 }), order({ paymentType: 1, paymentStatus: null })]) {
      const { api, sent } = client(() => json(paid));
      expect(await startPayment(api, 'ru', 'order', ORDER_HASH)).toEqual({
        kind: 'seeOther',
        location: `/order/${ORDER_HASH}`,
      });
      expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    }
  });

  it('paid meanwhile (4092) goes back to the page', async () => {
    const { api } = client((s) =>
      s.method === 'POST' ? json({ code: 4092, message: 'It is already paid' }, 409) : json(order()),
    );
    expect(await startPayment(api, 'ru', 'order', ORDER_HASH)).toEqual({
      kind: 'seeOther',
      location: `/order/${ORDER_HASH}`,
    });
  });

  it.each<[string, Handler]>([
    ['no bank (5031)', () => json({ code: 5031, message: 'No bank is configured' }, 503)],
    ['a 503', outage],
    ['no answer in time', () => new Promise<Response>(() => undefined)],
    [
      'a bank page that is no http(s) URL',
      () => json({ paymentHash: PAYMENT_HASH, paymentUrl: 'javascript:alert(1)' }, 201),
    ],
  ])('%s: back to the page with `?pay=unavailable`', async (_what, onPost) => {
    quiet();
    const { api } = client((s) => (s.method === 'POST' ? onPost(s) : json(order())), 'uk');
    expect(await startPayment(api, 'uk', 'order', ORDER_HASH)).toEqual({
      kind: 'seeOther',
      location: `/ua/order/${ORDER_HASH}?pay=unavailable`,
    });
  });

  it('an order service that cannot read the order: back with `?pay=unavailable`, never a payment', async () => {
    quiet();
    const { api, sent } = client(outage);
    expect(await startPayment(api, 'ru', 'order', ORDER_HASH)).toEqual({
      kind: 'seeOther',
      location: `/order/${ORDER_HASH}?pay=unavailable`,
    });
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  });

  it('an unknown or malformed hash is the 404 page; an order’s form never pays a certificate', async () => {
    const { api, sent } = client((s) =>
      s.url.pathname.includes('gift-certificate') ? json(certificateOrder()) : notFoundBody('Order'),
    );
    expect(await startPayment(api, 'ru', 'order', CERTIFICATE_HASH)).toEqual({ kind: 'notFound' });
    expect(await startPayment(api, 'ru', 'order', '../x')).toEqual({ kind: 'notFound' });
    expect(await startPayment(api, 'ru', 'order', undefined)).toEqual({ kind: 'notFound' });
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  });
});

describe('the certificate purchase page', () => {
  const form = (fields: Record<string, string>) =>
    new Request('https://shop.test/certificate', { method: 'POST', body: new URLSearchParams(fields) });
  const typed = { nominal: '1 500', firstName: 'Іван', phone: '+380 50 123 45 67', email: 'ivan@example.com' };
  const INTENT = '5f1d7e3c-8e0a-4b8e-9d41-3f1b2c4d5e6f';

  it('GET: the empty form', async () => {
    const { request, sent } = context(() => json({}), '/certificate', {});
    const { model, status } = personal(
      await loadCertificatePurchase(request, new Request('https://shop.test/certificate')),
    );
    expect(status).toBe(200);
    expect(model).toMatchObject({ failed: false, form: { action: '/certificate', errors: {} } });
    expect(sent).toHaveLength(0);
  });

  it('buys with the form’s intent as the Idempotency-Key and answers 303 to the certificate’s page', async () => {
    const { request, sent } = context(() => json({ hash: CERTIFICATE_HASH }, 201), '/ua/certificate', {}, 'uk');
    expect(await loadCertificatePurchase(request, form({ ...typed, intent: INTENT }))).toEqual({
      kind: 'redirect',
      location: `/ua/certificate/${CERTIFICATE_HASH}`,
      status: 303,
    });
    expect(sent[0]?.url.pathname).toBe('/public/anon/order/gift-certificate');
    expect(sent[0]?.headers.get('idempotency-key')).toBe(INTENT);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toEqual({
      nominal: 1500,
      firstName: 'Іван',
      phone: '380501234567',
      email: 'ivan@example.com',
    });
  });

  it('without JavaScript (no intent, or a malformed one) buys without a key', async () => {
    for (const intent of [undefined, 'short', 'x'.repeat(200)]) {
      const { request, sent } = context(() => json({ hash: CERTIFICATE_HASH }, 201), '/certificate', {});
      const fields: Record<string, string> = intent === undefined ? typed : { ...typed, intent };
      expect((await loadCertificatePurchase(request, form(fields))).kind).toBe('redirect');
      expect(sent[0]?.headers.has('idempotency-key')).toBe(false);
    }
  });

  it('a refused field is a 400 with every typed value kept and the message by its field; nothing is bought', async () => {
    const { request, sent } = context(() => json({}), '/certificate', {});
    const { model, status } = personal(
      await loadCertificatePurchase(request, form({ ...typed, nominal: '100001', intent: INTENT })),
    );
    expect(status).toBe(400);
    expect(model.form.values).toEqual({ ...typed, nominal: '100001' });
    expect(model.form.errors).toEqual({ nominal: 'Максимальный номинал сертификата 100 000 грн' });
    expect(model.form.intent).toBe(INTENT);
    expect(sent).toHaveLength(0);
  });

  it('the service’s own refusal of a field shows by that field (400)', async () => {
    const { request } = context(
      () =>
        json(
          {
            code: 400,
            message: 'Invalid',
            fields: [{ field: 'nominal', message: 'Минимальный номинал сертификата 50 грн' }],
          },
          400,
        ),
      '/certificate',
      {},
    );
    const { model, status } = personal(await loadCertificatePurchase(request, form(typed)));
    expect(status).toBe(400);
    expect(model.form.errors).toEqual({ nominal: 'Минимальный номинал сертификата 50 грн' });
  });

  it('a key used for another purchase (the shopper went back and changed it) buys once more without it', async () => {
    const { request, sent } = context(
      (s) =>
        s.headers.has('idempotency-key')
          ? json({ code: 422, message: 'This Idempotency-Key was used for another purchase' }, 422)
          : json({ hash: CERTIFICATE_HASH }, 201),
      '/certificate',
      {},
    );
    expect((await loadCertificatePurchase(request, form({ ...typed, intent: INTENT }))).kind).toBe('redirect');
    expect(sent.map((s) => s.headers.has('idempotency-key'))).toEqual([true, false]);
  });

  it('an order service that does not answer: 503, the form kept with its intent, «nothing bought»', async () => {
    quiet();
    const { request } = context(outage, '/certificate', {});
    const { model, status } = personal(await loadCertificatePurchase(request, form({ ...typed, intent: INTENT })));
    expect(status).toBe(503);
    expect(model).toMatchObject({ failed: true, form: { values: typed, intent: INTENT, errors: {} } });
  });

  it('overlong fields are cut, then refused by their rule; a body that is no form is the empty form with messages', async () => {
    const { request } = context(() => json({}), '/certificate', {});
    const long = personal(await loadCertificatePurchase(request, form({ ...typed, firstName: 'Я'.repeat(5000) })));
    expect(long.status).toBe(400);
    expect(long.model.form.values.firstName).toHaveLength(120);
    expect(long.model.form.errors.firstName).toBe('Не более 60 символов');

    const garbage = new Request('https://shop.test/certificate', { method: 'POST', body: '{"nominal":500}' });
    const empty = personal(await loadCertificatePurchase(request, garbage));
    expect(empty.status).toBe(400);
    expect(empty.model.form.errors.nominal).toBe('Поле обязательно для заполнения');
  });
});

describe('the certificate page loader', () => {
  it('reads the purchase; unknown → 404; an outage → 503', async () => {
    const found = context(() => json(certificateOrder()), `/certificate/${CERTIFICATE_HASH}`, {
      hash: CERTIFICATE_HASH,
    });
    expect(personal(await loadCertificatePage(found.request)).model.nominal).toBe(1500);

    const unknown = context(() => notFoundBody('Certificate purchase'), '/certificate/x', { hash: CERTIFICATE_HASH });
    expect(await loadCertificatePage(unknown.request)).toEqual({ kind: 'notFound' });

    quiet();
    const down = context(outage, '/certificate/x', { hash: CERTIFICATE_HASH });
    expect(await loadCertificatePage(down.request)).toEqual({ kind: 'unavailable' });

    const malformed = context(() => json(certificateOrder()), '/certificate/x', { hash: 'a b' });
    expect(await loadCertificatePage(malformed.request)).toEqual({ kind: 'notFound' });
    expect(malformed.sent).toHaveLength(0);
  });

  it('shows the bank’s answer for its own payment from `?payment=`', async () => {
    const { request } = context(
      (s) =>
        s.url.pathname.startsWith('/public/payment/')
          ? json(checkout({ kind: 'certificate', orderHash: CERTIFICATE_HASH, status: 3 }))
          : json(
              certificateOrder({ paymentStatus: 3, key: 'BBSP48TT8RSALZKM', balance: 1500, validUntil: '2027-11-24' }),
            ),
      `/certificate/${CERTIFICATE_HASH}?payment=${PAYMENT_HASH}`,
      { hash: CERTIFICATE_HASH },
    );
    const { model } = personal(await loadCertificatePage(request));
    expect(model.banner?.kind).toBe('paid');
    expect(model.certificate?.key).toBe('BBSP48TT8RSALZKM');
  });
});
