import { describe, expect, it } from 'vitest';
import { PROJECT_CODE } from '../../src/api/config.ts';
import { BASKET_LIMITS } from '../../src/api/schemas/basket.ts';
import {
  BASKET_LINE_LIMIT,
  CERTIFICATE_KEY_LENGTH,
  CERTIFICATE_LIMIT,
  LINE_QUANTITY_LIMIT,
  basketPrice,
  isIsoDate,
  lineKind,
  newBasketItem,
  roundMoney,
  settleFlags,
  type BasketItemInput,
  type LineChoice,
} from '../../src/domain/basket/basketItem.ts';
import {
  SHOP_PROJECT_CODE,
  STORAGE_NAMES,
  basketItemKey,
  storageKey,
  type LineIdentity,
  type StorageName,
} from '../../src/domain/basket/basketKeys.ts';
import { basketItemInput } from './support/basketInput.ts';

/** The basket line, its key and the storage keys (storefront spec §3 "Basket item", §4, §9). */

const input = (over: Partial<BasketItemInput> = {}): BasketItemInput =>
  basketItemInput({
    brand: 'Chicco',
    currentImage: '/img/101.jpg',
    cssBackground: '#ffffff',
    colorPresentationValue: 'belyi',
    colorPresentationTitle: 'Белый',
    colorPresentationTitleUkr: 'Білий',
    sizePresentationValue: '68',
    sizePresentationTitle: '68',
    sizePresentationTitleUkr: '68',
    folderCategory: 'Одежда',
    category: 'Боди',
    colorsCount: 2,
    warehouses: [{ id: 1, quantity: 5 }],
    bonusAccrualRate: 1,
    capacity: 2000,
    ...over,
  });

describe('line keys (spec §3: id_itemType, plus _intervalDays or _giftPromoId)', () => {
  it.each<[string, LineIdentity, string]>([
    ['a line bought at its price', { id: 123, itemType: 'price', intervalDays: null, giftPromoId: null }, '123_price'],
    [
      'a subscription, by its interval',
      { id: 123, itemType: 'subscription', intervalDays: 30, giftPromoId: null },
      '123_subscription_30',
    ],
    [
      'a gift, by its promotion',
      { id: 123, itemType: 'gift', intervalDays: null, giftPromoId: 'spring-gift' },
      '123_gift_spring-gift',
    ],
    [
      'a price line ignores a stray interval or promo id',
      { id: 7, itemType: 'price', intervalDays: 14, giftPromoId: 'x' },
      '7_price',
    ],
  ])('%s', (_name, identity, expected) => {
    expect(basketItemKey(identity)).toBe(expected);
  });
});

describe('storage keys are bbs_<name>_<customer id or anon> (spec §9)', () => {
  it.each<[string, StorageName, string | number | null | undefined, string]>([
    ['an anonymous basket', 'basket', undefined, 'bbs_basket_anon'],
    ['a null customer is anonymous', 'basket', null, 'bbs_basket_anon'],
    ['a blank customer id is anonymous', 'basket', '  ', 'bbs_basket_anon'],
    ['a numeric customer id', 'basket', 1042, 'bbs_basket_1042'],
    ['a uuid customer id as is', 'viewedItems', 'a1b2-c3', 'bbs_viewedItems_a1b2-c3'],
    ['an id that could spell a path is encoded', 'basket', 'x/y z', 'bbs_basket_x%2Fy%20z'],
    ['the spec name basket_subscription', 'basket_subscription', 7, 'bbs_basket_subscription_7'],
    ['the spec name viewed_gift_items', 'viewed_gift_items', null, 'bbs_viewed_gift_items_anon'],
    ['the spec name order-hash', 'order-hash', null, 'bbs_order-hash_anon'],
    ['the session list of problems', 'basket_problems', 3, 'bbs_basket_problems_3'],
  ])('%s', (_name, name, customer, expected) => {
    expect(storageKey(name, customer)).toBe(expected);
  });

  it('names every key the spec lists', () => {
    expect(Object.values(STORAGE_NAMES)).toEqual(
      expect.arrayContaining(['basket_subscription', 'viewed_gift_items', 'viewedItems', 'order-hash']),
    );
  });
});

describe('the domain mirrors the contract and the config it may not import', () => {
  it('uses the project code of the api config', () => {
    expect(SHOP_PROJECT_CODE).toBe(PROJECT_CODE);
  });

  it('keeps the basket check limits', () => {
    expect({
      lines: BASKET_LINE_LIMIT,
      quantity: LINE_QUANTITY_LIMIT,
      certificates: CERTIFICATE_LIMIT,
      keyLength: CERTIFICATE_KEY_LENGTH,
    }).toEqual(BASKET_LIMITS);
  });
});

describe('what kind of line a choice makes (spec §4)', () => {
  const sub = { quantity: 2, startDate: '2025-03-01', interval: 30 };
  it.each<[string, LineChoice, ReturnType<typeof lineKind>]>([
    ['a plain count is bought at its price', { count: 3 }, { itemType: 'price', count: 3 }],
    [
      'quantity, start date and interval make a subscription of that quantity',
      { count: 1, subscription: sub },
      { itemType: 'subscription', count: 2, intervalDays: 30, startDate: '2025-03-01' },
    ],
    [
      'no quantity: not a subscription',
      { count: 1, subscription: { ...sub, quantity: null } },
      { itemType: 'price', count: 1 },
    ],
    [
      'no start date: not a subscription',
      { count: 1, subscription: { ...sub, startDate: '' } },
      { itemType: 'price', count: 1 },
    ],
    [
      'no interval: not a subscription',
      { count: 1, subscription: { ...sub, interval: 0 } },
      { itemType: 'price', count: 1 },
    ],
    [
      'an impossible start date: not a subscription',
      { count: 1, subscription: { ...sub, startDate: '2025-02-30' } },
      { itemType: 'price', count: 1 },
    ],
    [
      'a promo id makes a gift',
      { count: 1, giftPromoId: ' spring ' },
      { itemType: 'gift', count: 1, giftPromoId: 'spring' },
    ],
    ['a blank promo id makes no gift', { count: 1, giftPromoId: '  ' }, { itemType: 'price', count: 1 }],
    [
      'a gift is never a subscription',
      { count: 1, giftPromoId: 'g', subscription: sub },
      { itemType: 'gift', count: 1, giftPromoId: 'g' },
    ],
  ])('%s', (_name, choice, expected) => {
    expect(lineKind(choice)).toEqual(expected);
  });

  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['01.03.2025', false],
    [20250301, false],
  ])('%s is a calendar date: %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe('a new line', () => {
  it('holds what the shop keeps locally, unchecked, with its key and delivery weight', () => {
    const item = newBasketItem(input(), { count: 2 });
    expect(item).toMatchObject({
      itemType: 'price',
      id: 101,
      key: '101_price',
      productId: 10,
      price: { recommendedPrice: 400, sellingPrices: 300, profit: 100 },
      totalAmount: 5,
      count: 2,
      expectedCount: 2,
      // max(0.2 kg, 2000 cm³ / 4000)
      deliveryWeight: 0.5,
      checkedPrice: null,
      checkedCost: null,
      checkedQuantity: null,
      checkedBonusAmount: null,
      checkedCount: null,
      discount: 0,
      errorCode: 0,
      isAvailableForOrder: true,
      isAbleToAddToBasket: true,
    });
  });

  it('is a subscription line keyed by its interval', () => {
    const item = newBasketItem(input(), {
      count: 1,
      subscription: { quantity: 3, startDate: '2025-03-01', interval: 14 },
    });
    expect(item).toMatchObject({ key: '101_subscription_14', count: 3, intervalDays: 14, startDate: '2025-03-01' });
  });

  it('copies only its own fields, so a wider object never leaks into storage', () => {
    const wider = { ...input(), nomenclature: ['everything'], secret: 1 };
    const item = newBasketItem(wider, { count: 1 });
    expect(Object.keys(item)).not.toContain('secret');
    expect(Object.keys(item)).not.toContain('nomenclature');
    expect(Object.keys(item)).not.toContain('weight');
  });

  it('is a plain JSON object', () => {
    const item = newBasketItem(input(), { count: 1 });
    expect(JSON.parse(JSON.stringify(item))).toEqual(item);
  });

  it.each([
    ['in stock', { totalAmount: 5 }, { count: 1 }, true, true],
    ['the last unit', { totalAmount: 1 }, { count: 1 }, true, false],
    ['out of stock', { totalAmount: 0 }, { count: 1 }, false, false],
  ])('flags %s: available %s, can add %s', (_name, over, choice, available, canAdd) => {
    expect(newBasketItem(input(over), choice)).toMatchObject({
      isAvailableForOrder: available,
      isAbleToAddToBasket: canAdd,
    });
  });

  it('cannot add more when other lines of the variant hold the rest of its stock', () => {
    const price = newBasketItem(input({ totalAmount: 3 }), { count: 2 });
    const sub = newBasketItem(input({ totalAmount: 3 }), {
      count: 1,
      subscription: { quantity: 1, startDate: '2025-03-01', interval: 30 },
    });
    expect(settleFlags([price, sub]).map((i) => i.isAbleToAddToBasket)).toEqual([false, false]);
  });
});

describe('line price (spec §3 price {recommendedPrice, sellingPrices, profit})', () => {
  it.each([
    [400, 300, { recommendedPrice: 400, sellingPrices: 300, profit: 100 }],
    [300, 400, { recommendedPrice: 300, sellingPrices: 400, profit: 0 }],
    [99.99, 66.66, { recommendedPrice: 99.99, sellingPrices: 66.66, profit: 33.33 }],
    [-5, Number.NaN, { recommendedPrice: 0, sellingPrices: 0, profit: 0 }],
  ])('recommended %d, selling %d', (rec, sell, expected) => {
    expect(basketPrice(rec, sell)).toEqual(expected);
  });

  it.each([
    [1.005, 1.01],
    [0.1 + 0.2, 0.3],
    [99.994, 99.99],
    [2, 2],
  ])('rounds %d to kopecks: %d', (value, expected) => {
    expect(roundMoney(value)).toBe(expected);
  });
});
