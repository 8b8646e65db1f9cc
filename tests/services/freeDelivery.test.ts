import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketCheckResponseSchema } from '../../src/api/schemas/basket.ts';
import { FREE_DELIVERY } from '../../src/api/freeDelivery.ts';
import { branchOrder, createOrderShop, orderOf, wish } from './orderSupport.ts';
import type { OrderShop } from './orderSupport.ts';

/**
 * The contract's FREE_DELIVERY as the order service applies it (issue 29, "free delivery promised,
 * then charged"): a Nova Poshta branch costs nothing from 1 500 грн of goods, in the order and in
 * the basket check's methods alike; below it, and for other methods, the delivery service's price.
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
