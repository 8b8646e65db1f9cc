import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBasket,
  createPayment,
  getGiftCertificateOrder,
  orderErrorOf,
  purchaseGiftCertificate,
} from '../../src/api/order.ts';
import { certificatePurchaseAnswerSchema } from '../../src/api/schemas/order.ts';
import { branchOrder, createOrderShop, errorOf, key, orderOf, paidCertificate, wish } from './orderSupport.ts';
import type { OrderShop } from './orderSupport.ts';

/**
 * Gift certificates bought on the site (storefront spec §3 "Gift certificate", §5 nominal rule, §7
 * `POST /public/anon/order/gift-certificate`): the nominal's limits, the purchase paid through the
 * same payment flow, and once paid a key the basket check accepts as type 1 and an order spends.
 */
let shop: OrderShop;

beforeAll(async () => {
  shop = await createOrderShop();
});
afterAll(() => shop.dispose());

const buyer = { phone: '380931234567', firstName: 'Ірина', email: '' };

function purchase(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return shop.call('POST', 'order/public/anon/order/gift-certificate', body, headers);
}

const boughtCertificate = (nominal: number): Promise<string> => paidCertificate(shop, nominal, buyer);

describe('the nominal', () => {
  it.each([
    [49, 'Минимальный номинал сертификата 50 грн'],
    [0, 'Минимальный номинал сертификата 50 грн'],
    [100_001, 'Максимальный номинал сертификата 100 000 грн'],
    [150.5, 'Номинал сертификата — целое число гривен'],
  ])('%d is refused: %s', async (nominal, message) => {
    const response = await purchase({ ...buyer, nominal });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual([{ field: 'nominal', message }]);
  });

  it.each([50, 100_000])('%d is bought', async (nominal) => {
    const response = await purchase({ ...buyer, nominal });
    expect(response.status).toBe(201);
    expect(certificatePurchaseAnswerSchema.parse(await response.json()).hash).toMatch(/^[\w-]{22}$/);
  });

  it('the buyer’s phone and name follow the order’s rules', async () => {
    const response = await purchase({ nominal: 500, phone: '+380931234567', firstName: '' });
    expect((await errorOf(response)).fields).toEqual([
      { field: 'phone', message: 'Номер телефону має починатись з +380' },
      { field: 'firstName', message: 'Поле обовязкове до заповнення' },
    ]);
  });
});

describe('a bought certificate', () => {
  it('has no key before it is paid, nor after a declined payment', async () => {
    const client = shop.client();
    const hash = await purchaseGiftCertificate(client, { ...buyer, nominal: 700 });
    expect(await getGiftCertificateOrder(client, hash)).toEqual({
      hash,
      nominal: 700,
      paymentStatus: 0,
      key: null,
      balance: 0,
      validUntil: null,
    });
    const payment = await createPayment(client, hash, '/certificate');
    await shop.services.fetch(
      new Request(`http://shop.test${payment.paymentUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=decline',
      }),
    );
    expect(await getGiftCertificateOrder(client, hash)).toMatchObject({ paymentStatus: 4, key: null });
  });

  it('once paid has a 16-character key, valid for a year, that the basket check accepts (type 1)', async () => {
    const certificate = await boughtCertificate(800);
    expect(certificate).toMatch(/^BBS[2-9A-HJ-NP-Z]{13}$/);
    const line = await shop.line({ price: 300 });
    const check = await checkBasket(shop.client(), {
      items: [wish(line)],
      certificates: [{ type: 1, key: ` ${certificate} ` }],
    });
    expect(check.certificateList).toEqual([
      expect.objectContaining({ type: 1, key: certificate, isChecked: true, discountAmount: 300 }),
    ]);
    expect(check.cost).toBe(0);
  });

  it('is spent by the order that uses it, once: then the basket check refuses it and so does an order', async () => {
    const client = shop.client();
    const hash = await purchaseGiftCertificate(client, { ...buyer, nominal: 500 });
    const payment = await createPayment(client, hash, '/certificate');
    await shop.services.fetch(
      new Request(`http://shop.test${payment.paymentUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=approve',
      }),
    );
    const paid = await getGiftCertificateOrder(client, hash);
    expect(paid).toMatchObject({ paymentStatus: 3, balance: 500, validUntil: '2026-06-15' });
    const certificate = paid.key ?? '';

    const line = await shop.line({ price: 600, stock: 5 });
    const order = await orderOf(
      await shop.order(branchOrder(shop, [wish(line)], { certificates: [{ type: 1, key: certificate }] })),
    );
    expect(order).toMatchObject({ price: 600, certificateAmount: 500 });
    expect(order.totalPrice).toBe(100 + order.deliveryPrice);
    expect(await getGiftCertificateOrder(client, hash)).toMatchObject({ balance: 0 });

    const check = await checkBasket(client, { items: [wish(line)], certificates: [{ type: 1, key: certificate }] });
    expect(check.certificateList[0]).toMatchObject({ isChecked: false, errorMessage: 'Сертификат уже использован' });
    const second = await shop.order(branchOrder(shop, [wish(line)], { certificates: [{ type: 1, key: certificate }] }));
    expect(second.status).toBe(409);
    expect((await errorOf(second)).fields).toEqual([
      { field: 'certificates.0.key', message: 'Сертификат уже использован' },
    ]);
  });

  it('is paid once: a second payment of it is refused (4092)', async () => {
    const certificate = await boughtCertificate(300);
    expect(certificate).toHaveLength(16);
    const client = shop.client();
    const hash = await purchaseGiftCertificate(client, { ...buyer, nominal: 300 }, key());
    const payment = await createPayment(client, hash, '/certificate');
    await shop.services.fetch(
      new Request(`http://shop.test${payment.paymentUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=approve',
      }),
    );
    const again = await createPayment(client, hash, '/certificate').catch((e: unknown) => e);
    expect(orderErrorOf(again)).toMatchObject({ code: 4092 });
  });

  it('a purchase with an Idempotency-Key is made once; the key with another body is a 422', async () => {
    const k = key();
    const first = await purchase({ ...buyer, nominal: 1000 }, { 'idempotency-key': k });
    const again = await purchase({ ...buyer, nominal: 1000 }, { 'idempotency-key': k });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(certificatePurchaseAnswerSchema.parse(await again.json())).toEqual(
      certificatePurchaseAnswerSchema.parse(await first.json()),
    );
    const other = await purchase({ ...buyer, nominal: 2000 }, { 'idempotency-key': k });
    expect(other.status).toBe(422);
  });

  it('an unknown purchase reads nothing', async () => {
    const response = await shop.call('GET', 'order/public/anon/order/gift-certificate/AAAAAAAAAAAAAAAAAAAAAA');
    expect(response.status).toBe(404);
  });
});
