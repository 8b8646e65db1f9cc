/**
 * How the filter panel shows a category's facets (spec §3 category config `topCount`, `collapse`,
 * `showCount`; docs/decisions.md "The filter panel follows the category config"): each group's
 * first `topCount` values, the rest behind «Показать все»; groups closed when `collapse` says so;
 * counts shown or not by `showCount`. What the shopper chose is never hidden: a group or a rest
 * that holds a chosen value starts open.
 */

export interface FacetDisplay {
  /** Values shown before «Показать все»; 0 shows every value. */
  topCount: number;
  /** Groups start closed (a title to open). */
  collapse: boolean;
  /** Each value shows its number of products. */
  showCount: boolean;
}

/** Where no category config applies (search results): every value, open groups, counts. */
export const EVERY_FACET_VALUE: FacetDisplay = { topCount: 0, collapse: false, showCount: true };

/** The category config's settings as the panel reads them. */
export function facetDisplayOf(category: FacetDisplay): FacetDisplay {
  return {
    topCount: Number.isInteger(category.topCount) && category.topCount > 0 ? category.topCount : 0,
    collapse: category.collapse,
    showCount: category.showCount,
  };
}

export interface FacetLayout<V> {
  /** The group starts open. */
  open: boolean;
  /** Shown at once. */
  top: V[];
  /** Behind «Показать все» (empty: no such control). */
  rest: V[];
  /** The rest starts shown. */
  restOpen: boolean;
}

/** One group's layout: which values show at once, and what starts open. */
export function facetLayout<V extends { active: boolean }>(
  values: readonly V[],
  display: FacetDisplay,
): FacetLayout<V> {
  const cut = display.topCount > 0 && values.length > display.topCount ? display.topCount : values.length;
  const rest = values.slice(cut);
  return {
    open: !display.collapse || values.some((value) => value.active),
    top: values.slice(0, cut),
    rest,
    restOpen: rest.some((value) => value.active),
  };
}
