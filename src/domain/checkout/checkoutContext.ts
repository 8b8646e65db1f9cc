import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethod, Shop, ShopConfigs } from '../../api/schemas/delivery.ts';
import { basketTotals } from '../basket/basketTotals.ts';
import type { CheckoutForm } from './checkoutForm.ts';
import type { CheckoutBasket, CheckoutContext } from './checkoutValidation.ts';
import { availableDeliveryMethods, pickupPoints } from './deliveryRules.ts';
import { basketFreeDelivery } from './freeDelivery.ts';
import { isBabyBundleBasket } from './paymentRules.ts';

/** What the checkout has read besides the form and the basket. */
export interface CheckoutFacts {
  locale: Locale;
  /** The methods the delivery service offers in the chosen city; null while unknown. */
  cityMethods: readonly DeliveryMethod[] | null;
  /** The shop configs; null when they could not be read (no pickup point is then known). */
  shops: ShopConfigs | null;
  /** The basket's products the baby-bundle catalogue holds. */
  bundleProductIds: ReadonlySet<number>;
  /** Spec §6: a signed-in shopper. */
  signedIn: boolean;
  /** The basket check's bonusMaxPayment: the goods' limit, whoever asks (0 before an answer). */
  bonusMaxPayment: number;
  /** A signed-in member's active bonus balance (UAH); null for anyone else or while unknown. */
  bonusBalance: number | null;
}

/**
 * The checkout's context for the rules (validateCheckout, buildOrderPayload, paymentOptions): the
 * methods the shopper may choose in the chosen city for this basket's weight, the pickup points
 * that take it, and whether the basket is a baby bundle. Without a city there is nothing to choose.
 */
export function checkoutContext(form: CheckoutForm, basket: CheckoutBasket, facts: CheckoutFacts): CheckoutContext {
  const { weight } = basketTotals(basket.items, basket.certificates);
  // The order service judges the order by the same rule, on the same amount.
  const freeDelivery = basketFreeDelivery(basket.items, basket.certificates, form.usedBonuses).free;
  const city = form.city;
  const methods: DeliveryMethod[] =
    city === null || facts.cityMethods === null
      ? []
      : availableDeliveryMethods({
          cityId: city.id,
          methods: facts.cityMethods,
          shops: facts.shops,
          weight,
          freeDelivery,
        });
  const points: Shop[] = city === null || facts.shops === null ? [] : pickupPoints(facts.shops, city.id, weight);
  return {
    locale: facts.locale,
    methods,
    pickupPoints: points,
    isBabyBundle: isBabyBundleBasket(basket.items, facts.bundleProductIds),
    freeDelivery,
    bonusMaxPayment: facts.bonusMaxPayment,
    signedIn: facts.signedIn,
    bonusBalance: facts.signedIn ? facts.bonusBalance : null,
  };
}
