import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_TERMS } from '../../src/api/schemas/order.ts';
import { storedUnitCount } from '../../src/domain/basket/basketCount.ts';
import { newBasketItem, type BasketItemInput, type LineChoice } from '../../src/domain/basket/basketItem.ts';
import { STORAGE_NAMES, storageKey } from '../../src/domain/basket/basketKeys.ts';
import { addToBasket } from '../../src/domain/basket/basketRules.ts';
import {
  emptyBasket,
  parseStoredBasketParts,
  serializeBasketParts,
  type StoredBasket,
} from '../../src/domain/basket/storedBasket.ts';
import {
  DEFAULT_SUBSCRIPTION_INTERVAL,
  SUBSCRIPTION_INTERVALS,
  SUBSCRIPTION_START_MAX_DAYS,
  addDays,
  isSubscriptionInterval,
  subscriptionChoice,
  subscriptionDateText,
  subscriptionStartRange,
  withCurrentStarts,
} from '../../src/domain/basket/subscription.ts';
import { basketItemInput } from './support/basketInput.ts';

/**
 * Subscription lines (storefront spec §3 "Subscription options", "Item key", §5 "Subscription price
 * is shown only if lower than the selling price", §6, §9 `basket_subscription`; docs/decisions.md
 * "Accounts: subscriptions").
 */

const input = (over: Partial<BasketItemInput> = {}): BasketItemInput =>
  basketItemInput({ recommendedPrice: 400, sellingPrice: 300, subscriptionPrice: 270, ...over });
const SUB = { quantity: 2, startDate: '2026-03-10', interval: 30 };
const line = (over: Partial<BasketItemInput> = {}, choice: LineChoice = { count: 2, subscription: SUB }) =>
  newBasketItem(input(over), choice);

describe('what the shop offers', () => {
  it('is the order service’s own terms (the contract), written once more for the storefront', () => {
    expect(SUBSCRIPTION_INTERVALS).toEqual(SUBSCRIPTION_TERMS.intervals);
    expect(SUBSCRIPTION_START_MAX_DAYS).toBe(SUBSCRIPTION_TERMS.maxStartDays);
    expect(SUBSCRIPTION_INTERVALS).toContain(DEFAULT_SUBSCRIPTION_INTERVAL);
  });

  it.each([
    [14, true],
    [30, true],
    [90, true],
    [7, false],
    [45, false],
    [30.5, false],
    ['30', false],
  ])('interval %s offered: %s', (value, offered) => {
    expect(isSubscriptionInterval(value)).toBe(offered);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-06-15', 90, '2026-09-13'],
  ])('%s plus %i days is %s', (iso, days, expected) => {
    expect(addDays(iso, days)).toBe(expected);
  });

  it('offers a first delivery from tomorrow to 90 days ahead, three days ahead at first', () => {
    expect(subscriptionStartRange('2026-12-30')).toEqual({ min: '2026-12-31', max: '2027-03-30', value: '2027-01-02' });
  });
});

describe('the product page’s choice', () => {
  const today = '2026-03-01';

  it('makes the options of a subscription: the count of each delivery, the interval, the first delivery', () => {
    expect(subscriptionChoice({ quantity: 3, interval: '60', startDate: '2026-03-04' }, today)).toEqual({
      ok: true,
      options: { quantity: 3, interval: 60, startDate: '2026-03-04' },
    });
  });

  it.each([
    ['an interval not offered', { interval: '45', startDate: '2026-03-04' }, 'interval'],
    ['no interval', { interval: '', startDate: '2026-03-04' }, 'interval'],
    ['today (the page offers from tomorrow)', { interval: '30', startDate: '2026-03-01' }, 'startDate'],
    ['a day in the past', { interval: '30', startDate: '2026-02-27' }, 'startDate'],
    ['beyond 90 days', { interval: '30', startDate: '2026-05-31' }, 'startDate'],
    ['no date', { interval: '30', startDate: '' }, 'startDate'],
    ['a day that does not exist', { interval: '30', startDate: '2026-04-31' }, 'startDate'],
  ])('refuses %s, naming the field', (_name, fields, field) => {
    expect(subscriptionChoice({ quantity: 1, ...fields }, today)).toEqual({ ok: false, field });
  });

  it('takes the last day offered', () => {
    expect(subscriptionChoice({ quantity: 1, interval: 14, startDate: '2026-05-30' }, today).ok).toBe(true);
  });
});

describe('a subscription line', () => {
  it('has its own key per interval and the count of each delivery (spec §3)', () => {
    const item = line();
    expect(item).toMatchObject({ key: '101_subscription_30', itemType: 'subscription', count: 2, intervalDays: 30 });
    expect(item.startDate).toBe('2026-03-10');
  });

  it('costs the subscription price when it is lower than the final price (spec §5)', () => {
    expect(line().price).toEqual({ recommendedPrice: 400, sellingPrices: 270, profit: 130 });
  });

  it.each<[string, Partial<BasketItemInput>, number]>([
    ['not lower than the final price', { subscriptionPrice: 300 }, 300],
    ['above it', { subscriptionPrice: 350 }, 300],
    ['none', { subscriptionPrice: null }, 300],
    ['zero', { subscriptionPrice: 0 }, 300],
    [
      'the selling price above the recommended one: the final is the recommended',
      { sellingPrice: 500, subscriptionPrice: 450 },
      400,
    ],
  ])('costs the final price when the subscription price is %s', (_name, over, selling) => {
    expect(line(over).price.sellingPrices).toBe(selling);
  });

  it('a line bought once keeps the selling price, whatever the subscription price', () => {
    expect(newBasketItem(input(), { count: 1 }).price.sellingPrices).toBe(300);
  });

  it('is refused for a product that does not allow subscription, or on an interval not offered', () => {
    expect(addToBasket([], line({ allowSubscription: false }))).toEqual({ ok: false, reason: 'invalid' });
    expect(addToBasket([], line({}, { count: 1, subscription: { ...SUB, interval: 45 } }))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(addToBasket([], line()).ok).toBe(true);
  });

  it('shares its variant’s stock with the line bought once', () => {
    const bought = addToBasket([], newBasketItem(input({ totalAmount: 3 }), { count: 2 }));
    if (!bought.ok) throw new Error('not added');
    expect(addToBasket(bought.items, line({ totalAmount: 3 }))).toMatchObject({
      ok: false,
      reason: 'stockLimit',
      max: 1,
    });
  });
});

describe('a first delivery that has passed', () => {
  it('moves to tomorrow; today and later stay; lines of other kinds are not touched', () => {
    const passed = line({}, { count: 1, subscription: { ...SUB, startDate: '2026-03-09' } });
    const today = line({ id: 102 }, { count: 1, subscription: { ...SUB, startDate: '2026-03-10' } });
    const bought = newBasketItem(input({ id: 103 }), { count: 1 });
    const moved = withCurrentStarts([passed, today, bought], () => '2026-03-10');
    expect(moved.map((i) => i.startDate)).toEqual(['2026-03-11', '2026-03-10', null]);
    expect(moved[0]?.key).toBe(passed.key);
  });

  it('gives the same array back when nothing moved', () => {
    const items = [line()];
    expect(withCurrentStarts(items, () => '2026-03-01')).toBe(items);
  });

  it('asks for the date only when a line has a first delivery to compare', () => {
    const bought = newBasketItem(input({ id: 103 }), { count: 1 });
    let asked = 0;
    const today = () => {
      asked += 1;
      return '2026-03-10';
    };
    expect(withCurrentStarts([bought], today)).toEqual([bought]);
    expect(asked).toBe(0);
    withCurrentStarts([bought, line({}, { count: 1, subscription: { ...SUB, startDate: '2026-03-12' } })], today);
    expect(asked).toBe(1);
  });

  it('is written DD.MM.YYYY (spec §9)', () => {
    expect(subscriptionDateText('2026-03-09')).toBe('09.03.2026');
    expect(subscriptionDateText(null)).toBe('');
    expect(subscriptionDateText('9.3.2026')).toBe('');
  });
});

/** The line keys a stored part holds. */
function keysIn(raw: string | null): string[] {
  const parsed = JSON.parse(raw ?? '{"items":[]}') as { items: { key: string }[] };
  return parsed.items.map((i) => i.key);
}

describe('kept in two parts: the basket and `basket_subscription` (spec §9)', () => {
  const basket = (items = [newBasketItem(input(), { count: 1 }), line()]): StoredBasket => ({
    items,
    certificates: [],
    lastUpdatedTime: 1,
  });

  it('keeps the subscription lines apart and reads the basket back whole', () => {
    const [main, subscriptions] = serializeBasketParts(basket());
    expect(keysIn(main)).toEqual(['101_price']);
    expect(keysIn(subscriptions)).toEqual(['101_subscription_30']);
    expect(parseStoredBasketParts([main, subscriptions]).items.map((i) => i.key)).toEqual([
      '101_price',
      '101_subscription_30',
    ]);
  });

  it('keeps nothing in the second key of a basket without subscriptions (an anonymous shopper’s)', () => {
    expect(serializeBasketParts(basket([newBasketItem(input(), { count: 1 })]))[1]).toBeNull();
    expect(parseStoredBasketParts([null, null])).toEqual(emptyBasket());
  });

  it('takes only subscription lines from the second key, each key once, never breaking on junk', () => {
    const [main] = serializeBasketParts(basket());
    const stray = JSON.stringify({ items: [newBasketItem(input({ id: 5 }), { count: 1 }), line(), line()] });
    expect(parseStoredBasketParts([main, stray]).items.map((i) => i.key)).toEqual(['101_price', '101_subscription_30']);
    expect(parseStoredBasketParts([main, '{not json']).items.map((i) => i.key)).toEqual(['101_price']);
  });

  it('is counted by the header from both keys', () => {
    const [main, subscriptions] = serializeBasketParts(basket());
    expect(storedUnitCount(main) + storedUnitCount(subscriptions)).toBe(3);
  });

  it('lives under `bbs_basket_subscription_<customer>` beside `bbs_basket_<customer>`', () => {
    expect(storageKey(STORAGE_NAMES.basketSubscription, '1042')).toBe('bbs_basket_subscription_1042');
    expect(storageKey(STORAGE_NAMES.basketSubscription)).toBe('bbs_basket_subscription_anon');
  });
});
