import { describe, expect, it } from 'vitest';
import { enteredCertificate, type BasketCertificate } from '../../src/domain/basket/basketCertificates.ts';
import {
  newBasketItem,
  type BasketItem,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import {
  emptyBasket,
  parseStoredBasket,
  parseStoredCertificate,
  parseStoredItem,
  parseStoredProblems,
  serializeBasket,
  serializeProblems,
  type StoredBasket,
} from '../../src/domain/basket/storedBasket.ts';
import { basketItemInput } from './support/basketInput.ts';

/** The basket kept in localStorage and read back: a corrupted storage never breaks the page. */

const input = (over: Partial<BasketItemInput> = {}): BasketItemInput =>
  basketItemInput({
    brand: 'Chicco',
    currentImage: '/img/101.jpg',
    cssBackground: '#fff',
    colorPresentationValue: 'belyi',
    colorPresentationTitle: 'Белый',
    colorPresentationTitleUkr: 'Білий',
    sizePresentationValue: '68',
    sizePresentationTitle: '68',
    sizePresentationTitleUkr: '68',
    folderCategory: 'Одежда',
    category: 'Боди',
    colorsCount: 2,
    shortDescription: 'Мягкий хлопок',
    warehouses: [{ id: 1, quantity: 5 }],
    bonusAccrualRate: 2,
    ...over,
  });
const line = (over: Partial<BasketItemInput> = {}, choice: LineChoice = { count: 1 }): BasketItem =>
  newBasketItem(input(over), choice);
const stored = (items: unknown[], rest: Record<string, unknown> = {}) => JSON.stringify({ version: 1, items, ...rest });
/** The line as storage holds it: its JSON read back, fields open to damage. */
function plain(item: BasketItem): Record<string, unknown> {
  const value: unknown = JSON.parse(JSON.stringify(item));
  if (typeof value !== 'object' || value === null) throw new Error('a line is an object');
  return { ...value };
}

describe('a stored basket reads back as it was written', () => {
  it('round-trips lines of every kind, codes and the time', () => {
    const basket: StoredBasket = {
      items: [
        line({}, { count: 2 }),
        line({}, { count: 1, subscription: { quantity: 2, startDate: '2025-03-01', interval: 30 } }),
        line({ id: 7 }, { count: 1, giftPromoId: 'spring' }),
        {
          ...line({ id: 8 }),
          checkedPrice: 280,
          checkedCost: 280,
          checkedQuantity: 1,
          checkedBonusAmount: 3,
          checkedCount: 1,
          discount: 20,
          errorCode: 0,
        },
      ],
      certificates: [
        enteredCertificate(0, 'spring'),
        { ...enteredCertificate(1, 'C1'), discountAmount: 100, isChecked: true },
      ],
      lastUpdatedTime: 1_700_000_000_000,
    };
    expect(parseStoredBasket(serializeBasket(basket))).toEqual(basket);
  });

  it('writes its version', () => {
    expect(JSON.parse(serializeBasket(emptyBasket()))).toMatchObject({ version: 1 });
  });
});

describe('a corrupted storage is an empty basket, never an error', () => {
  it.each<[string, string | null | undefined]>([
    ['nothing stored', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['broken JSON', '{"items": [ {'],
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['a string', '"basket"'],
    ['items that are not a list', '{"items": {"a": 1}}'],
    ['a prototype trick', '{"__proto__": {"items": [1]}, "constructor": 1}'],
  ])('%s', (_name, raw) => {
    expect(parseStoredBasket(raw)).toEqual(emptyBasket());
  });
});

describe('a stored line', () => {
  const good = plain(line());
  it.each<[string, Record<string, unknown>]>([
    ['an unknown item type', { itemType: 'free' }],
    ['no id', { id: undefined }],
    ['an id as text', { id: '101' }],
    ['a fractional id', { id: 1.5 }],
    ['no product id', { productId: null }],
    ['no slug', { slug: '' }],
    ['no title', { title: 42 }],
    ['a negative count', { count: -1 }],
    ['a count past the line limit', { count: 1000 }],
    ['no price', { price: null }],
    ['a price as text', { price: { recommendedPrice: '400', sellingPrices: 300 } }],
    ['a negative price', { price: { recommendedPrice: 400, sellingPrices: -1 } }],
    ['a subscription without an interval', { itemType: 'subscription', intervalDays: null, startDate: '2025-03-01' }],
    [
      'a subscription with an impossible start',
      { itemType: 'subscription', intervalDays: 30, startDate: '2025-02-31' },
    ],
    ['a gift without a promo id', { itemType: 'gift', giftPromoId: '  ' }],
  ])('is dropped with %s', (_name, over) => {
    expect(parseStoredItem({ ...good, ...over })).toBeNull();
  });

  it('is dropped when it is not an object', () => {
    expect([null, 1, 'x', [good]].map(parseStoredItem)).toEqual([null, null, null, null]);
  });

  it('keeps a sound line and gives what else is wrong its default', () => {
    const item = parseStoredItem({
      ...good,
      key: 'stale',
      titleUkr: 5,
      brand: {},
      warehouses: [{ id: 1, quantity: 2 }, { id: 'x', quantity: 1 }, 'junk', { id: 2, quantity: -1 }],
      deliveryWeight: -3,
      errorCode: 99,
      checkedCost: 'cheap',
      expectedCount: 0,
      totalAmount: Number.NaN,
      isAvailableForOrder: 'yes',
    });
    expect(item).toMatchObject({
      key: '101_price',
      titleUkr: 'Боди Зайка',
      brand: null,
      warehouses: [{ id: 1, quantity: 2 }],
      deliveryWeight: 0,
      errorCode: 0,
      checkedCost: null,
      expectedCount: 1,
      totalAmount: 1,
      isAvailableForOrder: true,
    });
  });

  it('keeps its expected count at least its count', () => {
    expect(parseStoredItem({ ...good, count: 3, expectedCount: 2 })).toMatchObject({ count: 3, expectedCount: 3 });
  });

  it('drops a gift promo id or an interval from a line that is neither', () => {
    expect(parseStoredItem({ ...good, giftPromoId: 'g', intervalDays: 30, startDate: '2025-03-01' })).toMatchObject({
      key: '101_price',
      giftPromoId: null,
      intervalDays: null,
      startDate: null,
    });
  });
});

describe('a stored basket with some bad entries', () => {
  it('keeps the sound lines and drops the rest, alone', () => {
    const raw = stored([plain(line({ id: 1 })), { id: 'broken' }, null, plain(line({ id: 2 }))]);
    expect(parseStoredBasket(raw).items.map((i) => i.key)).toEqual(['1_price', '2_price']);
  });

  it('keeps the first line of a key held twice', () => {
    const raw = stored([plain(line({}, { count: 2 })), plain(line({}, { count: 3 }))]);
    expect(parseStoredBasket(raw).items.map((i) => [i.key, i.count])).toEqual([['101_price', 2]]);
  });

  it('keeps at most 100 lines and 10 codes', () => {
    const raw = stored(
      Array.from({ length: 120 }, (_, i) => plain(line({ id: i + 1 }))),
      { certificates: Array.from({ length: 12 }, (_, i) => enteredCertificate(0, `C${i}`)) },
    );
    const basket = parseStoredBasket(raw);
    expect([basket.items.length, basket.certificates.length]).toEqual([100, 10]);
  });

  it('recomputes the flags against the whole basket', () => {
    const a = plain({ ...line({ totalAmount: 3 }, { count: 2 }), isAbleToAddToBasket: true });
    const b = plain(
      line({ totalAmount: 3 }, { count: 1, subscription: { quantity: 1, startDate: '2025-03-01', interval: 7 } }),
    );
    expect(parseStoredBasket(stored([a, b])).items.map((i) => i.isAbleToAddToBasket)).toEqual([false, false]);
  });

  it.each([
    ['a negative time', -5, null],
    ['a time as text', '2025', null],
    ['a time', 1_700_000_000_000, 1_700_000_000_000],
  ])('reads %s as the last check time', (_name, time, expected) => {
    expect(parseStoredBasket(stored([], { lastUpdatedTime: time })).lastUpdatedTime).toBe(expected);
  });
});

describe('a stored code', () => {
  it.each<[string, unknown, Partial<BasketCertificate> | null]>([
    ['a promo code, normalised', { type: 0, key: ' spring ' }, { type: 0, key: 'SPRING', isChecked: false }],
    ['an unknown type', { type: 2, key: 'x' }, null],
    ['a blank key', { type: 1, key: '  ' }, null],
    ['a key too long', { type: 1, key: 'k'.repeat(65) }, null],
    ['not an object', 'SPRING', null],
  ])('%s', (_name, value, expected) => {
    const parsed = parseStoredCertificate(value);
    if (expected === null) expect(parsed).toBeNull();
    else expect(parsed).toMatchObject(expected);
  });

  it('drops a code held twice', () => {
    const raw = stored([], {
      certificates: [
        { type: 0, key: 'a' },
        { type: 0, key: 'A ' },
      ],
    });
    expect(parseStoredBasket(raw).certificates).toHaveLength(1);
  });
});

describe('the not-available and not-enough lists in session storage (spec §4)', () => {
  const problems = {
    notAvailable: [{ key: '1_price', title: 'Боди', titleUkr: 'Боді', slug: 'bodi' }],
    notEnough: [{ key: '2_price', title: 'Шапка', titleUkr: 'Шапка', slug: 'shapka' }],
  };

  it('round-trip', () => {
    expect(parseStoredProblems(serializeProblems(problems))).toEqual(problems);
  });

  it.each([null, '', 'not json', '[]', '{"notAvailable": 5}'])('read %j as no problems', (raw) => {
    expect(parseStoredProblems(raw)).toEqual({ notAvailable: [], notEnough: [] });
  });

  it('drop malformed entries and fill a missing Ukrainian title', () => {
    const raw = JSON.stringify({ notAvailable: [{ key: 'k', title: 'T', slug: 's' }, { title: 1 }, null] });
    expect(parseStoredProblems(raw).notAvailable).toEqual([{ key: 'k', title: 'T', titleUkr: 'T', slug: 's' }]);
  });
});
