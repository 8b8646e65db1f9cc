import { describe, expect, it } from 'vitest';
import {
  newBasketItem,
  type BasketItem,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import {
  addToBasket,
  canRemoveOne,
  mergeBaskets,
  removeLine,
  removeOneUnit,
  setQuantity,
  type AddResult,
} from '../../src/domain/basket/basketRules.ts';
import { basketItemInput } from './support/basketInput.ts';

/** What the shopper may do to the lines (storefront spec §5 "Basket"). */

const input = basketItemInput;
const SUB = { quantity: 1, startDate: '2025-03-01', interval: 30 };
const line = (over: Partial<BasketItemInput> = {}, choice: LineChoice = { count: 1 }): BasketItem =>
  newBasketItem(input(over), choice);
const gift = (id: number, promo: string): BasketItem =>
  line({ id, totalAmount: 0, recommendedPrice: 100, sellingPrice: 100 }, { count: 1, giftPromoId: promo });

/** The lines after adding, failing the test when the add was refused. */
function added(result: AddResult): BasketItem[] {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.items;
}
/** Builds a basket by adding each line in turn. */
const basketOf = (...lines: BasketItem[]): BasketItem[] =>
  lines.reduce<BasketItem[]>((items, l) => added(addToBasket(items, l)), []);
const counts = (items: readonly BasketItem[]) => items.map((i) => [i.key, i.count, i.expectedCount]);

describe('adding (spec §5)', () => {
  it('adds a new line to an empty basket', () => {
    const result = addToBasket([], line({}, { count: 2 }));
    expect(result).toMatchObject({ ok: true, item: { key: '101_price', count: 2, expectedCount: 2 } });
    expect(added(result)).toHaveLength(1);
  });

  it.each<[string, Partial<BasketItem>]>([
    ['a zero id', { id: 0 }],
    ['a negative id', { id: -3 }],
    ['a fractional id', { id: 1.5 }],
    ['a zero count', { count: 0 }],
    ['a negative count', { count: -1 }],
    ['a fractional count', { count: 1.5 }],
    ['a count that is not a number', { count: Number.NaN }],
    ['a gift without a promo id', { itemType: 'gift', giftPromoId: null }],
    ['a subscription without a start date', { itemType: 'subscription', intervalDays: 30, startDate: null }],
    ['a subscription without an interval', { itemType: 'subscription', intervalDays: null, startDate: '2025-03-01' }],
  ])('refuses an item with %s', (_name, over) => {
    expect(addToBasket([], { ...line(), ...over })).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a count above the available total, naming the limit', () => {
    expect(addToBasket([], line({ totalAmount: 3 }, { count: 4 }))).toEqual({
      ok: false,
      reason: 'stockLimit',
      max: 3,
      inBasket: 0,
    });
  });

  it('refuses an item out of stock with a limit of 0', () => {
    expect(addToBasket([], line({ totalAmount: 0 }))).toMatchObject({ ok: false, reason: 'stockLimit', max: 0 });
  });

  it('adds to the count when the same key is added again', () => {
    const items = basketOf(line({}, { count: 2 }), line({}, { count: 1 }));
    expect(counts(items)).toEqual([['101_price', 3, 3]]);
  });

  it('refuses to grow a line past its stock, saying what it already holds', () => {
    const items = basketOf(line({ totalAmount: 3 }, { count: 2 }));
    expect(addToBasket(items, line({ totalAmount: 3 }, { count: 2 }))).toEqual({
      ok: false,
      reason: 'stockLimit',
      max: 3,
      inBasket: 2,
    });
  });

  it("refuses to add beyond a variant's stock summed over its price and subscription lines", () => {
    const items = basketOf(line({ totalAmount: 3 }, { count: 2 }));
    const result = addToBasket(items, line({ totalAmount: 3 }, { count: 1, subscription: { ...SUB, quantity: 2 } }));
    expect(result).toEqual({ ok: false, reason: 'stockLimit', max: 1, inBasket: 0 });
  });

  it("keeps the count of a product across its variants within the sum of the variants' stock", () => {
    const items = basketOf(
      line({ id: 1, totalAmount: 2 }, { count: 2 }),
      line({ id: 2, totalAmount: 3 }, { count: 3 }),
    );
    expect(items.reduce((sum, i) => sum + i.count, 0)).toBe(5);
    expect(addToBasket(items, line({ id: 2, totalAmount: 3 }))).toMatchObject({ ok: false, reason: 'stockLimit' });
    expect(addToBasket(items, line({ id: 1, totalAmount: 2 }))).toMatchObject({ ok: false, reason: 'stockLimit' });
  });

  it('takes the stock the added item brings as the freshest', () => {
    const items = basketOf(line({ totalAmount: 2 }, { count: 2 }));
    const result = addToBasket(items, line({ totalAmount: 5 }, { count: 1 }));
    expect(result).toMatchObject({ ok: true, item: { count: 3, totalAmount: 5 } });
  });

  it('refuses more than the check accepts for one line even with more stock', () => {
    expect(addToBasket([], line({ totalAmount: 5000 }, { count: 1000 }))).toEqual({
      ok: false,
      reason: 'quantityLimit',
      max: 999,
    });
  });

  it('refuses a new line beyond 100 lines, but still grows a line that is there', () => {
    const full = basketOf(...Array.from({ length: 100 }, (_, i) => line({ id: i + 1 })));
    expect(addToBasket(full, line({ id: 500 }))).toEqual({ ok: false, reason: 'basketFull', max: 100 });
    expect(addToBasket(full, line({ id: 1 }))).toMatchObject({ ok: true, item: { key: '1_price', count: 2 } });
  });

  it('keeps a subscription per interval as its own line, and a new start date wins for the same interval', () => {
    const items = basketOf(
      line({}, { count: 1, subscription: SUB }),
      line({}, { count: 1, subscription: { ...SUB, interval: 60 } }),
      line({}, { count: 1, subscription: { ...SUB, startDate: '2025-04-01' } }),
    );
    expect(items.map((i) => [i.key, i.count, i.startDate])).toEqual([
      ['101_subscription_30', 2, '2025-04-01'],
      ['101_subscription_60', 1, '2025-03-01'],
    ]);
  });

  it('derives the key instead of trusting the one the item carries', () => {
    const items = basketOf(line(), { ...line(), key: 'stale' });
    expect(counts(items)).toEqual([['101_price', 2, 2]]);
  });

  it('leaves the lines it was given untouched', () => {
    const items = basketOf(line());
    const before = structuredClone(items);
    addToBasket(items, line());
    expect(items).toEqual(before);
  });

  it('updates the flags of the other lines of the variant', () => {
    const items = basketOf(
      line({ totalAmount: 3 }, { count: 2 }),
      line({ totalAmount: 3 }, { count: 1, subscription: SUB }),
    );
    expect(items.map((i) => i.isAbleToAddToBasket)).toEqual([false, false]);
  });

  describe('gifts are exempt', () => {
    it('adds a gift whatever its stock', () => {
      expect(addToBasket([], gift(7, 'spring'))).toMatchObject({ ok: true, item: { key: '7_gift_spring', count: 1 } });
    });

    it('does not count a gift of the same variant against its stock', () => {
      const items = basketOf(gift(101, 'spring'));
      expect(addToBasket(items, line({ totalAmount: 1 }))).toMatchObject({ ok: true });
    });

    it('gives the same gift once however often it is chosen', () => {
      expect(counts(basketOf(gift(7, 'spring'), gift(7, 'spring')))).toEqual([['7_gift_spring', 1, 1]]);
    });

    it('replaces the gift of the same list with the newly chosen one, and keeps other lists', () => {
      const items = basketOf(gift(7, 'spring'), gift(9, 'summer'), gift(8, 'spring'));
      expect(items.map((i) => i.key)).toEqual(['9_gift_summer', '8_gift_spring']);
    });
  });
});

describe('removing one unit works only while the count is above 1 (spec §5)', () => {
  it.each([
    [3, 2],
    [2, 1],
    [1, 1],
  ])('count %d becomes %d', (count, expected) => {
    const items = basketOf(line({}, { count }));
    expect(counts(removeOneUnit(items, '101_price'))).toEqual([['101_price', expected, expected]]);
  });

  it('never takes a unit off a gift', () => {
    const items = basketOf({ ...gift(7, 'g'), count: 2 });
    expect(removeOneUnit(items, '7_gift_g')).toEqual(items);
  });

  it('changes nothing for an unknown key or an empty basket', () => {
    const items = basketOf(line());
    expect(removeOneUnit(items, 'nope')).toEqual(items);
    expect(removeOneUnit([], 'nope')).toEqual([]);
  });

  it.each<[string, Pick<BasketItem, 'itemType' | 'count'>, boolean]>([
    ['two units', { itemType: 'price', count: 2 }, true],
    ['one unit', { itemType: 'price', count: 1 }, false],
    ['a gift', { itemType: 'gift', count: 2 }, false],
  ])('may remove one of %s: %s', (_name, item, expected) => {
    expect(canRemoveOne(item)).toBe(expected);
  });
});

describe('removing a line', () => {
  it('removes only that line', () => {
    const items = basketOf(line({ id: 1 }), line({ id: 2 }));
    expect(removeLine(items, '1_price').map((i) => i.key)).toEqual(['2_price']);
  });

  it('frees the stock for the other lines of the variant', () => {
    const items = basketOf(
      line({ totalAmount: 3 }, { count: 2 }),
      line({ totalAmount: 3 }, { count: 1, subscription: SUB }),
    );
    expect(removeLine(items, '101_price')[0]).toMatchObject({ isAbleToAddToBasket: true });
  });

  it('changes nothing for an unknown key or an empty basket', () => {
    expect(removeLine([], 'x')).toEqual([]);
  });
});

describe('setting a quantity clamps it to [1, available]', () => {
  it.each([
    ['within stock', 3, 3, false],
    ['zero', 0, 1, true],
    ['negative', -4, 1, true],
    ['above stock', 7, 5, true],
    ['a fraction', 2.7, 2, true],
    ['not a number', Number.NaN, 1, true],
    ['infinity', Number.POSITIVE_INFINITY, 1, true],
  ])('%s: %d → %d', (_name, quantity, expected, clamped) => {
    const result = setQuantity(basketOf(line({ totalAmount: 5 })), '101_price', quantity);
    expect(result).toMatchObject({ ok: true, count: expected, max: 5, clamped });
    if (result.ok) expect(counts(result.items)).toEqual([['101_price', expected, expected]]);
  });

  it('leaves the stock held by the variant’s other lines out of what is available', () => {
    const items = basketOf(
      line({ totalAmount: 5 }, { count: 3, subscription: { ...SUB, quantity: 3 } }),
      line({ totalAmount: 5 }),
    );
    expect(setQuantity(items, '101_price', 5)).toMatchObject({ ok: true, count: 2, max: 2, clamped: true });
  });

  it('stops at 999 units however much is in stock', () => {
    expect(setQuantity(basketOf(line({ totalAmount: 5000 })), '101_price', 5000)).toMatchObject({
      count: 999,
      max: 999,
    });
  });

  it.each<[string, BasketItem[], string, string]>([
    ['a missing line', [], '101_price', 'missing'],
    ['a gift', [gift(7, 'g')], '7_gift_g', 'gift'],
    ['a line out of stock', [{ ...line(), totalAmount: 0 }], '101_price', 'outOfStock'],
  ])('refuses %s', (_name, items, key, reason) => {
    expect(setQuantity(items, key, 2)).toEqual({ ok: false, reason });
  });
});

describe('merging basket B into A', () => {
  it('adds the counts of the same key', () => {
    const merged = mergeBaskets(basketOf(line({}, { count: 2 })), basketOf(line({}, { count: 1 })));
    expect(counts(merged)).toEqual([['101_price', 3, 3]]);
  });

  it('caps the count at availability and keeps the wish for the next check', () => {
    const merged = mergeBaskets(basketOf(line({}, { count: 3 })), basketOf(line({}, { count: 4 })));
    expect(counts(merged)).toEqual([['101_price', 5, 7]]);
  });

  it('caps at the lower stock either basket saw', () => {
    const merged = mergeBaskets(
      basketOf(line({ totalAmount: 5 }, { count: 1 })),
      basketOf(line({ totalAmount: 2 }, { count: 1 })),
    );
    expect(merged[0]).toMatchObject({ count: 2, totalAmount: 2 });
  });

  it("shares a variant's stock between its price and subscription lines", () => {
    const a = basketOf(line({ totalAmount: 4 }, { count: 3 }));
    const b = basketOf(line({ totalAmount: 4 }, { count: 1, subscription: { ...SUB, quantity: 3 } }));
    expect(counts(mergeBaskets(a, b))).toEqual([
      ['101_price', 3, 3],
      ['101_subscription_30', 1, 3],
    ]);
  });

  it("puts A's lines first, then B's new ones", () => {
    const merged = mergeBaskets(basketOf(line({ id: 1 }), line({ id: 2 })), basketOf(line({ id: 3 }), line({ id: 1 })));
    expect(counts(merged)).toEqual([
      ['1_price', 2, 2],
      ['2_price', 1, 1],
      ['3_price', 1, 1],
    ]);
  });

  it.each<[string, BasketItem[], BasketItem[], string[]]>([
    ['both empty', [], [], []],
    ['B empty', [line()], [], ['101_price']],
    ['A empty', [], [line()], ['101_price']],
  ])('merges when %s', (_name, a, b, keys) => {
    expect(mergeBaskets(a, b).map((i) => i.key)).toEqual(keys);
  });

  it('gives a gift once and keeps A’s gift of a list over B’s', () => {
    const merged = mergeBaskets(
      basketOf(gift(7, 'spring')),
      basketOf(gift(7, 'spring'), gift(8, 'spring'), gift(9, 'summer')),
    );
    expect(counts(merged)).toEqual([
      ['7_gift_spring', 1, 1],
      ['9_gift_summer', 1, 1],
    ]);
  });

  it('adds no new line beyond 100 lines', () => {
    const full = basketOf(...Array.from({ length: 100 }, (_, i) => line({ id: i + 1 })));
    const merged = mergeBaskets(full, basketOf(line({ id: 500 }), line({ id: 1 })));
    expect(merged).toHaveLength(100);
    expect(merged[0]).toMatchObject({ key: '1_price', count: 2 });
  });
});
