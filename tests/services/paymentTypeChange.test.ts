import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment, getPaymentCheckout, orderErrorOf } from '../../src/api/order.ts';
import { changeOrderPaymentType } from '../../src/api/orderPageCalls.ts';
import type { Order } from '../../src/api/schemas/order.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { branchOrder, createOrderShop, errorOf, orderOf, wish } from './orderSupport.ts';
import type { OrderShop } from './orderSupport.ts';

/**
 * `POST /public/anon/order/{hash}/payment-type` (docs/decisions.md "Orders: choosing another payment
 * type"): the shopper of an unpaid new order chooses another payment type after the bank said no;
 * judged as an order is, and only for that order's hash.
 */
let shop: OrderShop;

beforeAll(async () => {
  shop = await createOrderShop();
});
afterAll(() => shop.dispose());

let bundle: ReadonlySet<number>;

beforeAll(async () => {
  const list = productListSchema.parse(
    await (await shop.call('GET', 'search/public/products/catalog/pakunok-malyuka?limit=50')).json(),
  );
  bundle = new Set(list.items.map((p) => p.id));
});

/** An order of one line outside the baby-bundle catalogue. */
async function placeOrder(paymentType: 1 | 2 | 8 | 10, price = 1500): Promise<Order> {
  const line = await shop.line({ price, where: (p) => !bundle.has(p.id) });
  const parts = paymentType === 8 || paymentType === 10 ? { paymentParts: 4 } : {};
  return orderOf(await shop.order(branchOrder(shop, [wish(line)], { paymentType, ...parts })));
}

function press(paymentUrl: string, outcome: string): Promise<Response> {
  return shop.services.fetch(
    new Request(`http://shop.test${paymentUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
    }),
  );
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  return orderErrorOf(error);
}

describe('choosing another payment type for an unpaid order', () => {
  it('after «not a client of the bank» the instalment order becomes a card payment, paid at once', async () => {
    const order = await placeOrder(8);
    const client = shop.client('uk');
    const first = await createPayment(client, order.hash, `/ua/order/${order.hash}`);
    expect((await press(first.paymentUrl, 'not-client')).status).toBe(303);

    const changed = await changeOrderPaymentType(client, order.hash, { paymentType: 2, paymentParts: 0 });
    expect(changed).toMatchObject({ hash: order.hash, paymentType: 2, paymentParts: 0, status: 0 });
    const second = await createPayment(client, order.hash, `/ua/order/${order.hash}`);
    expect(await getPaymentCheckout(client, second.paymentHash)).toMatchObject({ paymentType: 2, paymentParts: 0 });
    await press(second.paymentUrl, 'approve');
    // Paid: nothing to choose any more.
    expect((await refusal(changeOrderPaymentType(client, order.hash, { paymentType: 1 })))?.code).toBe(4092);
  });

  it('to cash on receipt: no payment is due, a pending attempt at the bank is closed', async () => {
    const order = await placeOrder(2);
    const client = shop.client();
    const pending = await createPayment(client, order.hash, `/order/${order.hash}`);
    const changed = await changeOrderPaymentType(client, order.hash, { paymentType: 1 });
    expect(changed).toMatchObject({ paymentType: 1, paymentStatus: null });
    expect((await getPaymentCheckout(client, pending.paymentHash)).status).toBe(5);
    expect((await refusal(createPayment(client, order.hash, `/order/${order.hash}`)))?.code).toBe(4093);
    // And back to a card: an online type again, payable; the closed attempt was the old type's.
    const again = await changeOrderPaymentType(client, order.hash, { paymentType: 2 });
    expect(again).toMatchObject({ paymentType: 2, paymentStatus: 0 });
    await createPayment(client, order.hash, `/order/${order.hash}`);
  });

  it('judges the type as an order: the delivery’s types, parts only for instalments, the amount, in the locale', async () => {
    const order = await placeOrder(2, 1500);
    const uk = shop.client('uk');
    const cases = [
      [{ paymentType: 5 }, 'paymentType', 'Цей спосіб оплати недоступний для обраної доставки'],
      [{ paymentType: 8, paymentParts: 0 }, 'paymentParts', 'Кількість платежів: від 3 до 10'],
      [{ paymentType: 2, paymentParts: 4 }, 'paymentParts', 'Кількість платежів вказується лише для оплати частинами'],
    ] as const;
    for (const [change, field, message] of cases) {
      const error = await refusal(changeOrderPaymentType(uk, order.hash, change));
      expect(error?.code).toBe(400);
      expect(error?.fields).toContainEqual({ field, message });
    }
    const small = await placeOrder(2, 200);
    const error = await refusal(changeOrderPaymentType(uk, small.hash, { paymentType: 10, paymentParts: 3 }));
    expect(error?.fields).toContainEqual({ field: 'paymentType', message: 'Мінімальна сума для оплати частинами' });
    // The baby package card: this order's goods are not from the baby-bundle catalogue.
    const baby = await refusal(changeOrderPaymentType(uk, order.hash, { paymentType: 7 }));
    expect(baby?.fields.map((f) => f.field)).toEqual(['paymentType']);
  });

  it('changes only the order of the hash: another order’s, a payment’s hash or a number is a 404', async () => {
    const mine = await placeOrder(2);
    const theirs = await placeOrder(2);
    const client = shop.client();
    const payment = await createPayment(client, theirs.hash, `/order/${theirs.hash}`);
    for (const hash of [payment.paymentHash, theirs.number, 'x'.repeat(22)]) {
      const response = await shop.call('POST', `/order/public/anon/order/${hash}/payment-type`, { paymentType: 1 });
      expect(response.status).toBe(404);
    }
    await changeOrderPaymentType(client, mine.hash, { paymentType: 1 });
    const response = await shop.call('GET', `/order/public/anon/order/${theirs.hash}`);
    expect((await orderOf(response)).paymentType).toBe(2);
    expect((await getPaymentCheckout(client, payment.paymentHash)).status).toBe(1);
  });

  it('parses the body: an unknown type or a malformed body is a 400 naming the field', async () => {
    const order = await placeOrder(2);
    const path = `/order/public/anon/order/${order.hash}/payment-type`;
    const unknown = await shop.call('POST', path, { paymentType: 4 });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields.map((f) => f.field)).toContain('paymentType');
    const notJson = await shop.call('POST', path, 'paymentType=1', { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(400);
  });
});
