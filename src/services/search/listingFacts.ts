import type { ListingFacts } from './searchIndex.ts';

/**
 * The search service's own copy of the price rules its stored columns derive from: the seed fills
 * `variant.discount_rate`, `product.has_price`, `min_price`, `max_discount` and `product_warehouse`
 * with them, and the admin API keeps them true after a write, so both must use these and no other.
 */

/** A variant as the listing rules see it. */
export interface ListingVariant {
  isArchival: boolean;
  isPromotional: boolean;
  recommended: number | null;
  selling: number | null;
  /** Warehouses holding stock of the variant (quantity above 0). */
  warehouses: readonly number[];
}

/**
 * Spec §9 "Discount percent is the rounded drop of selling price below recommended price": never
 * negative (a selling price above the recommended one is no discount); null without both prices.
 */
export function discountRate(recommended: number | null, selling: number | null): number | null {
  if (recommended === null || selling === null || recommended <= 0) return null;
  if (selling >= recommended) return 0;
  return Math.round(((recommended - selling) / recommended) * 100);
}

/** Spec §5: the non-archival variants are shown, or all of them when the product is wholly archival. */
export function shownVariants<V extends { isArchival: boolean }>(variants: readonly V[]): V[] {
  const live = variants.filter((v) => !v.isArchival);
  return live.length > 0 ? live : [...variants];
}

/** Where a product stands in listings, from all its variants. */
export function listingFacts(productId: number, variants: readonly ListingVariant[]): ListingFacts {
  const shown = shownVariants(variants);
  const priced = shown.filter((v) => v.recommended !== null && v.selling !== null);
  const selling = priced.map((v) => v.selling ?? 0);
  const warehouses = new Set(shown.flatMap((v) => v.warehouses));
  return {
    productId,
    hasPrice: priced.length > 0,
    minPrice: selling.length > 0 ? Math.min(...selling) : null,
    maxDiscount: Math.max(0, ...priced.map((v) => discountRate(v.recommended, v.selling) ?? 0)),
    promotional: variants.some((v) => v.isPromotional && !v.isArchival),
    warehouses: [...warehouses].sort((a, b) => a - b),
  };
}
