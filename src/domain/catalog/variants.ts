/** Variant rules of spec §5 "Catalogue and products" that every product view shares. */

export interface PricedVariant {
  isArchival: boolean;
  probablyPriceRecommended: number | null;
  probablyPriceSelling: number | null;
}

/**
 * Variants a shopper may see: only non-archival ones unless the whole product is archival (every
 * variant archival), and only those with both a recommended and a selling price.
 */
export function visibleVariants<V extends PricedVariant>(variants: readonly V[]): V[] {
  const productIsArchival = variants.length > 0 && variants.every((v) => v.isArchival);
  return variants.filter(
    (v) =>
      (productIsArchival || !v.isArchival) && v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null,
  );
}

/** Discount percent: the rounded drop of the selling price below the recommended one (0 when none). */
export function discountPercent(recommended: number, selling: number): number {
  if (recommended <= 0 || selling >= recommended) return 0;
  return Math.round(((recommended - selling) / recommended) * 100);
}

export interface CardPrice {
  selling: number;
  recommended: number;
  discount: number;
  /** True when visible variants differ in price, so the card says "from". */
  isRange: boolean;
}

/** Price shown on a product card: the cheapest visible variant; null when nothing can be sold. */
export function cardPrice(variants: readonly PricedVariant[]): CardPrice | null {
  let best: { selling: number; recommended: number } | null = null;
  let highest = -Infinity;
  for (const v of visibleVariants(variants)) {
    const selling = v.probablyPriceSelling ?? 0;
    const recommended = v.probablyPriceRecommended ?? 0;
    highest = Math.max(highest, selling);
    if (!best || selling < best.selling) best = { selling, recommended };
  }
  if (!best) return null;
  return { ...best, discount: discountPercent(best.recommended, best.selling), isRange: highest > best.selling };
}
