import {
  FREE_DELIVERY,
  deliveryPriceFor,
  freeDeliveryVerdict,
  isFreeDeliveryMethod,
  type FreeDeliveryVerdict,
  type OrderReduction,
} from '../../api/freeDelivery.ts';
import { PROMO_CODE, type BasketCertificate } from '../basket/basketCertificates.ts';
import type { BasketItem } from '../basket/basketItem.ts';
import { basketTotals } from '../basket/basketTotals.ts';

/**
 * Free delivery on the storefront: the contract's rule (`freeDeliveryVerdict` of
 * src/api/freeDelivery.ts, the very function the order service prices orders by) applied to the
 * basket as the browser holds it, for every place that prices or promises delivery: the basket's
 * progress line, the checkout's methods (deliveryRules.ts availableDeliveryMethods) and summary,
 * the main page's banner and the delivery page. No zod here: the basket drawer takes it.
 */
export { FREE_DELIVERY, deliveryPriceFor, freeDeliveryVerdict, isFreeDeliveryMethod };
export type { FreeDeliveryVerdict };

/**
 * What the basket's codes and the points paid take off the whole order, by kind. A percent promo
 * code takes nothing here (its `orderDiscount` is 0: it is in the lines' checked prices already).
 */
export function basketReductions(certificates: readonly BasketCertificate[], usedBonuses = 0): OrderReduction[] {
  const reductions: OrderReduction[] = certificates
    .filter((c) => c.errorMessage === null && c.orderDiscount > 0)
    .map((c) => ({ kind: c.type === PROMO_CODE ? 'promo' : 'certificate', amount: c.orderDiscount }));
  if (usedBonuses > 0) reductions.push({ kind: 'bonuses', amount: usedBonuses });
  return reductions;
}

/** The rule's verdict on the basket: its lines' final prices, less what its codes (and points) take off the order. */
export function basketFreeDelivery(
  items: readonly BasketItem[],
  certificates: readonly BasketCertificate[],
  usedBonuses = 0,
): FreeDeliveryVerdict {
  return freeDeliveryVerdict({
    lines: basketTotals(items, certificates).linesPrice,
    offTheOrder: basketReductions(certificates, usedBonuses),
  });
}
