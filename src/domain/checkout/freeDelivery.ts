import { FREE_DELIVERY } from '../../api/freeDelivery.ts';
import type { DeliveryMethodSlug } from '../../api/schemas/delivery.ts';

/**
 * Free delivery (the contract's FREE_DELIVERY, which the order service prices orders by), for every
 * place of the storefront that prices or promises delivery: the checkout's methods
 * (deliveryRules.ts availableDeliveryMethods), the basket's progress line, the main page's banner
 * and the delivery page. No zod here: the basket drawer takes it.
 */
export { FREE_DELIVERY };

/** A method that becomes free from the threshold. */
export function isFreeDeliveryMethod(slug: DeliveryMethodSlug): boolean {
  return FREE_DELIVERY.methods.includes(slug);
}

/** The price of a method for goods of `goodsAmount` UAH: 0 for a free-delivery method from the threshold. */
export function deliveryPriceFor(slug: DeliveryMethodSlug, price: number, goodsAmount: number): number {
  return isFreeDeliveryMethod(slug) && goodsAmount >= FREE_DELIVERY.threshold ? 0 : price;
}

/** What is left to add for free delivery (0 once reached), whole hryvnias rounded up; null for an empty basket. */
export function freeDeliveryRemaining(goodsAmount: number): number | null {
  if (!(goodsAmount > 0)) return null;
  return Math.max(0, Math.ceil(FREE_DELIVERY.threshold - goodsAmount));
}
