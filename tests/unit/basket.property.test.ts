import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BasketCheckItem, BasketItemError } from '../../src/api/schemas/basket.ts';
import {
  certificateDiscount,
  normaliseCertificateKey,
  type BasketCertificate,
} from '../../src/domain/basket/basketCertificates.ts';
import { applyBasketCheck } from '../../src/domain/basket/basketCheck.ts';
import { newBasketItem, type BasketItem, type LineChoice } from '../../src/domain/basket/basketItem.ts';
import {
  addToBasket,
  mergeBaskets,
  removeLine,
  removeOneUnit,
  setQuantity,
} from '../../src/domain/basket/basketRules.ts';
import { basketTotals, itemsToCheck, subscriptionsToCheck } from '../../src/domain/basket/basketTotals.ts';
import { parseStoredBasket, serializeBasket } from '../../src/domain/basket/storedBasket.ts';

/**
 * Property tests of the basket (DESIGN §8): whatever the shopper does, in whatever order, the stock
 * rules hold, the money never goes negative, and what is stored reads back.
 */

/** Stock of variants 1..6; variants 1–3 are one product, 4–6 another. */
const STOCK: Readonly<Record<number, number>> = { 1: 0, 2: 1, 3: 2, 4: 3, 5: 5, 6: 20 };
const productOf = (id: number) => (id <= 3 ? 1 : 2);
const stockOf = (id: number) => STOCK[id] ?? 0;

const money = fc.integer({ min: 0, max: 500_000 }).map((kopecks) => kopecks / 100);
const choice: fc.Arbitrary<LineChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ count: fc.integer({ min: 1, max: 25 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      count: fc.constant(1),
      subscription: fc.record({
        quantity: fc.integer({ min: 1, max: 6 }),
        startDate: fc.constantFrom('2025-03-01', '2025-04-15'),
        interval: fc.constantFrom(14, 30),
      }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ count: fc.constant(1), giftPromoId: fc.constantFrom('spring', 'summer') }) },
);
const line: fc.Arbitrary<BasketItem> = fc
  .record({
    id: fc.integer({ min: 1, max: 6 }),
    recommendedPrice: money,
    sellingPrice: money,
    weight: fc.integer({ min: 0, max: 5000 }).map((g) => g / 1000),
    capacity: fc.integer({ min: 0, max: 40_000 }),
    choice,
  })
  .map(({ id, choice: c, ...rest }) =>
    newBasketItem(
      {
        id,
        productId: productOf(id),
        slug: `product-${productOf(id)}`,
        title: `Товар ${id}`,
        titleUkr: `Товар ${id}`,
        brand: null,
        currentImage: null,
        cssBackground: null,
        colorPresentationValue: null,
        colorPresentationTitle: null,
        colorPresentationTitleUkr: null,
        sizePresentationValue: null,
        sizePresentationTitle: null,
        sizePresentationTitleUkr: null,
        displayArticle: `A-${id}`,
        folderCategory: null,
        category: null,
        colorsCount: 1,
        shortDescription: null,
        totalAmount: stockOf(id),
        warehouses: [],
        allowSubscription: true,
        bonusAccrualRate: null,
        subscriptionPrice: null,
        ...rest,
      },
      c,
    ),
  );

type Op =
  | { op: 'add'; line: BasketItem }
  | { op: 'removeOne'; at: number }
  | { op: 'removeLine'; at: number }
  | { op: 'set'; at: number; quantity: number }
  | { op: 'merge'; lines: BasketItem[] }
  | { op: 'check'; errors: BasketItemError[]; prices: number[] };
const at = fc.nat({ max: 20 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant<'add'>('add'), line }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant<'removeOne'>('removeOne'), at }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant<'removeLine'>('removeLine'), at }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant<'set'>('set'), at, quantity: fc.integer({ min: -3, max: 30 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant<'merge'>('merge'), lines: fc.array(line, { maxLength: 4 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant<'check'>('check'),
      errors: fc.array(fc.constantFrom<BasketItemError>(0, 0, 0, 2, 4), { minLength: 6, maxLength: 6 }),
      prices: fc.array(money, { minLength: 6, maxLength: 6 }),
    }),
  },
);

/** The basket's answer from a service that knows the same stock (STOCK) and prices as given. */
function answers(items: readonly BasketItem[], errors: readonly BasketItemError[], prices: readonly number[]) {
  // A variant's stock goes to its lines in the order asked: bought at their price, then subscriptions.
  const left = new Map<number, number>();
  const asked: { internalId: number; quantity: number; intervalDays?: number }[] = [
    ...itemsToCheck(items),
    ...subscriptionsToCheck(items),
  ];
  return asked.map(({ internalId, quantity, intervalDays }): BasketCheckItem => {
    const available = stockOf(internalId);
    const price = prices[internalId - 1] ?? 0;
    const sold = Math.min(quantity, left.get(internalId) ?? available);
    left.set(internalId, (left.get(internalId) ?? available) - sold);
    return {
      ...(intervalDays === undefined ? {} : { intervalDays, subscriptionPrice: price }),
      internalId,
      productId: productOf(internalId),
      title: `Товар ${internalId}`,
      titleUkr: `Товар ${internalId}`,
      quantity,
      availableQuantity: available,
      recommendedPrice: price,
      sellingPrice: price,
      errorCode: errors[internalId - 1] ?? 0,
      warehouseList: [],
      giftDiscountRef: null,
      checked: {
        quantity: sold,
        price,
        cost: Math.floor(price * sold),
        isGift: false,
        discounts: [],
        discountAmount: 0,
        bonuses: 0,
        bonusAmount: 0,
      },
    };
  });
}

/** The key of the line at a position, wrapping around (a position in an empty basket names nothing). */
const keyAt = (items: readonly BasketItem[], index: number) => items[index % Math.max(1, items.length)]?.key ?? '';

function run(ops: readonly Op[]): BasketItem[] {
  let items: BasketItem[] = [];
  for (const o of ops) {
    if (o.op === 'add') {
      const result = addToBasket(items, o.line);
      if (result.ok) items = result.items;
    } else if (o.op === 'removeOne') items = removeOneUnit(items, keyAt(items, o.at));
    else if (o.op === 'removeLine') items = removeLine(items, keyAt(items, o.at));
    else if (o.op === 'set') {
      const result = setQuantity(items, keyAt(items, o.at), o.quantity);
      if (result.ok) items = result.items;
    } else if (o.op === 'merge') items = mergeBaskets(items, o.lines);
    else items = applyBasketCheck(items, { basketItems: answers(items, o.errors, o.prices), giftLists: [] }).items;
  }
  return items;
}
const basket = fc.array(op, { maxLength: 30 }).map(run);

function sumBy<K>(items: readonly BasketItem[], keyOf: (item: BasketItem) => K): Map<K, number> {
  const sums = new Map<K, number>();
  for (const item of items) {
    if (item.itemType !== 'gift') sums.set(keyOf(item), (sums.get(keyOf(item)) ?? 0) + item.count);
  }
  return sums;
}

describe('stock rules hold whatever the shopper does (spec §5)', () => {
  it("keeps each variant's lines within its stock, and each product within its variants' stock", () => {
    fc.assert(
      fc.property(basket, (items) => {
        for (const [id, count] of sumBy(items, (i) => i.id)) expect(count).toBeLessThanOrEqual(stockOf(id));
        for (const [product, count] of sumBy(items, (i) => i.productId)) {
          const available = Object.keys(STOCK)
            .map(Number)
            .filter((id) => productOf(id) === product)
            .reduce((sum, id) => sum + stockOf(id), 0);
          expect(count).toBeLessThanOrEqual(available);
        }
      }),
    );
  });

  it('keeps every count within [0, expected count], keys unique, at most one gift per list', () => {
    fc.assert(
      fc.property(basket, (items) => {
        expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
        const gifts = items.filter((i) => i.itemType === 'gift').map((i) => i.giftPromoId);
        expect(new Set(gifts).size).toBe(gifts.length);
        for (const item of items) {
          expect(item.count).toBeGreaterThanOrEqual(0);
          expect(item.count).toBeLessThanOrEqual(item.expectedCount);
          expect(item.expectedCount).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it('gives back the same basket after adding a new line and removing it', () => {
    fc.assert(
      fc.property(basket, line, (items, extra) => {
        fc.pre(!items.some((i) => i.key === extra.key));
        // A gift of a list that has one replaces it (one gift per list), so it is not a new line.
        fc.pre(!items.some((i) => i.itemType === 'gift' && i.giftPromoId === extra.giftPromoId));
        const result = addToBasket(items, extra);
        fc.pre(result.ok);
        if (result.ok) expect(removeLine(result.items, extra.key)).toEqual(items);
      }),
    );
  });

  it('gives back the same basket after adding one unit to a line and removing one', () => {
    fc.assert(
      fc.property(basket, fc.nat(), (items, index) => {
        const target = items.filter((i) => i.itemType !== 'gift' && i.count >= 1 && i.count === i.expectedCount)[
          index % Math.max(1, items.length)
        ];
        fc.pre(target !== undefined);
        if (!target) return;
        const result = addToBasket(items, { ...target, count: 1 });
        fc.pre(result.ok);
        if (result.ok) expect(removeOneUnit(result.items, target.key)).toEqual(items);
      }),
    );
  });
});

const certificate: fc.Arbitrary<BasketCertificate> = fc.record({
  type: fc.constantFrom<0 | 1>(0, 1),
  key: fc.string({ minLength: 1, maxLength: 8 }),
  title: fc.constant(''),
  discountAmount: money,
  errorMessage: fc.option(fc.constant('Ошибка')),
  isAvailable: fc.boolean(),
  isChecked: fc.boolean(),
  orderDiscount: money,
});

describe('money (spec §3 derived totals, §9 final price)', () => {
  it('is never negative, the final price never above the lines nor the recommended total', () => {
    fc.assert(
      fc.property(basket, fc.array(certificate, { maxLength: 4 }), (items, certificates) => {
        const totals = basketTotals(items, certificates);
        for (const value of Object.values(totals)) expect(value).toBeGreaterThanOrEqual(0);
        expect(totals.finalPrice).toBeLessThanOrEqual(totals.linesPrice);
        expect(totals.finalPrice).toBeLessThanOrEqual(totals.recommendedPrice);
        expect(totals.certificateDiscount).toBeLessThanOrEqual(certificateDiscount(certificates));
        expect(totals.profit).toBeCloseTo(totals.recommendedPrice - totals.finalPrice, 2);
        expect(totals.checkedProfit).toBeLessThanOrEqual(totals.profit + 0.005);
      }),
    );
  });

  it('is in whole kopecks', () => {
    fc.assert(
      fc.property(basket, fc.array(certificate, { maxLength: 4 }), (items, certificates) => {
        const { count: _count, weight: _weight, ...money } = basketTotals(items, certificates);
        for (const value of Object.values(money))
          expect(Math.abs(value * 100 - Math.round(value * 100))).toBeLessThan(1e-6);
      }),
    );
  });
});

describe('storage', () => {
  it('reads back every basket the rules make', () => {
    fc.assert(
      fc.property(basket, fc.option(fc.nat()), (items, time) => {
        const stored = { items, certificates: [], lastUpdatedTime: time };
        expect(parseStoredBasket(serializeBasket(stored))).toEqual(stored);
      }),
    );
  });

  it('survives any string and any JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const parsed = parseStoredBasket(raw);
        expect(Array.isArray(parsed.items)).toBe(true);
      }),
    );
  });

  it('survives any value in place of any field of a stored line, keeping only sound lines', () => {
    fc.assert(
      fc.property(basket, fc.nat(), fc.string(), fc.jsonValue(), (items, index, name, value) => {
        const fields = Object.keys(items[0] ?? {});
        const field = fields[index % Math.max(1, fields.length)] ?? name;
        const damaged = items.map((l, i) => (i === index % Math.max(1, items.length) ? { ...l, [field]: value } : l));
        const parsed = parseStoredBasket(JSON.stringify({ items: damaged }));
        expect(parsed.items.length).toBeGreaterThanOrEqual(items.length - 1);
        for (const item of parsed.items) {
          expect(Number.isInteger(item.id) && item.id > 0).toBe(true);
          expect(item.count).toBeLessThanOrEqual(item.expectedCount);
          expect(Number.isFinite(item.price.sellingPrices)).toBe(true);
        }
      }),
    );
  });
});

describe('promo keys', () => {
  it('normalise once and for all', () => {
    fc.assert(
      fc.property(fc.constantFrom<0 | 1>(0, 1), fc.string(), (type, key) => {
        const once = normaliseCertificateKey(type, key);
        expect(normaliseCertificateKey(type, once)).toBe(once);
      }),
    );
  });
});
