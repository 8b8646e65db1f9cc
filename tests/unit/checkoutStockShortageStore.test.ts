// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshCheckout, type Checkout } from './support/checkoutStores.ts';
import { lines } from './support/checkoutStoreFixtures.ts';

/**
 * Stock that ran out under the shopper (src/stores/checkout/stockShortage.ts, issue 29): the
 * smaller order goes only once she confirmed exactly the shortage the button showed.
 */

vi.mock(import('../../src/stores/checkoutClients.ts'), () => ({}));

let $: Checkout;
beforeEach(async () => {
  localStorage.clear();
  $ = await freshCheckout();
});

/** Two lines; the first sold out (the check's error code 4) when `soldOut`. */
function basket(soldOut: boolean) {
  const [first, second] = lines({ input: { id: 11, title: 'Боди' } }, { input: { id: 12, title: 'Шапка' } });
  if (!first || !second) throw new Error('no lines');
  const gone = soldOut ? { ...first, errorCode: 4 as const, isAvailableForOrder: false, count: 0 } : first;
  $.$basket.set({ items: [gone, second], certificates: [], lastUpdatedTime: null });
}

describe('the stock shortage', () => {
  it('names nothing and asks nothing while every line is filled', () => {
    basket(false);
    expect($.$stockShortage.get()).toEqual({ lines: [], key: '' });
    expect($.$shortageToConfirm.get()).toBeNull();
    expect($.confirmShortage(null)).toBe(true);
  });

  it('names the line that ran out and waits for the shopper to confirm what she was shown', () => {
    basket(true);
    const shortage = $.$stockShortage.get();
    expect(shortage.lines.map((line) => [line.title, line.left])).toEqual([['Боди', 0]]);
    expect($.$shortageToConfirm.get()).toBe(shortage.key);
    // A tap on a button that showed no shortage (the check landed as she tapped) sends nothing.
    expect($.confirmShortage(null)).toBe(false);
    expect($.$shortageToConfirm.get()).toBe(shortage.key);
    // The tap on «Заказать без них за …»: confirmed, and not asked again.
    expect($.confirmShortage(shortage.key)).toBe(true);
    expect($.$shortageToConfirm.get()).toBeNull();
    expect($.confirmShortage(null)).toBe(true);
  });

  it('submitOrder sends nothing until the shortage shown is confirmed', async () => {
    basket(true);
    await $.submitOrder(null);
    expect($.$submission.get()).toEqual({ status: 'idle' });
    expect($.$checkoutErrors.get()).toEqual([]);
  });
});
