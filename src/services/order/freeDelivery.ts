import {
  deliveryPriceFor,
  freeDeliveryVerdict,
  type FreeDeliveryBasis,
  type OrderReduction,
} from '../../api/freeDelivery.ts';
import type { DeliveryMethodSlug } from '../../api/schemas/delivery.ts';
import type { PricedBasket } from './basketCheck.ts';

/**
 * The contract's free-delivery rule (src/api/freeDelivery.ts `freeDeliveryVerdict`, the function
 * the storefront shows and promises by) applied to a priced basket: here only the priced basket is
 * read into the rule's terms; which amounts count is the rule's alone.
 */

/**
 * A priced basket in the rule's terms: the lines' checked costs (a percent promo code is in them:
 * a line discount whose source is the code), and what is taken off the whole order by kind (an
 * amount promo code, the certificates, the points the order is paid with).
 */
export function freeDeliveryBasis(
  priced: Pick<PricedBasket, 'basketItems' | 'certificateList'>,
  usedBonuses = 0,
): FreeDeliveryBasis {
  const lines = priced.basketItems.reduce((sum, item) => sum + Math.round(item.checked.cost * 100), 0);
  const onLines = new Set(priced.basketItems.flatMap((item) => item.checked.discounts.map((d) => d.source)));
  const offTheOrder: OrderReduction[] = priced.certificateList
    .filter((c) => c.isChecked && c.errorMessage === null && c.discountAmount > 0)
    .filter((c) => c.type === 1 || !onLines.has(c.key))
    .map((c) => ({ kind: c.type === 1 ? 'certificate' : 'promo', amount: c.discountAmount }));
  if (usedBonuses > 0) offTheOrder.push({ kind: 'bonuses', amount: usedBonuses });
  return { lines: lines / 100, offTheOrder };
}

/** A method's price (kopecks) for this priced basket: 0 for a free-delivery method once the rule says free. */
export function freeDeliveryPrice(
  slug: DeliveryMethodSlug,
  deliveryPrice: number,
  priced: Pick<PricedBasket, 'basketItems' | 'certificateList'>,
  usedBonuses = 0,
): number {
  return deliveryPriceFor(slug, deliveryPrice, freeDeliveryVerdict(freeDeliveryBasis(priced, usedBonuses)));
}
