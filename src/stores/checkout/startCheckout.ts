import type { Settlement, ShopConfigs } from '../../api/schemas/delivery.ts';
import { FUNNEL_STEP } from '../../domain/analytics/checkoutFunnel.ts';
import { DELIVERY_TYPE } from '../../domain/checkout/deliveryRules.ts';
import { track } from '../analytics.ts';
import { $basket, $basketCheck, scheduleCheck, setBasketPhone } from '../basket.ts';
import { rememberedDeliveryCity } from '../deliveryCity.ts';
import { phoneFault } from '../../domain/validation/phoneDigits.ts';
import { hasCustomerHint } from '../../domain/session/customerHint.ts';
import { visitorKind } from '../funnelVisitor.ts';
import { refreshBundle } from './babyBundle.ts';
import { restoreDraft, saveDraft } from './checkoutDraft.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { $checkoutShopper, assumeShopperFromHint } from './checkoutShopper.ts';
import { $submission } from './checkoutSubmission.ts';
import { $branchOptions, $cityOptions, $oftenUsedCities, restoreBranch, searchBranches } from './deliveryChoice.ts';
import { $shopConfigs, cityMethodsKnown, loadCityMethods } from './deliveryFacts.ts';
import { settleBonuses, settlePayment } from './paymentChoice.ts';
import { findUnpaidOrder } from './placedOrder.ts';
import { prefillFromSession } from './sessionPrefill.ts';
import { startOnRememberedCity } from './savedLocations.ts';
import { checkoutClients } from './serviceClients.ts';

/** What the page's server read for the checkout (no round trip before the form shows them). */
export interface CheckoutStart {
  /** The often used cities, shown by the city picker before anything is typed. */
  oftenUsed: Settlement[];
  /** The shop configs; null when they could not be read. */
  shops: ShopConfigs | null;
}

let started = false;

/**
 * Starts the checkout once per page: the draft typed before a reload, the basket checked afresh,
 * the chosen city's methods, the baby bundle, the shopper's session, and the stores kept in step
 * from then on: the draft saved on every change (until the order is placed), the payment and the
 * points settled whenever the basket or what may be spent changes.
 */
export function startCheckout(start: CheckoutStart): void {
  if (started) return;
  started = true;
  $shopConfigs.set(start.shops);
  $oftenUsedCities.set(start.oftenUsed);
  $cityOptions.set({ query: '', status: 'idle', items: start.oftenUsed });
  assumeShopperFromHint();
  const draft = restoreDraft();
  $checkoutForm.set(draft);
  if (draft.city !== null) void loadCityMethods(draft.city.id);
  else if (!hasCustomerHint(document.cookie)) {
    // Issue 25: a guest starts on the city chosen before (a product page's picker, an earlier
    // checkout). A signed-in shopper starts on the default location (sessionPrefill.ts), which is
    // what sign-in remembered; two reads racing for the city would make the start a coin toss.
    const remembered = rememberedDeliveryCity();
    if (remembered !== null) startOnRememberedCity(remembered);
  }
  if (draft.deliveryType === DELIVERY_TYPE.branch) {
    // Once the city's methods are known: they say which carriers' branches the list combines.
    void cityMethodsKnown().then(() => searchBranches($branchOptions.get().query));
    void restoreBranch();
  }
  // Back from the bank or an order page: the order left unpaid is offered.
  void findUnpaidOrder();
  // A page the browser kept in memory (back from the bank) would show the order as still being
  // sent: a placed order's checkout starts afresh.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && $submission.get().status === 'placed') window.location.reload();
  });
  $checkoutForm.subscribe((form) => {
    // A placed order's draft keeps only who the shopper is (checkoutSubmission.ts wrote it).
    if ($submission.get().status !== 'placed') saveDraft(form);
    // Spec §7: the basket check sends the shopper's phone once a whole one is typed.
    if (phoneFault(form.phone) === null) setBasketPhone(form.phone);
  });

  // The clients load while the form draws (the first search or the order would otherwise wait for them).
  checkoutClients().catch(() => {
    // Offline: the first search or the order tries again and says so.
  });
  // The funnel's second step (the first, the basket, is the drawer's); a guest's login step is
  // filled as 'New User' when they reach the delivery (accounts spec §4), a sign-in sends it now.
  track({ kind: 'checkoutStep', step: FUNNEL_STEP.checkout, option: visitorKind() });
  // The session read (or a sign-in) says who may pay with points: an amount above it comes down.
  $checkoutShopper.listen(settleBonuses);
  void prefillFromSession();
  let productKey = '';
  $basket.subscribe((basket) => {
    const ids = [...new Set(basket.items.map((item) => item.productId))].sort((a, b) => a - b);
    const key = ids.join(',');
    if (key !== productKey) {
      productKey = key;
      void refreshBundle(ids).then(settlePayment);
    }
  });
  $basketCheck.subscribe((check) => {
    // The check's prices are the amounts the payment rules go by (instalment limits, nothing to
    // pay), and its bonusMaxPayment the most the goods may be paid with in points.
    if (check.status !== 'ready') return;
    settleBonuses();
    settlePayment();
  });
  scheduleCheck(0);
}
