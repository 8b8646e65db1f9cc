import { computed } from 'nanostores';
import type { DeliveryMethod } from '../../api/schemas/delivery.ts';
import { basketTotals } from '../../domain/basket/basketTotals.ts';
import { usableBonuses } from '../../domain/checkout/bonusPayment.ts';
import { checkoutContext } from '../../domain/checkout/checkoutContext.ts';
import type { CheckoutForm } from '../../domain/checkout/checkoutForm.ts';
import { checkoutPaymentFacts, type CheckoutContext } from '../../domain/checkout/checkoutValidation.ts';
import type { PaymentFacts } from '../../domain/checkout/paymentRules.ts';
import { $basket, $basketCheck, lastCheckResponse } from '../basket.ts';
import { pageLocale } from '../net.ts';
import { $bundleProductIds } from './babyBundle.ts';
import { $checkoutForm } from './checkoutForm.ts';
import { $checkoutShopper } from './checkoutShopper.ts';
import { $cityMethods, $shopConfigs } from './deliveryFacts.ts';

/**
 * What the checkout derives from the form, the basket and what it has read (src/domain/checkout's
 * rules, recomputed whenever one of them changes): the rules' context, the payment's facts, the
 * points that may be spent. The island renders these; the actions choose by them.
 */

/** The rules' context for the form as it is now: the methods and pickup points of the city for this basket, the bundle, the points. */
export const $checkoutContext = computed(
  [$checkoutForm, $basket, $basketCheck, $cityMethods, $shopConfigs, $bundleProductIds, $checkoutShopper],
  (form, basket, check, cityMethods, shops, bundleProductIds, shopper): CheckoutContext =>
    checkoutContext(form, basket, {
      locale: pageLocale(),
      cityMethods,
      shops,
      bundleProductIds,
      signedIn: shopper.signedIn,
      // The goods' limit from the last answer of the basket check (0 before the first).
      bonusMaxPayment: lastCheckResponse(check)?.bonusMaxPayment ?? 0,
      bonusBalance: shopper.bonusBalance,
    }),
);

/** What the payment rules know now: the goods' amount to pay (after points) and the baby bundle. */
export const $paymentFacts = computed([$checkoutForm, $basket, $checkoutContext], checkoutPaymentFacts);

/** The most the shopper may pay with points now (the smaller of the balance and the goods' limit). */
export const $usableBonuses = computed($checkoutContext, (context) =>
  usableBonuses(context.bonusBalance, context.bonusMaxPayment),
);

/** The basket's delivery weight (kg): a branch or a shop that takes less is not offered. */
export const $deliveryWeight = computed($basket, (basket) => basketTotals(basket.items, basket.certificates).weight);

/** The delivery method chosen, among those the city offers for this basket; null before one is. */
export const $chosenMethod = computed(
  [$checkoutForm, $checkoutContext],
  (form, context): DeliveryMethod | null => context.methods.find((m) => m.slug === form.deliveryMethodSlug) ?? null,
);

/**
 * The payment facts of `form`, a change of the current form that keeps its city (another amount
 * of points, another delivery method): the context depends only on the city, so it is today's.
 */
export function paymentFactsOf(form: CheckoutForm): PaymentFacts {
  return checkoutPaymentFacts(form, $basket.get(), $checkoutContext.get());
}
