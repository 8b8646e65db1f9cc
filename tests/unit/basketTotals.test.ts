import { describe, expect, it } from 'vitest';
import type { BasketCertificate } from '../../src/domain/basket/basketCertificates.ts';
import {
  lineTexts,
  newBasketItem,
  type BasketItem,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import {
  basketTotals,
  chosenGifts,
  giftItems,
  isCheckCurrent,
  itemsToCheck,
  itemsWithoutGifts,
  lineFinalPrice,
  lineShownPrice,
  lineUnitPrice,
  subscriptionItems,
  subscriptionsToCheck,
} from '../../src/domain/basket/basketTotals.ts';
import { basketItemInput } from './support/basketInput.ts';

/** What the basket adds up to (storefront spec §3 "Basket" derived, §9 final price and delivery weight). */

const input = (over: Partial<BasketItemInput> = {}): BasketItemInput => basketItemInput({ totalAmount: 50, ...over });
const SUB = { quantity: 1, startDate: '2025-03-01', interval: 30 };
const line = (over: Partial<BasketItemInput> = {}, choice: LineChoice = { count: 1 }): BasketItem =>
  newBasketItem(input(over), choice);
/** A line as a current check left it: `cost` for its whole count. */
const checked = (item: BasketItem, cost: number, discount = 0): BasketItem => ({
  ...item,
  checkedPrice: cost / item.count,
  checkedCost: cost,
  checkedQuantity: item.count,
  checkedCount: item.count,
  checkedBonusAmount: 0,
  discount,
});
/** An accepted (or refused) code; `orderDiscount` is what it takes off the whole order (0 for a percent promo code). */
const certificate = (
  type: 0 | 1,
  discountAmount: number,
  errorMessage: string | null = null,
  orderDiscount = errorMessage === null ? discountAmount : 0,
): BasketCertificate => ({
  type,
  key: `K${discountAmount}`,
  title: '',
  discountAmount,
  errorMessage,
  isAvailable: errorMessage === null,
  isChecked: errorMessage === null,
  orderDiscount,
});

describe('totals of an empty basket', () => {
  it('are all 0', () => {
    expect(basketTotals([])).toEqual({
      count: 0,
      recommendedPrice: 0,
      sellingPrice: 0,
      linesPrice: 0,
      certificateDiscount: 0,
      linesDiscount: 0,
      finalPrice: 0,
      profit: 0,
      checkedProfit: 0,
      weight: 0,
    });
  });

  it('take nothing off for a certificate with nothing to pay for', () => {
    expect(basketTotals([], [certificate(1, 100)])).toMatchObject({ finalPrice: 0, certificateDiscount: 0, profit: 0 });
  });
});

describe('line final price: the lowest of recommended, selling and checked unit cost (spec §9)', () => {
  it.each<[string, BasketItem, number, number]>([
    ['selling below recommended', line({}, { count: 2 }), 300, 600],
    ['selling above recommended: the recommended', line({ recommendedPrice: 300, sellingPrice: 400 }), 300, 300],
    ['no recommended price: the selling', line({ recommendedPrice: 0 }), 300, 300],
    ['a current check below both: the checked unit cost', checked(line({}, { count: 2 }), 500), 250, 500],
    ['a current check above both: the selling', checked(line({}, { count: 2 }), 700), 300, 600],
    ['a check rounded down: its own cost back', checked(line({ sellingPrice: 33.34 }, { count: 3 }), 99), 33, 99],
    ['a 100 % discount is a real price', checked(line(), 0), 0, 0],
    [
      'a stale check (count changed since) is not used',
      { ...checked(line(), 250), count: 2, expectedCount: 2 },
      300,
      600,
    ],
    ['a gift costs nothing', line({}, { count: 1, giftPromoId: 'g' }), 0, 0],
  ])('%s', (_name, item, unit, total) => {
    expect([lineUnitPrice(item), lineFinalPrice(item)]).toEqual([unit, total]);
  });

  it.each<[string, Partial<BasketItem>, boolean]>([
    ['never checked', {}, false],
    ['checked for this count', { checkedCost: 300, checkedQuantity: 1 }, true],
    ['checked for another count', { checkedCost: 600, checkedQuantity: 2 }, false],
    ['checked with nothing to sell', { count: 0, checkedCost: 0, checkedQuantity: 0 }, false],
  ])('a check is current when %s: %s', (_name, over, expected) => {
    expect(isCheckCurrent({ ...line(), ...over })).toBe(expected);
  });
});

describe('basket totals (spec §3 derived)', () => {
  it('adds up lines bought at their price and on subscription', () => {
    const items = [
      line({}, { count: 2 }),
      line({ id: 202, recommendedPrice: 100, sellingPrice: 100 }, { count: 1, subscription: { ...SUB, quantity: 3 } }),
    ];
    expect(basketTotals(items)).toMatchObject({
      count: 5,
      recommendedPrice: 1100,
      sellingPrice: 900,
      linesPrice: 900,
      finalPrice: 900,
      profit: 200,
      checkedProfit: 0,
    });
  });

  it('counts gifts in the weight only', () => {
    const items = [
      line(),
      line({ id: 7, recommendedPrice: 150, sellingPrice: 150, weight: 1 }, { count: 1, giftPromoId: 'g' }),
    ];
    expect(basketTotals(items)).toMatchObject({
      count: 1,
      recommendedPrice: 400,
      sellingPrice: 300,
      finalPrice: 300,
      weight: 1.2,
    });
  });

  it('leaves out lines the check flagged, which will not be ordered', () => {
    const archival: BasketItem = { ...line({ id: 202, weight: 3 }), errorCode: 2 };
    const items = [line({}, { count: 2 }), archival];
    expect(basketTotals(items)).toMatchObject({ count: 2, recommendedPrice: 800, finalPrice: 600, weight: 0.4 });
  });

  it('takes a certificate off the final price and adds it to the profit', () => {
    expect(basketTotals([line({}, { count: 2 })], [certificate(1, 100)])).toMatchObject({
      linesPrice: 600,
      certificateDiscount: 100,
      finalPrice: 500,
      profit: 300,
      checkedProfit: 100,
    });
  });

  it('never goes below 0 when certificates exceed the lines', () => {
    expect(basketTotals([line()], [certificate(1, 250), certificate(1, 200)])).toMatchObject({
      certificateDiscount: 300,
      finalPrice: 0,
      profit: 400,
    });
  });

  it('does not take a percent promo code off again (it is in the checked lines) nor a refused certificate', () => {
    const items = [checked(line({}, { count: 2 }), 540, 60)];
    expect(basketTotals(items, [certificate(0, 60, null, 0), certificate(1, 100, 'Истёк')])).toMatchObject({
      finalPrice: 540,
      profit: 260,
      checkedProfit: 260,
    });
  });

  it('takes an amount promo code off the whole order', () => {
    expect(basketTotals([line({}, { count: 2 })], [certificate(0, 50)])).toMatchObject({
      finalPrice: 550,
      profit: 250,
    });
  });

  it('confirms only the profit of lines whose check is current', () => {
    const items = [checked(line({}, { count: 2 }), 500), line({ id: 202 })];
    expect(basketTotals(items)).toMatchObject({ finalPrice: 800, profit: 400, checkedProfit: 300 });
  });

  it.each<[string, BasketItem[], number]>([
    [
      'kopecks of three lines',
      [line({ sellingPrice: 0.1 }), line({ id: 2, sellingPrice: 0.2 }), line({ id: 3, sellingPrice: 0.3 })],
      0.6,
    ],
    ['a price times a count', [line({ recommendedPrice: 33.33, sellingPrice: 33.33 }, { count: 3 })], 99.99],
    ['many small prices', Array.from({ length: 10 }, (_, i) => line({ id: i + 1, sellingPrice: 0.1 })), 1],
  ])('rounds to the kopeck: %s', (_name, items, expected) => {
    expect(basketTotals(items).finalPrice).toBe(expected);
  });

  it.each([
    ['by weight', { weight: 0.1, capacity: 0 }, 3, 0.3],
    ['by volume (capacity / 4000)', { weight: 0.2, capacity: 6000 }, 2, 3],
    ['nothing known', { weight: null, capacity: null }, 4, 0],
  ])('weighs delivery weight × count %s', (_name, measures, count, expected) => {
    expect(basketTotals([line(measures, { count })]).weight).toBe(expected);
  });
});

describe('lists derived from the lines', () => {
  const price = line({}, { count: 2 });
  const sub = line({}, { count: 1, subscription: { ...SUB, quantity: 2 } });
  const gift = line({ id: 7 }, { count: 1, giftPromoId: 'spring' });
  const other = { ...line({ id: 202 }), count: 0, expectedCount: 3 };
  const items = [price, sub, gift, other];

  it('lists lines without gifts, subscriptions and gifts', () => {
    expect(itemsWithoutGifts(items).map((i) => i.key)).toEqual(['101_price', '101_subscription_30', '202_price']);
    expect(subscriptionItems(items).map((i) => i.key)).toEqual(['101_subscription_30']);
    expect(giftItems(items).map((i) => i.key)).toEqual(['7_gift_spring']);
  });

  it('checks the lines bought at their price by variant, subscriptions apart with their interval, gifts as chosen gifts', () => {
    expect(itemsToCheck(items)).toEqual([
      { internalId: 101, productId: 10, quantity: 2 },
      { internalId: 202, productId: 10, quantity: 3 },
    ]);
    expect(subscriptionsToCheck(items)).toEqual([{ internalId: 101, productId: 10, quantity: 2, intervalDays: 30 }]);
    expect(chosenGifts([...items, gift])).toEqual([{ internalId: 7, giftDiscountRef: 'spring' }]);
  });

  it('asks for at most 999 units of a variant', () => {
    const big = [
      { ...line(), count: 999, expectedCount: 999 },
      { ...sub, count: 5, expectedCount: 5 },
    ];
    expect(itemsToCheck([...big, { ...line(), key: 'again', count: 5, expectedCount: 5 }])).toEqual([
      { internalId: 101, productId: 10, quantity: 999 },
    ]);
    expect(subscriptionsToCheck(big)).toEqual([{ internalId: 101, productId: 10, quantity: 5, intervalDays: 30 }]);
  });

  it('are empty for an empty basket', () => {
    expect([itemsToCheck([]), chosenGifts([]), giftItems([]), subscriptionItems([]), itemsWithoutGifts([])]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
  });
});

describe('what a basket line shows', () => {
  it('shows the final price × count, with the recommended one crossed out only for a real drop', () => {
    expect(lineShownPrice(line({}, { count: 2 }))).toEqual({ final: 600, old: 800 });
    expect(lineShownPrice(line({ recommendedPrice: 300, sellingPrice: 300 }))).toEqual({ final: 300, old: null });
    // A selling price above the recommended one: the recommended price is the final one, no drop.
    expect(lineShownPrice(line({ recommendedPrice: 300, sellingPrice: 360 }))).toEqual({ final: 300, old: null });
  });

  it('counts what the lines save off the recommended prices apart from certificates', () => {
    const totals = basketTotals([line({}, { count: 2 })], [certificate(1, 100)]);
    expect(totals.linesDiscount).toBe(200);
    expect(totals.certificateDiscount).toBe(100);
  });

  it('names the line, its colour and size in the page’s language, falling back to Russian', () => {
    const item = line({
      colorPresentationTitle: 'Белый',
      colorPresentationTitleUkr: 'Білий',
      sizePresentationTitle: '92',
    });
    expect(lineTexts(item, 'ru')).toEqual({ title: 'Боди Зайка', colour: 'Белый', size: '92' });
    expect(lineTexts(item, 'uk')).toEqual({ title: 'Боді Зайчик', colour: 'Білий', size: '92' });
  });
});
