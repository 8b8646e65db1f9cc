import { describe, expect, it } from 'vitest';
import type { BasketCertificate } from '../../src/domain/basket/basketCertificates.ts';
import { newBasketItem, type BasketItem } from '../../src/domain/basket/basketItem.ts';
import {
  FREE_DELIVERY,
  basketFreeDelivery,
  basketReductions,
  deliveryPriceFor,
  freeDeliveryVerdict,
} from '../../src/domain/checkout/freeDelivery.ts';
import { basketItemInput } from './support/basketInput.ts';

/**
 * The free-delivery rule (src/api/freeDelivery.ts `freeDeliveryVerdict`, the one function the
 * storefront and the order service both judge by; docs/decisions.md "Free delivery is judged on the
 * goods after promo codes"): the goods are the lines less amount promo codes; certificates and
 * bonus points pay for the goods and leave the amount as it is.
 */

const promo = (amount: number) => ({ kind: 'promo', amount }) as const;
const certificate = (amount: number) => ({ kind: 'certificate', amount }) as const;
const bonuses = (amount: number) => ({ kind: 'bonuses', amount }) as const;

describe('the verdict', () => {
  it('is judged on 1 500 грн', () => {
    expect(FREE_DELIVERY).toEqual({ threshold: 1500, methods: ['np-warehouse', 'np-postbox'] });
  });

  it('a fixed-amount promo code lowers the goods: 1 600 грн less 200 грн is 100 грн short', () => {
    expect(freeDeliveryVerdict({ lines: 1600, offTheOrder: [promo(200)] })).toEqual({
      goods: 1400,
      free: false,
      remaining: 100,
    });
    expect(freeDeliveryVerdict({ lines: 1800, offTheOrder: [promo(200)] })).toEqual({
      goods: 1600,
      free: true,
      remaining: 0,
    });
  });

  it('exactly at the threshold is free, a kopeck below is not (whole hryvnias left, rounded up)', () => {
    expect(freeDeliveryVerdict({ lines: 1500, offTheOrder: [] })).toMatchObject({ free: true, remaining: 0 });
    expect(freeDeliveryVerdict({ lines: 1700, offTheOrder: [promo(200)] })).toMatchObject({
      goods: 1500,
      free: true,
    });
    expect(freeDeliveryVerdict({ lines: 1499.99, offTheOrder: [] })).toMatchObject({ free: false, remaining: 1 });
    // Amounts that came through kopecks or through floating-point sums land on the same side.
    expect(freeDeliveryVerdict({ lines: 0.1 + 0.2 + 1499.7, offTheOrder: [] }).free).toBe(true);
    expect(freeDeliveryVerdict({ lines: 1000, offTheOrder: [] }).remaining).toBe(500);
  });

  it('certificates and bonus points are payment: they leave the goods as they are', () => {
    const paid = freeDeliveryVerdict({ lines: 1600, offTheOrder: [certificate(1000), bonuses(300)] });
    expect(paid).toEqual({ goods: 1600, free: true, remaining: 0 });
    // With an amount promo code too, only the code counts.
    expect(
      freeDeliveryVerdict({ lines: 1600, offTheOrder: [promo(200), certificate(500), bonuses(100)] }),
    ).toMatchObject({ goods: 1400, free: false });
  });

  it('never goes below 0, and takes no amount that is not a positive number', () => {
    expect(freeDeliveryVerdict({ lines: 100, offTheOrder: [promo(200)] })).toEqual({
      goods: 0,
      free: false,
      remaining: 1500,
    });
    expect(freeDeliveryVerdict({ lines: Number.NaN, offTheOrder: [promo(-50)] }).goods).toBe(0);
    expect(freeDeliveryVerdict({ lines: 1600, offTheOrder: [promo(-50)] }).goods).toBe(1600);
  });

  it('prices only the free-delivery methods at 0, and only when free', () => {
    expect(deliveryPriceFor('np-warehouse', 59, { free: true })).toBe(0);
    expect(deliveryPriceFor('np-postbox', 59, { free: true })).toBe(0);
    expect(deliveryPriceFor('np-warehouse', 59, { free: false })).toBe(59);
    expect(deliveryPriceFor('np-courier', 89, { free: true })).toBe(89);
    expect(deliveryPriceFor('im-courier', 69, { free: true })).toBe(69);
  });
});

describe('the basket as the rule reads it', () => {
  /** A line of `count` units sold at `price`, as a current check left it: `cost` for the whole count. */
  const line = (price: number, count: number, cost = price * count): BasketItem => ({
    ...newBasketItem(basketItemInput({ recommendedPrice: price, sellingPrice: price, totalAmount: 50 }), { count }),
    checkedPrice: cost / count,
    checkedCost: cost,
    checkedQuantity: count,
    checkedCount: count,
  });
  /** An accepted code; `orderDiscount` is what it takes off the whole order (0 for a percent promo code). */
  const code = (type: 0 | 1, discountAmount: number, orderDiscount = discountAmount): BasketCertificate => ({
    type,
    key: `K${type}${discountAmount}`,
    title: '',
    discountAmount,
    errorMessage: null,
    isAvailable: true,
    isChecked: true,
    orderDiscount,
  });

  it('a fixed-amount promo code is taken off the lines: 2 × 800 грн with 200 грн off is not free', () => {
    const items = [line(800, 2)];
    expect(basketFreeDelivery(items, [])).toMatchObject({ goods: 1600, free: true });
    expect(basketFreeDelivery(items, [code(0, 200)])).toMatchObject({ goods: 1400, free: false, remaining: 100 });
  });

  it('a percent promo code is in the lines’ checked prices already, and is not taken off twice', () => {
    // 2 × 900 грн less 10 %: the check prices the lines at 1 620 грн; the code's answer says 180 грн.
    const items = [line(900, 2, 1620)];
    expect(basketFreeDelivery(items, [code(0, 180, 0)])).toMatchObject({ goods: 1620, free: true });
  });

  it('a certificate and bonus points do not lower it', () => {
    const items = [line(800, 2)];
    expect(basketFreeDelivery(items, [code(1, 1000)], 300)).toMatchObject({ goods: 1600, free: true });
    expect(basketReductions([code(0, 200), code(1, 1000), code(0, 180, 0)], 300)).toEqual([
      { kind: 'promo', amount: 200 },
      { kind: 'certificate', amount: 1000 },
      { kind: 'bonuses', amount: 300 },
    ]);
  });

  it('a refused code takes nothing', () => {
    const refused: BasketCertificate = { ...code(0, 200), errorMessage: 'Промокод не найден', isChecked: false };
    expect(basketFreeDelivery([line(800, 2)], [refused]).free).toBe(true);
  });
});
