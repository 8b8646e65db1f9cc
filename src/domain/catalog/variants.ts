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

/**
 * Spec §9: "Final price is the lowest of recommended price, selling price and checked unit cost."
 * The checked unit cost exists only after the order service has checked a basket. A bound that is
 * not a positive number (a missing price) takes no part.
 */
export function finalPrice(recommended: number, selling: number, checkedUnitCost: number | null = null): number {
  const candidates = [recommended, selling, checkedUnitCost].filter(
    (value): value is number => value !== null && Number.isFinite(value) && value > 0,
  );
  return candidates.length === 0 ? 0 : Math.min(...candidates);
}

/**
 * A price as a shopper reads it: what they pay, and the crossed-out recommended price with the
 * discount badge only when there is a real drop below it (a selling price above the recommended
 * one is no discount: the final price is then the recommended one, with no old price).
 */
export interface ShownPrice {
  final: number;
  /** The recommended price when it is above the final one, else null. */
  old: number | null;
  /** Rounded percent of the drop below the recommended price; 0 when none. */
  discount: number;
}

/** The shown price of a recommended/selling pair (spec §9 final price and discount percent). */
export function shownPrice(recommended: number, selling: number, checkedUnitCost: number | null = null): ShownPrice {
  const final = finalPrice(recommended, selling, checkedUnitCost);
  const discount = discountPercent(recommended, final);
  return { final, old: discount > 0 ? recommended : null, discount };
}

export interface CardPrice extends ShownPrice {
  /** True when visible variants differ in final price, so the card says "from". */
  isRange: boolean;
}

/** Price shown on a product card: the visible variant with the lowest final price; null when nothing can be sold. */
export function cardPrice(variants: readonly PricedVariant[]): CardPrice | null {
  let best: ShownPrice | null = null;
  let highest = -Infinity;
  for (const v of visibleVariants(variants)) {
    const price = shownPrice(v.probablyPriceRecommended ?? 0, v.probablyPriceSelling ?? 0);
    highest = Math.max(highest, price.final);
    if (!best || price.final < best.final) best = price;
  }
  if (!best) return null;
  return { ...best, isRange: highest > best.final };
}
