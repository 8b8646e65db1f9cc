// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withCity, initialCheckoutForm } from '../../src/domain/checkout/checkoutForm.ts';
import { checkAnswer, KYIV, KYIV_METHODS, lines, method, SHOPS } from './support/checkoutStoreFixtures.ts';
import { freshCheckout, type Checkout } from './support/checkoutStores.ts';

/**
 * What the checkout derives (src/stores/checkout/checkoutContext.ts): computed stores that follow
 * the form, the basket, its check and what has been read, with nothing to call by hand.
 */

vi.mock(import('../../src/stores/checkoutClients.ts'), () => ({}));

let $: Checkout;
beforeEach(async () => {
  localStorage.clear();
  $ = await freshCheckout();
});

const inKyiv = () => $.$checkoutForm.set(withCity(initialCheckoutForm(), KYIV, 'ru'));

describe('the checkout context', () => {
  it('offers no method before a city is chosen, and the city’s methods once they are known', () => {
    $.$basket.set({ items: lines({}), certificates: [], lastUpdatedTime: null });
    $.$shopConfigs.set(SHOPS);
    expect($.$checkoutContext.get().methods).toEqual([]);
    inKyiv();
    expect($.$checkoutContext.get().methods).toEqual([]);
    $.$cityMethods.set(KYIV_METHODS);
    expect($.$checkoutContext.get().methods.map((m) => m.slug)).toEqual([
      'np-warehouse',
      'im-courier',
      'pick-and-collect',
    ]);
    expect($.$checkoutContext.get().pickupPoints.map((s) => s.ref)).toEqual(['shop-2']);
  });

  it('follows the basket: a basket too heavy for the shop loses its pickup', () => {
    $.$shopConfigs.set(SHOPS);
    $.$cityMethods.set(KYIV_METHODS);
    inKyiv();
    const listener = vi.fn();
    const stop = $.$checkoutContext.listen(listener);
    $.$basket.set({ items: lines({ input: { weight: 40 } }), certificates: [], lastUpdatedTime: null });
    stop();
    expect(listener).toHaveBeenCalled();
    expect($.$checkoutContext.get().pickupPoints).toEqual([]);
    expect($.$checkoutContext.get().methods.map((m) => m.slug)).not.toContain('pick-and-collect');
  });

  it('is a baby bundle only when the bundle holds every bought product', () => {
    $.$basket.set({ items: lines({ input: { productId: 10 } }), certificates: [], lastUpdatedTime: null });
    expect($.$checkoutContext.get().isBabyBundle).toBe(false);
    $.$bundleProductIds.set(new Set([10]));
    expect($.$checkoutContext.get().isBabyBundle).toBe(true);
    expect($.$paymentFacts.get().isBabyBundle).toBe(true);
  });

  it('knows the points: the check’s limit and a member’s balance, the smaller one usable', () => {
    expect($.$usableBonuses.get()).toBe(0);
    $.$checkoutShopper.set({ known: true, signedIn: true, bonusBalance: 120 });
    expect($.$usableBonuses.get()).toBe(0);
    $.$basketCheck.set({ status: 'ready', response: checkAnswer({ bonusMaxPayment: 80 }), refused: [] });
    expect($.$checkoutContext.get()).toMatchObject({ signedIn: true, bonusBalance: 120, bonusMaxPayment: 80 });
    expect($.$usableBonuses.get()).toBe(80);
    // The last answer stays the limit while the next check runs.
    $.$basketCheck.set({ status: 'checking', last: checkAnswer({ bonusMaxPayment: 80 }) });
    expect($.$usableBonuses.get()).toBe(80);
  });

  it('gives a signed-out shopper no balance, whatever was read before', () => {
    $.$checkoutShopper.set({ known: true, signedIn: false, bonusBalance: 120 });
    expect($.$checkoutContext.get().bonusBalance).toBeNull();
  });

  it('speaks the page’s language', () => {
    document.documentElement.lang = 'uk';
    inKyiv();
    expect($.$checkoutContext.get().locale).toBe('uk');
    document.documentElement.lang = '';
  });

  it('has the amount to pay after the points, the weight, and the chosen method with its price', () => {
    $.$basket.set({
      items: lines({ input: { sellingPrice: 300, weight: 0.5 }, count: 2 }),
      certificates: [],
      lastUpdatedTime: null,
    });
    $.$cityMethods.set([method('np-warehouse', 70)]);
    $.$checkoutForm.set({ ...withCity(initialCheckoutForm(), KYIV, 'ru'), usedBonuses: 100 });
    expect($.$paymentFacts.get().amount).toBe(500);
    expect($.$deliveryWeight.get()).toBe(1);
    expect($.$chosenMethod.get()).toBeNull();
    $.$checkoutForm.set({ ...$.$checkoutForm.get(), deliveryMethodSlug: 'np-warehouse' });
    expect($.$chosenMethod.get()).toMatchObject({ slug: 'np-warehouse', price: 70 });
  });
});
