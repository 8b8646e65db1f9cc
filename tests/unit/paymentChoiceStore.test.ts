// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settlement } from '../../src/api/schemas/delivery.ts';
import { FUNNEL_STEP } from '../../src/domain/analytics/checkoutFunnel.ts';
import { PAYMENT_TYPE } from '../../src/domain/checkout/paymentRules.ts';
import { freshCheckout, type Checkout } from './support/checkoutStores.ts';
import { checkAnswer, KYIV, KYIV_METHODS, lines, SHOPS } from './support/checkoutStoreFixtures.ts';

/**
 * The payment as the shopper chooses it (src/stores/checkout/paymentChoice.ts, babyBundle.ts): the
 * type and instalments, the points typed or the most at once, and the choice settled whenever
 * what is allowed changes (the basket checked again, the balance read, the bundle read).
 */

const clients = vi.hoisted(() => ({
  browserApi: vi.fn((locale: string) => ({ locale })),
  babyBundleIdsAmong: vi.fn(),
}));
// Fakes of the service clients only, untyped: the store passes them what it got from browserApi.
vi.mock('../../src/stores/checkoutClients.ts', () => clients);

const KYIV_WITH_METHODS: Settlement = { ...KYIV, deliveryMethods: KYIV_METHODS };

let $: Checkout;
beforeEach(async () => {
  localStorage.clear();
  clients.babyBundleIdsAmong.mockReset();
  $ = await freshCheckout();
  // A 1 000 грн basket (two lines of 500) in Kyiv, to a Nova Poshta branch.
  $.$basket.set({
    items: lines(
      { input: { id: 1, productId: 10, sellingPrice: 500 } },
      { input: { id: 2, productId: 20, sellingPrice: 500 } },
    ),
    certificates: [],
    lastUpdatedTime: null,
  });
  $.$shopConfigs.set(SHOPS);
  $.chooseCity(KYIV_WITH_METHODS);
  $.chooseDeliveryMethod('np-warehouse');
});

/** A signed-in member with `balance` points, the goods allowing up to `limit`. */
function member(balance: number, limit: number): void {
  $.$checkoutShopper.set({ known: true, signedIn: true, bonusBalance: balance });
  $.$basketCheck.set({ status: 'ready', response: checkAnswer({ bonusMaxPayment: limit }), refused: [] });
}

describe('the payment type', () => {
  it('chooses a type and tells analytics the payment step', () => {
    $.choosePayment(PAYMENT_TYPE.cardOnline);
    expect($.$checkoutForm.get()).toMatchObject({ paymentType: 2, paymentParts: 0 });
    expect(window.bbsAnalytics).toContainEqual({ kind: 'checkoutStep', step: FUNNEL_STEP.payment, option: '2' });
  });

  it('an instalment starts at the fewest payments, and the shopper may choose more', () => {
    $.choosePayment(PAYMENT_TYPE.instalments);
    expect($.$checkoutForm.get().paymentParts).toBe(3);
    $.choosePaymentParts(6);
    expect($.$checkoutForm.get()).toMatchObject({ paymentType: 8, paymentParts: 6 });
  });

  it('falls back to cash when the basket no longer allows the type chosen', () => {
    $.choosePayment(PAYMENT_TYPE.instalments);
    $.$basket.set({ items: lines({ input: { sellingPrice: 100 } }), certificates: [], lastUpdatedTime: null });
    $.settlePayment();
    expect($.$checkoutForm.get()).toMatchObject({ paymentType: PAYMENT_TYPE.cash, paymentParts: 0 });
  });

  it('keeps a type the basket still allows', () => {
    $.choosePayment(PAYMENT_TYPE.cardOnline);
    const before = $.$checkoutForm.get();
    $.settlePayment();
    expect($.$checkoutForm.get()).toBe(before);
  });
});

describe('the baby bundle', () => {
  it('is read for the basket’s products in the page’s language; a failure means none', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    clients.babyBundleIdsAmong.mockResolvedValueOnce(new Set([10, 20]));
    await $.refreshBundle([10, 20]);
    expect(clients.babyBundleIdsAmong).toHaveBeenCalledWith({ locale: 'ru' }, [10, 20]);
    expect($.$checkoutContext.get().isBabyBundle).toBe(true);
    clients.babyBundleIdsAmong.mockRejectedValueOnce(new Error('search 503'));
    await $.refreshBundle([10, 20]);
    expect($.$bundleProductIds.get().size).toBe(0);
    await $.refreshBundle([]);
    expect(clients.babyBundleIdsAmong).toHaveBeenCalledTimes(2);
  });
});

describe('paying with points', () => {
  it('takes whole hryvnias up to what may be spent, and says why it changed what was typed', () => {
    member(300, 200);
    $.typeBonuses('150');
    expect($.$checkoutForm.get().usedBonuses).toBe(150);
    expect($.$bonusNote.get()).toBeNull();
    $.typeBonuses('250');
    expect($.$checkoutForm.get().usedBonuses).toBe(200);
    expect($.$bonusNote.get()).toBe('clamped');
    $.typeBonuses('12,5');
    expect($.$checkoutForm.get().usedBonuses).toBe(200);
    expect($.$bonusNote.get()).toBe('whole');
  });

  it('pays the most at once', () => {
    member(120, 200);
    $.typeBonuses('5,5');
    $.payMaxWithBonuses();
    expect($.$checkoutForm.get().usedBonuses).toBe(120);
    expect($.$bonusNote.get()).toBeNull();
  });

  it('brings an amount down when less may be spent, but not before the shopper is known', () => {
    $.$checkoutForm.set({ ...$.$checkoutForm.get(), usedBonuses: 150 });
    $.settleBonuses();
    expect($.$checkoutForm.get().usedBonuses).toBe(150);
    member(100, 200);
    $.settleBonuses();
    expect($.$checkoutForm.get().usedBonuses).toBe(100);
  });

  it('changes to cash an online type that the points leave nothing to pay for', () => {
    member(2000, 1000);
    $.choosePayment(PAYMENT_TYPE.cardOnline);
    $.payMaxWithBonuses();
    expect($.$checkoutForm.get()).toMatchObject({ usedBonuses: 1000, paymentType: PAYMENT_TYPE.cash });
  });
});
