import type { BranchDeliverySlug, DeliveryMethodSlug } from '../../api/schemas/delivery.ts';
import { isBranchSlug } from './deliveryRules.ts';

/**
 * Combined warehouses (storefront spec §7 "Combined warehouses are also fetched"): where the city
 * offers branches of several carriers for this basket, the checkout's branch search looks through
 * all of them at once, the carrier chosen first; a branch of another carrier chosen from the list
 * chooses that carrier's method (its price).
 */

/**
 * The carriers a branch search looks through: the chosen branch method first, then the other branch
 * methods the city offers for this basket, in the offered order. One slug: the plain search.
 */
export function branchSearchSlugs(
  chosen: BranchDeliverySlug,
  offered: readonly DeliveryMethodSlug[],
): BranchDeliverySlug[] {
  const others = offered.filter((slug): slug is BranchDeliverySlug => isBranchSlug(slug) && slug !== chosen);
  return [chosen, ...new Set(others)];
}
