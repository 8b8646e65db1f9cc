import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getAnonymousOrder,
  getGiftCertificateOrder,
  getPaymentCheckout,
  purchaseGiftCertificate,
} from '../../src/api/order.ts';
import { newPaymentSchema } from '../../src/api/schemas/order.ts';
import type { Order } from '../../src/api/schemas/order.ts';
import { createServices, SANDBOX_WORLD } from '../../src/services/index.ts';
import type { OutsideWorld } from '../../src/services/index.ts';
import {
  gatewayCallbackAnswerSchema,
  gatewayPaymentRequestSchema,
  signBody,
} from '../../src/services/order/paymentGateway.ts';
import type { GatewayPaymentRequest } from '../../src/services/order/paymentGateway.ts';
import { branchOrder, createOrderShop, errorOf, orderOf, TODAY, wish } from './orderSupport.ts';
import type { OrderShop } from './orderSupport.ts';

/**
 * The real payment gateway (issue 23; docs/decisions.md "Payments: the gateway contract"): a fake
 * gateway on 127.0.0.1 stands in for an operator's adapter. Payments are opened there with the
 * bearer, the amount and the reference; the shopper is sent to its page; its callbacks, signed
 * with HMAC-SHA256, settle payments as the sandbox bank's buttons do, and unsigned ones change
 * nothing. With a gateway the sandbox bank is gone.
 */
const SECRET = 'gateway-test-secret';
const SITE = 'https://shop.example';

interface Received {
  method: string | undefined;
  path: string | undefined;
  authorization: string | undefined;
  body: GatewayPaymentRequest;
}

/** How the fake gateway answers the next request (the default opens a payment page). */
type Reply = (request: GatewayPaymentRequest, res: ServerResponse) => void;
const opens: Reply = (request, res) => {
  res.writeHead(201, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ paymentUrl: `https://pay.example/checkout/${request.reference}?lang=uk` }));
};

let gateway: Server;
let gatewayUrl: string;
let received: Received[] = [];
let reply: Reply = opens;
let shop: OrderShop;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

const world = (payments: OutsideWorld['payments'], sandbox = true): OutsideWorld => ({
  ...SANDBOX_WORLD,
  sandbox,
  payments,
});

beforeAll(async () => {
  gateway = createServer((req, res) => {
    void readBody(req)
      .then((text) => {
        // A request off the contract fails the test that made it: no answer it could take for one.
        const body = gatewayPaymentRequestSchema.parse(JSON.parse(text));
        received.push({ method: req.method, path: req.url, authorization: req.headers.authorization, body });
        reply(body, res);
      })
      .catch(() => {
        res.writeHead(400);
        res.end();
      });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const address = gateway.address();
  if (address === null || typeof address === 'string') throw new Error('the fake gateway has no port');
  gatewayUrl = `http://127.0.0.1:${address.port}/v1`;
  shop = await createOrderShop({ outside: world({ url: gatewayUrl, secret: SECRET }), siteUrl: SITE });
});
afterAll(async () => {
  shop.dispose();
  await new Promise((resolve) => gateway.close(resolve));
});
beforeEach(() => {
  received = [];
  reply = opens;
});

async function cardOrder(paymentType: 2 | 8 | 10 = 2): Promise<Order> {
  const line = await shop.line({ price: 1500 });
  const parts = paymentType === 2 ? {} : { paymentParts: 4 };
  return orderOf(await shop.order(branchOrder(shop, [wish(line)], { paymentType, ...parts })));
}

function newPayment(hash: string, returnUrl = `/order/${hash}`): Promise<Response> {
  return shop.call('POST', `order/public/payment/new/${hash}`, { returnUrl });
}

async function paymentOf(hash: string): Promise<{ paymentHash: string; paymentUrl: string }> {
  const response = await newPayment(hash);
  expect(response.status).toBe(201);
  return newPaymentSchema.parse(await response.json());
}

/** The gateway's callback: `body` as sent, signed with `signature` (none when null). */
function callback(body: string, signature: string | null = signBody(SECRET, body)): Promise<Response> {
  return shop.call(
    'POST',
    'order/public/payment/callback',
    body,
    signature === null ? {} : { 'x-signature': signature },
  );
}

const outcome = (reference: string, status: string): string => JSON.stringify({ reference, status });

describe('opening a payment at the gateway', () => {
  it('it gets the amount, the reference and the bearer, and the shopper is sent to its paymentUrl', async () => {
    const order = await cardOrder();
    const payment = await paymentOf(order.hash);
    expect(payment.paymentUrl).toBe(`https://pay.example/checkout/${payment.paymentHash}?lang=uk`);
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v1/payments',
        authorization: `Bearer ${SECRET}`,
        body: {
          reference: payment.paymentHash,
          amount: Math.round(order.totalPrice * 100),
          currency: 'UAH',
          paymentType: 2,
          parts: 0,
          description: `Замовлення № ${order.number}`,
          returnUrl: `${SITE}/order/${order.hash}?payment=${payment.paymentHash}`,
          callbackUrl: `${SITE}/svc/order/public/payment/callback`,
          expiresAt: new Date(TODAY.getTime() + 30 * 60_000).toISOString(),
        },
      },
    ]);
    expect(await getPaymentCheckout(shop.client(), payment.paymentHash)).toMatchObject({
      status: 1,
      amount: order.totalPrice,
    });

    // Served on its own origin, the callback is the order service's own address; the way back the shop's.
    const apart = await shop.services.apps.order.fetch(
      new Request(`http://orders.internal:4404/public/payment/new/${order.hash}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ returnUrl: `/ua/order/${order.hash}` }),
      }),
    );
    expect(apart.status).toBe(201);
    const { paymentHash } = newPaymentSchema.parse(await apart.json());
    expect(received[1]?.body).toMatchObject({
      callbackUrl: 'http://orders.internal:4404/public/payment/callback',
      returnUrl: `${SITE}/ua/order/${order.hash}?payment=${paymentHash}`,
    });
  });

  it('instalments carry their type and parts; a certificate purchase its nominal, with no time limit', async () => {
    const order = await cardOrder(8);
    await paymentOf(order.hash);
    expect(received[0]?.body).toMatchObject({ paymentType: 8, parts: 4 });

    const hash = await purchaseGiftCertificate(shop.client(), {
      nominal: 500,
      phone: '380931234567',
      firstName: 'Ірина',
      email: '',
    });
    const payment = await paymentOf(hash);
    expect(received[1]?.body).toMatchObject({
      amount: 50_000,
      paymentType: 2,
      parts: 0,
      description: 'Подарунковий сертифікат на 500 грн',
      expiresAt: null,
    });
    expect((await callback(outcome(payment.paymentHash, 'approved'))).status).toBe(200);
    expect((await getGiftCertificateOrder(shop.client(), hash)).key).toMatch(/^BBS[A-Z0-9]{13}$/);
  });

  it.each<[string, Reply]>([
    [
      'answers 500',
      (_r, res) => {
        res.writeHead(500);
        res.end();
      },
    ],
    [
      'answers no http(s) paymentUrl',
      (_r, res) => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ paymentUrl: 'javascript:alert(1)' }));
      },
    ],
    ['drops the connection', (_r, res) => res.socket?.destroy()],
  ])(
    'a gateway that %s: a 503 with Retry-After, and no payment made (the earlier attempt stays pending)',
    async (_name, failing) => {
      const order = await cardOrder();
      const first = await paymentOf(order.hash);
      reply = failing;
      const response = await newPayment(order.hash);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await errorOf(response)).toMatchObject({ code: 503 });
      expect((await getPaymentCheckout(shop.client(), first.paymentHash)).status).toBe(1);
      expect((await getAnonymousOrder(shop.client(), order.hash)).paymentStatus).toBe(1);
    },
  );
});

describe('the gateway’s callback', () => {
  it('signed, it settles the payment as the sandbox bank’s buttons do; a replay changes nothing more', async () => {
    const order = await cardOrder();
    const payment = await paymentOf(order.hash);
    const approved = outcome(payment.paymentHash, 'approved');
    const answer = await callback(approved);
    expect(answer.status).toBe(200);
    expect(gatewayCallbackAnswerSchema.parse(await answer.json())).toEqual({
      reference: payment.paymentHash,
      status: 3,
    });
    expect((await getAnonymousOrder(shop.client(), order.hash)).paymentStatus).toBe(3);

    expect((await callback(approved)).status).toBe(200);
    const late = await callback(outcome(payment.paymentHash, 'declined'));
    expect(gatewayCallbackAnswerSchema.parse(await late.json()).status).toBe(3);
    expect((await getPaymentCheckout(shop.client(), payment.paymentHash)).status).toBe(3);
    expect((await newPayment(order.hash)).status).toBe(409);
  });

  it('every outcome of the contract: waiting in the bank’s app, not the bank’s client, a bank error', async () => {
    const app = await paymentOf((await cardOrder(10)).hash);
    await callback(outcome(app.paymentHash, 'processing'));
    expect((await getPaymentCheckout(shop.client(), app.paymentHash)).status).toBe(2);
    await callback(outcome(app.paymentHash, 'approved'));
    expect((await getPaymentCheckout(shop.client(), app.paymentHash)).status).toBe(3);

    const instalments = await cardOrder(8);
    const notClient = await paymentOf(instalments.hash);
    await callback(outcome(notClient.paymentHash, 'not-client'));
    expect((await getPaymentCheckout(shop.client(), notClient.paymentHash)).status).toBe(9);
    const retry = await paymentOf(instalments.hash);
    await callback(outcome(retry.paymentHash, 'error'));
    expect((await getPaymentCheckout(shop.client(), retry.paymentHash)).status).toBe(8);
  });

  it.each<[string, (body: string) => string | null]>([
    ['without X-Signature', () => null],
    ['signed with another secret', (body) => signBody('not-the-secret', body)],
    ['with the signature of another body', (body) => signBody(SECRET, body.replace('approved', 'declined'))],
    ['with a signature that is no HMAC', () => 'abc'],
  ])('%s: 401, and the payment stays as it was', async (_name, sign) => {
    const order = await cardOrder();
    const payment = await paymentOf(order.hash);
    const body = outcome(payment.paymentHash, 'approved');
    const response = await callback(body, sign(body));
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: 401 });
    expect((await getPaymentCheckout(shop.client(), payment.paymentHash)).status).toBe(1);
    expect((await getAnonymousOrder(shop.client(), order.hash)).paymentStatus).toBe(1);
  });

  it('signed but not of the contract: a 400 naming the field; an unknown reference: a 404', async () => {
    const bad = await callback(JSON.stringify({ reference: 'AAAAAAAAAAAAAAAAAAAAAA', status: 'paid' }));
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields.map((f) => f.field)).toEqual(['status']);
    expect((await callback(outcome('AAAAAAAAAAAAAAAAAAAAAA', 'approved'))).status).toBe(404);
  });
});

describe('one bank at a time', () => {
  it('with a gateway the sandbox bank is gone; with neither, payments are 503/5031 and no callback is served', async () => {
    for (const path of ['order/sandbox/bank/AAAAAAAAAAAAAAAAAAAAAA', 'order/sandbox/bank.css']) {
      expect((await shop.call('GET', path)).status).toBe(404);
    }
    const order = await cardOrder();
    const payment = await paymentOf(order.hash);
    expect((await callback(outcome(payment.paymentHash, 'declined'))).status).toBe(200);

    const none = await createServices({
      dataDir: ':memory:',
      seed: { seed: 42, products: 20 },
      outside: world(null, false),
      siteUrl: SITE,
    });
    try {
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        none.fetch(
          new Request(`http://shop.test/svc/order/${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          }),
        );
      const refused = await post('public/payment/new/AAAAAAAAAAAAAAAAAAAAAA', { returnUrl: '/order/x' });
      expect(refused.status).toBe(503);
      expect((await errorOf(refused)).code).toBe(5031);
      const body = outcome(payment.paymentHash, 'approved');
      expect(
        (await post('public/payment/callback', JSON.parse(body), { 'x-signature': signBody(SECRET, body) })).status,
      ).toBe(404);
    } finally {
      none.close();
    }
  });

  it('a gateway needs the shop’s public origin: without SITE_URL the start is refused', async () => {
    await expect(
      createServices({
        dataDir: ':memory:',
        seed: { seed: 42, products: 20 },
        outside: world({ url: gatewayUrl, secret: SECRET }),
      }),
    ).rejects.toThrow(/SITE_URL/);
  });
});
