import { PRICE_TOPIC } from './routePath.ts';
import type { CatalogState } from './routePath.ts';

/**
 * The catalogue's price range form (spec §3: "price as a two-value range"; a bound is used only if
 * it is a non-zero integer). Without JavaScript the form is a GET to the catalogue with `priceFrom`
 * and `priceTo`; the page answers with a redirect to the path state `price={from},{to}`, page 1.
 */

export interface PriceRange {
  /** Whole hryvnias; null for an open bound. */
  from: number | null;
  to: number | null;
}

/** Largest bound accepted from the form (a price above it means "no upper bound" anyway). */
export const PRICE_BOUND_MAX = 10_000_000;

/** What a shopper typed into one bound: digits (spaces and a decimal part forgiven), else open. */
export function parsePriceBound(text: string | null | undefined): number | null {
  const cleaned = (text ?? '').replace(/[\s\u00a0]/g, '').replace(/[.,]\d*$/, '');
  if (!/^\d{1,9}$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value === 0 ? null : Math.min(value, PRICE_BOUND_MAX);
}

/** The range a state's `price` group holds (what the form shows). */
export function priceRangeOf(state: Pick<CatalogState, 'filters'>): PriceRange {
  const values = state.filters.find((group) => group.topic === PRICE_TOPIC)?.values ?? [];
  return { from: parsePriceBound(values[0]), to: parsePriceBound(values[1]) };
}

/**
 * The state with this price range, back on page 1 (a new range is a new list). Bounds given the
 * wrong way round are swapped; an empty range removes the price filter.
 */
export function withPriceRange<S extends Pick<CatalogState, 'filters' | 'page'>>(state: S, range: PriceRange): S {
  let { from, to } = range;
  if (from !== null && to !== null && from > to) [from, to] = [to, from];
  const others = state.filters.filter((group) => group.topic !== PRICE_TOPIC);
  const filters =
    from === null && to === null
      ? others
      : [...others, { topic: PRICE_TOPIC, values: [String(from ?? 0), String(to ?? 0)] }];
  return { ...state, filters, page: 1 };
}

/**
 * The state the price form asks for (its GET carries `priceFrom`/`priceTo`), back on page 1; null
 * when the request is no price form's. The page answers 303 to that state's path.
 */
export function priceFormState<S extends Pick<CatalogState, 'filters' | 'page'>>(
  query: URLSearchParams,
  state: S,
): S | null {
  if (!query.has('priceFrom') && !query.has('priceTo')) return null;
  return withPriceRange(state, {
    from: parsePriceBound(query.get('priceFrom')),
    to: parsePriceBound(query.get('priceTo')),
  });
}
