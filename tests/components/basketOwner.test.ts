// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newBasketItem, type BasketItem } from '../../src/domain/basket/basketItem.ts';
import { $basket, adoptAnonymousBasket, leaveCustomerBasket } from '../../src/stores/basket.ts';
import { lineInput, resetBasket, stubNetwork } from './basketFixtures.ts';

/**
 * Whose basket the page shows (storefront spec §4 "On login the anonymous basket is merged into the
 * user basket", "On logout the basket and order are cleared"; §9 keys): both of its keys move
 * together, the subscription lines under `bbs_basket_subscription_<customer>` included.
 */

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  stubNetwork();
  resetBasket();
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bought = (): BasketItem => newBasketItem(lineInput(), { count: 1 });
const subscription = (): BasketItem =>
  newBasketItem(lineInput({ allowSubscription: true }), {
    count: 1,
    subscription: { quantity: 1, interval: 14, startDate: '2099-01-10' },
  });
const keys = (key: string): string[] =>
  (JSON.parse(localStorage.getItem(key) ?? '{"items":[]}') as { items: { key: string }[] }).items.map((i) => i.key);

describe('the basket store at sign-in and sign-out', () => {
  it('a sign-in takes the customer’s subscriptions along with their basket and merges the anonymous one', () => {
    localStorage.setItem('bbs_basket_subscription_7', JSON.stringify({ version: 1, items: [subscription()] }));
    $basket.set({ items: [bought()], certificates: [], lastUpdatedTime: null });
    adoptAnonymousBasket('7');
    expect($basket.get().items.map((i) => i.key)).toEqual(['101_price', '101_subscription_14']);
    expect(keys('bbs_basket_7')).toEqual(['101_price']);
    expect(keys('bbs_basket_subscription_7')).toEqual(['101_subscription_14']);
    expect(localStorage.getItem('bbs_basket_anon')).toBeNull();
  });

  it('a session that ended keeps the customer’s subscriptions for the next sign-in; a sign-out removes them', () => {
    adoptAnonymousBasket('7');
    $basket.set({ items: [bought(), subscription()], certificates: [], lastUpdatedTime: null });
    leaveCustomerBasket('7', true);
    expect($basket.get().items).toEqual([]);
    expect(keys('bbs_basket_subscription_7')).toEqual(['101_subscription_14']);
    adoptAnonymousBasket('7');
    expect($basket.get().items.map((i) => i.key)).toEqual(['101_price', '101_subscription_14']);
    leaveCustomerBasket('7', false);
    expect(localStorage.getItem('bbs_basket_7')).toBeNull();
    expect(localStorage.getItem('bbs_basket_subscription_7')).toBeNull();
  });
});
