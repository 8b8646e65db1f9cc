import { describe, expect, it } from 'vitest';
import {
  newBasketItem,
  type BasketItem,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import { fallbackLineBonus, lineBonus, orderBonus } from '../../src/domain/basket/orderBonus.ts';
import { basketItemInput } from './support/basketInput.ts';

/** The bonus an order earns: the check's figures, else spec §9's fallback (final total × rate, rounded). */

const line = (over: Partial<BasketItemInput> = {}, choice: LineChoice = { count: 1 }): BasketItem =>
  newBasketItem(basketItemInput({ totalAmount: 50, ...over }), choice);
/** A line as a current check left it: `cost` for its whole count and `bonus` points. */
const checked = (item: BasketItem, cost: number, bonus: number): BasketItem => ({
  ...item,
  checkedPrice: cost / item.count,
  checkedCost: cost,
  checkedQuantity: item.count,
  checkedCount: item.count,
  checkedBonusAmount: bonus,
});

describe('fallback bonus of a line (spec §9)', () => {
  it.each([
    { name: 'rate 5 % of 3 × 300 грн', rate: 5, count: 3, expected: 45 },
    { name: 'no rate counts as 1 % (accounts §5)', rate: null, count: 1, expected: 3 },
    { name: 'rounds half up: 2 % of 325 грн = 6.5', rate: 2, count: 1, sellingPrice: 325, expected: 7 },
    { name: 'rate 0 earns nothing', rate: 0, count: 2, expected: 0 },
  ])('$name', ({ rate, count, sellingPrice, expected }) => {
    const item = line({ bonusAccrualRate: rate, ...(sellingPrice ? { sellingPrice } : {}) }, { count });
    expect(fallbackLineBonus(item)).toBe(expected);
  });

  it('is on the final price, the lowest of recommended and selling (spec §9)', () => {
    // Selling above recommended: the recommended price is what is paid.
    expect(fallbackLineBonus(line({ bonusAccrualRate: 10, recommendedPrice: 200, sellingPrice: 300 }))).toBe(20);
  });

  it('is on the checked unit cost while the check is current (a promo code lowered it)', () => {
    const item = { ...checked(line({ bonusAccrualRate: 10 }, { count: 2 }), 400, 0), checkedBonusAmount: null };
    expect(fallbackLineBonus(item)).toBe(40);
  });

  it('a subscription line earns on the subscription price (spec §3 bonusCountForAbonement)', () => {
    const item = line(
      { bonusAccrualRate: 10, subscriptionPrice: 250 },
      { count: 1, subscription: { quantity: 1, startDate: '2030-03-01', interval: 30 } },
    );
    expect(item.itemType).toBe('subscription');
    expect(fallbackLineBonus(item)).toBe(25);
  });

  it('a gift earns nothing', () => {
    expect(fallbackLineBonus(line({ bonusAccrualRate: 5 }, { count: 1, giftPromoId: 'g1' }))).toBe(0);
  });
});

describe('bonus of a line', () => {
  it('is the check’s while it is current', () => {
    expect(lineBonus(checked(line({ bonusAccrualRate: 5 }, { count: 2 }), 600, 31))).toBe(31);
  });

  it('falls back once the shopper changed the count after the check', () => {
    const item = { ...checked(line({ bonusAccrualRate: 5 }, { count: 2 }), 600, 31), count: 3 };
    expect(lineBonus(item)).toBe(45);
  });
});

describe('bonus of an order', () => {
  const a = line({ id: 1, bonusAccrualRate: 5 }, { count: 2 });
  const b = line({ id: 2, bonusAccrualRate: 2 }, { count: 1 });

  it('is the check’s bonusAmount when every bought line is current', () => {
    expect(orderBonus([checked(a, 600, 30), checked(b, 300, 6)], 36)).toBe(36);
  });

  it('is the lines’ sum when one line is not checked yet', () => {
    expect(orderBonus([checked(a, 600, 30), b], 30)).toBe(30 + 6);
  });

  it('is the fallback of every line with no answer at all', () => {
    expect(orderBonus([a, b], null)).toBe(30 + 6);
  });

  it('leaves out gifts and lines the check refused', () => {
    const gift = line({ id: 3, bonusAccrualRate: 5 }, { count: 1, giftPromoId: 'g1' });
    const refused = { ...line({ id: 4, bonusAccrualRate: 5 }), errorCode: 4 as const };
    expect(orderBonus([a, gift, refused], null)).toBe(30);
  });

  it('is 0 for a basket with nothing to buy', () => {
    expect(orderBonus([], 12)).toBe(0);
  });
});
