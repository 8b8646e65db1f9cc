import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketCheckResponseSchema } from '../../src/api/schemas/basket.ts';
import { FREE_DELIVERY } from '../../src/api/freeDelivery.ts';
import { branchOrder, createOrderShop, orderOf, wish } from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';

/**
 * The contract's FREE_DELIVERY as the order service applies it (issue 29, "free delivery promised,
 * then charged"): a Nova Poshta branch costs nothing from 1 500 грн of goods, in the order and in
 * the basket check's methods alike; below it, and for other methods, the delivery service's price.
 * Judged by the contract's rule (src/api/freeDelivery.ts freeDeliveryVerdict, which the storefront
 * shows by): on the goods after promo codes, a fixed-amount one included; certificates and bonus
 * points (bonusPayment.test.ts) pay for the goods and do not lower them.
 */
let shop: OrderShop;

beforeAll(async () => {
  shop = await createOrderShop();
});
afterAll(() => shop.dispose());

describe('free delivery from the threshold', () => {
  it('an order to a Nova Poshta branch of 1 500 грн pays no delivery; 1 499 грн pays the branch’s price', async () => {
    expect(FREE_DELIVERY).toEqual({ threshold: 1500, methods: ['np-warehouse', 'np-postbox'] });
    const at = await shop.line({ price: 1500 });
    const free = await orderOf(await shop.order(branchOrder(shop, [wish(at)])));
    expect(free).toMatchObject({ deliveryMethodSlug: 'np-warehouse', deliveryPrice: 0, totalPrice: 1500 });
    const below = await shop.line({ price: 1499 });
    const paid = await orderOf(await shop.order(branchOrder(shop, [wish(below)])));
    expect(paid.deliveryPrice).toBeGreaterThan(0);
    expect(paid.totalPrice).toBe(1499 + paid.deliveryPrice);
  });

  it('the basket check prices its methods the same way', async () => {
    const line = await shop.line({ price: 800 });
    const check = async (quantity: number) =>
      basketCheckResponseSchema.parse(
        await (
          await shop.call('POST', 'order/public/basket/check', {
            project: 'bbs',
            items: [wish(line, quantity)],
            withDeliveryList: true,
            cityId: shop.city.settlement.id,
          })
        ).json(),
      );
    const price = (answer: Awaited<ReturnType<typeof check>>, slug: string) =>
      answer.deliveryMethods.find((m) => m.slug === slug)?.price;
    const one = await check(1);
    expect(price(one, 'np-warehouse')).toBeGreaterThan(0);
    const two = await check(2);
    expect(price(two, 'np-warehouse')).toBe(0);
    // A courier is not in the promise.
    expect(price(two, 'np-courier')).toBe(price(one, 'np-courier'));
  });
});

describe('judged on the goods after promo codes, as the storefront judges it', () => {
  type Code = { type: 0 | 1; key: string };
  /** The basket check's price of a Nova Poshta branch for these lines and codes. */
  const checkedPrice = async (line: Line, quantity: number, certificates: Code[]) => {
    const response = await shop.call('POST', 'order/public/basket/check', {
      project: 'bbs',
      items: [wish(line, quantity)],
      certificates,
      withDeliveryList: true,
      cityId: shop.city.settlement.id,
    });
    const answer = basketCheckResponseSchema.parse(await response.json());
    return answer.deliveryMethods.find((m) => m.slug === 'np-warehouse')?.price;
  };
  const ordered = async (line: Line, certificates: Code[]) =>
    orderOf(await shop.order(branchOrder(shop, [wish(line)], { certificates })));

  it('a fixed-amount promo code takes 1 600 грн below the threshold: the check and the order charge the branch’s price', async () => {
    const line = await shop.line({ price: 1600 });
    const minus200 = [{ type: 0, key: 'MINUS200' }] satisfies Code[];
    expect(await checkedPrice(line, 1, [])).toBe(0);
    const branchPrice = await checkedPrice(line, 1, minus200);
    expect(branchPrice).toBeGreaterThan(0);
    const order = await ordered(line, minus200);
    expect(order).toMatchObject({ price: 1400, deliveryPrice: branchPrice, totalPrice: 1400 + (branchPrice ?? 0) });
  });

  it('exactly at the threshold after the code is free: 1 700 грн less 200', async () => {
    const line = await shop.line({ price: 1700 });
    expect(await checkedPrice(line, 1, [{ type: 0, key: 'MINUS200' }])).toBe(0);
    const order = await ordered(line, [{ type: 0, key: 'MINUS200' }]);
    expect(order).toMatchObject({ price: 1500, deliveryPrice: 0, totalPrice: 1500 });
  });

  it('a percent promo code counts through the lines: 1 700 грн less 10 % is free, 1 600 грн less 10 % is not', async () => {
    const karapuz = [{ type: 0, key: 'KARAPUZ10' }] satisfies Code[];
    const above = await ordered(await shop.line({ price: 1700 }), karapuz);
    expect(above).toMatchObject({ price: 1530, deliveryPrice: 0 });
    const below = await ordered(await shop.line({ price: 1600 }), karapuz);
    expect(below.price).toBe(1440);
    expect(below.deliveryPrice).toBeGreaterThan(0);
  });

  it('a certificate pays for the goods and does not lower them: 1 600 грн paid 1 200 by a certificate is free', async () => {
    const line = await shop.line({ price: 1600 });
    const certificate = [{ type: 1, key: 'BBS3F8N2R6W1Y5HC' }] satisfies Code[];
    expect(await checkedPrice(line, 1, certificate)).toBe(0);
    const order = await ordered(line, certificate);
    expect(order).toMatchObject({ price: 1600, certificateAmount: 1200, deliveryPrice: 0, totalPrice: 400 });
  });
});
