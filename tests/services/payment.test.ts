import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createPayment, getAnonymousOrder, getPaymentCheckout, orderErrorOf } from '../../src/api/order.ts';
import { newPaymentSchema } from '../../src/api/schemas/order.ts';
import type { Order } from '../../src/api/schemas/order.ts';
import { createSomeServices, SERVICE_NAMES } from '../../src/services/index.ts';
import { branchOrder, createOrderShop, errorOf, orderOf, wish } from './orderSupport.ts';
import type { OrderShop } from './orderSupport.ts';

/**
 * Payments (storefront spec §4 payment types and status codes, §7 `POST /public/payment/new/{id}`,
 * `GET /public/payment/checkout/{id}`) through the sandbox bank of the embedded order service:
 * its page, its buttons (a form, no JavaScript), the statuses they leave, the return to the shop,
 * and that the sandbox is gone when a real order service is configured.
 */
let shop: OrderShop;

beforeAll(async () => {
  shop = await createOrderShop();
});
afterAll(() => shop.dispose());

async function placeOrder(paymentType: 1 | 2 | 8 | 10, price = 1500): Promise<Order> {
  const line = await shop.line({ price });
  const parts = paymentType === 8 || paymentType === 10 ? { paymentParts: 4 } : {};
  return orderOf(await shop.order(branchOrder(shop, [wish(line)], { paymentType, ...parts })));
}

/** Presses a button of the bank's page as a browser without JavaScript would: a form post. */
function press(paymentUrl: string, outcome: string): Promise<Response> {
  return shop.services.fetch(
    new Request(`http://shop.test${paymentUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
    }),
  );
}

function bankPage(paymentUrl: string): Promise<Response> {
  return shop.services.fetch(new Request(`http://shop.test${paymentUrl}`));
}

describe('paying an order at the sandbox bank', () => {
  it('approve: the bank page, a 303 back to the shop’s page, status 3 on the payment and the order', async () => {
    const order = await placeOrder(2);
    const client = shop.client();
    const payment = await createPayment(client, order.hash, `/order/${order.hash}`);
    expect(payment.paymentUrl).toBe(`/svc/order/sandbox/bank/${payment.paymentHash}`);
    expect(await getPaymentCheckout(client, payment.paymentHash)).toEqual({
      paymentHash: payment.paymentHash,
      kind: 'order',
      orderHash: order.hash,
      status: 1,
      paymentType: 2,
      paymentParts: 0,
      amount: order.totalPrice,
    });

    const page = await bankPage(payment.paymentUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Тестовый банк — деньги не списываются');
    expect(html).toContain('Карапуз');
    expect(html).toContain(`Заказ № ${order.number}`);
    expect(html).toContain(`${order.totalPrice.toLocaleString('ru-RU').replace(/\s/g, ' ')} грн`);
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="decline"');
    expect(html).not.toContain('value="wait"');
    // The shop's CSP allows no inline script or style: the page has neither.
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    const css = await shop.services.fetch(new Request('http://shop.test/svc/order/sandbox/bank.css'));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');

    const answer = await press(payment.paymentUrl, 'approve');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/order/${order.hash}?payment=${payment.paymentHash}`);
    expect((await getPaymentCheckout(client, payment.paymentHash)).status).toBe(3);
    expect((await getAnonymousOrder(client, order.hash)).paymentStatus).toBe(3);

    // Paid: no second payment; the page no longer offers buttons, a late press changes nothing.
    const again = await createPayment(client, order.hash, '/order/x').catch((error: unknown) => error);
    expect(orderErrorOf(again)).toMatchObject({ code: 4092 });
    expect(await (await bankPage(payment.paymentUrl)).text()).not.toContain('value="approve"');
    expect((await press(payment.paymentUrl, 'decline')).status).toBe(303);
    expect((await getPaymentCheckout(client, payment.paymentHash)).status).toBe(3);
  });

  it('decline: status 4; a second payment of the same order then approves', async () => {
    const order = await placeOrder(2);
    const client = shop.client();
    const first = await createPayment(client, order.hash, `/ua/order/${order.hash}`);
    const declined = await press(first.paymentUrl, 'decline');
    expect(declined.headers.get('location')).toBe(`/ua/order/${order.hash}?payment=${first.paymentHash}`);
    expect((await getPaymentCheckout(client, first.paymentHash)).status).toBe(4);
    expect((await getAnonymousOrder(client, order.hash)).paymentStatus).toBe(4);

    const second = await createPayment(client, order.hash, `/ua/order/${order.hash}`);
    expect(second.paymentHash).not.toBe(first.paymentHash);
    await press(second.paymentUrl, 'approve');
    expect((await getPaymentCheckout(client, second.paymentHash)).status).toBe(3);
    expect((await getAnonymousOrder(client, order.hash)).paymentStatus).toBe(3);
  });

  it('a new payment replaces a pending one (expired, 5): one order is never paid twice', async () => {
    const order = await placeOrder(2);
    const client = shop.client();
    const first = await createPayment(client, order.hash, '/order/a');
    const second = await createPayment(client, order.hash, '/order/a');
    expect((await getPaymentCheckout(client, first.paymentHash)).status).toBe(5);
    await press(first.paymentUrl, 'approve');
    expect((await getPaymentCheckout(client, first.paymentHash)).status).toBe(5);
    await press(second.paymentUrl, 'approve');
    expect((await getPaymentCheckout(client, second.paymentHash)).status).toBe(3);
  });

  it('instalments of the second bank (10): left waiting in the bank’s app is pending (2), then approved', async () => {
    const order = await placeOrder(10);
    const client = shop.client();
    const payment = await createPayment(client, order.hash, `/order/${order.hash}`);
    const html = await (await bankPage(payment.paymentUrl)).text();
    expect(html).toContain('value="wait"');
    expect(html).toContain('value="not-client"');
    expect(html).toMatch(/Платежей<\/dt><dd>4</);
    await press(payment.paymentUrl, 'wait');
    expect(await getPaymentCheckout(client, payment.paymentHash)).toMatchObject({
      status: 2,
      paymentType: 10,
      paymentParts: 4,
    });
    // Still pending: the page offers the buttons again, as the app would later confirm.
    await press(payment.paymentUrl, 'approve');
    expect((await getPaymentCheckout(client, payment.paymentHash)).status).toBe(3);
  });

  it('instalments of the first bank (8): a buyer who is not the bank’s client is status 9; a bank error 8', async () => {
    const client = shop.client();
    const order = await placeOrder(8);
    const payment = await createPayment(client, order.hash, '/order/b');
    expect(await (await bankPage(payment.paymentUrl)).text()).not.toContain('value="wait"');
    await press(payment.paymentUrl, 'not-client');
    expect((await getPaymentCheckout(client, payment.paymentHash)).status).toBe(9);
    const retry = await createPayment(client, order.hash, '/order/b');
    await press(retry.paymentUrl, 'error');
    expect((await getPaymentCheckout(client, retry.paymentHash)).status).toBe(8);
  });

  it('an answer the payment’s type cannot have is a 400 and changes nothing', async () => {
    const order = await placeOrder(2);
    const payment = await createPayment(shop.client(), order.hash, '/order/c');
    expect((await press(payment.paymentUrl, 'wait')).status).toBe(400);
    expect((await press(payment.paymentUrl, 'bogus')).status).toBe(400);
    expect((await getPaymentCheckout(shop.client(), payment.paymentHash)).status).toBe(1);
  });
});

describe('what cannot be paid, and where the bank may send the shopper', () => {
  it('an order paid on receipt (cash) is not paid online: 409 / 4093', async () => {
    const order = await placeOrder(1);
    const error = orderErrorOf(await createPayment(shop.client(), order.hash, '/order/x').catch((e: unknown) => e));
    expect(error).toMatchObject({ code: 4093 });
  });

  it('an unknown order, payment or page: 404', async () => {
    const response = await shop.call('POST', 'order/public/payment/new/AAAAAAAAAAAAAAAAAAAAAA', {
      returnUrl: '/order/x',
    });
    expect(response.status).toBe(404);
    expect((await shop.call('GET', 'order/public/payment/checkout/1000001')).status).toBe(404);
    expect((await bankPage('/svc/order/sandbox/bank/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it.each([
    'https://evil.example/order',
    '//evil.example/order',
    '/\\evil.example',
    'javascript:alert(1)',
    'order/abc',
    '/order/abc?x=1',
    '/order/abc#top',
    '/order/../admin',
    '/order//abc',
    '',
  ])('returnUrl %j is refused: a path of the shop only', async (returnUrl) => {
    const order = await placeOrder(2);
    const response = await shop.call('POST', `order/public/payment/new/${order.hash}`, { returnUrl });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields.map((f) => f.field)).toEqual(['returnUrl']);
  });

  it('a client’s own X-Forwarded-Prefix never reaches the link', async () => {
    const order = await placeOrder(2);
    const response = await shop.call(
      'POST',
      `order/public/payment/new/${order.hash}`,
      { returnUrl: '/order/x' },
      { 'x-forwarded-prefix': '//evil.example' },
    );
    expect(newPaymentSchema.parse(await response.json()).paymentUrl).toMatch(/^\/svc\/order\/sandbox\/bank\//);
  });

  it('served on its own, the bank page is at the order service’s own origin', async () => {
    const order = await placeOrder(2);
    const response = await shop.services.apps.order.fetch(
      new Request(`http://orders.example:4404/public/payment/new/${order.hash}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ returnUrl: '/order/x' }),
      }),
    );
    expect(newPaymentSchema.parse(await response.json()).paymentUrl).toMatch(
      /^http:\/\/orders\.example:4404\/sandbox\/bank\/[\w-]{22}$/,
    );
  });
});

describe('the way back from a bank on another origin', () => {
  it('served apart from the storefront (STOREFRONT_URL), the bank sends the shopper to the storefront’s page', async () => {
    const apart = await createOrderShop({ storefrontUrl: 'https://shop.example/' });
    try {
      const line = await apart.line({ price: 900 });
      const order = await orderOf(await apart.order(branchOrder(apart, [wish(line)], { paymentType: 2 })));
      const payment = await createPayment(apart.client(), order.hash, `/ua/order/${order.hash}`);
      // Browsers apply the page's form-action to the redirect after the post: the shop must be in it.
      const page = await apart.services.fetch(new Request(`http://orders.test${payment.paymentUrl}`));
      expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example;");
      const answer = await apart.services.fetch(
        new Request(`http://orders.test${payment.paymentUrl}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ outcome: 'approve' }).toString(),
        }),
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(
        `https://shop.example/ua/order/${order.hash}?payment=${payment.paymentHash}`,
      );
    } finally {
      apart.dispose();
    }
  });
});

describe('the sandbox is off when a real order service is configured', () => {
  it.each([
    ['ORDER_API_URL is set', { serviceUrls: serviceBaseUrls({ ORDER_API_URL: 'https://orders.example' }) }],
    ['the option says so', { sandboxBank: false }],
  ])('%s: /sandbox/* is a 404 and a payment answers 5031', async (_name, extra) => {
    const services = await createSomeServices(SERVICE_NAMES, {
      dataDir: ':memory:',
      seed: { seed: 42, products: 50 },
      ...extra,
    });
    try {
      const page = await services.fetch(new Request('http://shop.test/svc/order/sandbox/bank/AAAAAAAAAAAAAAAAAAAAAA'));
      expect(page.status).toBe(404);
      const css = await services.fetch(new Request('http://shop.test/svc/order/sandbox/bank.css'));
      expect(css.status).toBe(404);
      const payment = await services.fetch(
        new Request('http://shop.test/svc/order/public/payment/new/AAAAAAAAAAAAAAAAAAAAAA', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ returnUrl: '/order/x' }),
        }),
      );
      expect(payment.status).toBe(503);
      expect((await errorOf(payment)).code).toBe(5031);
    } finally {
      services.close();
    }
  });
});
