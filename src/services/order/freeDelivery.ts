import { FREE_DELIVERY } from '../../api/freeDelivery.ts';
import type { DeliveryMethodSlug } from '../../api/schemas/delivery.ts';
import type { PricedBasket } from './basketCheck.ts';

/**
 * The contract's FREE_DELIVERY, as the order service prices by it: a free-delivery method costs
 * nothing once the lines after promo codes (certificates not taken off: they are a way of paying)
 * reach the threshold. Kopecks in, kopecks out.
 */
export function freeDeliveryPrice(slug: DeliveryMethodSlug, deliveryPrice: number, linesPrice: number): number {
  return FREE_DELIVERY.methods.includes(slug) && linesPrice >= FREE_DELIVERY.threshold * 100 ? 0 : deliveryPrice;
}

/** The lines after promo codes of a priced basket, kopecks: its cost with what certificates paid put back. */
export function linesAfterCodes(priced: Pick<PricedBasket, 'cost' | 'certificateList'>): number {
  const certificates = priced.certificateList
    .filter((c) => c.type === 1 && c.isChecked)
    .reduce((sum, c) => sum + Math.round(c.discountAmount * 100), 0);
  return Math.round(priced.cost * 100) + certificates;
}
