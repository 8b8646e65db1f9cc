import type { CatalogPageModel, LinkedFacet } from './catalogPageModel.ts';
import type { Facet, FilterSelection } from './facets.ts';
import { filterChips } from './filterChips.ts';
import { sortLinks } from './listing.ts';
import { pageLinks } from './pagination.ts';
import { priceRangeOf } from './priceRange.ts';
import { isFilterPath, PRICE_TOPIC, type CatalogState } from './routePath.ts';

/**
 * The controls every filtered catalogue shows around its products (category pages, search results,
 * a brand's page): filter links, sort and page links, the reset link, the chips and the price form.
 * Each is a plain link or form to a state with its own URL; `at` writes the URL of the page's state
 * with some changes, so one set of rules serves every listing's address.
 */

/** The part of a catalogue state its controls change. */
export type ControlState = Pick<CatalogState, 'filters' | 'page' | 'sort'> & { q: string | null };

/**
 * The facets as links. `hrefFor` is the URL of a selection (page 1), or null when the selection has
 * none (too many groups or values): that value gets no link. A selection that is no filter path gets
 * a link search engines do not follow (docs/decisions.md "Filter paths").
 */
export function linkFacets(
  facets: readonly Facet[],
  hrefFor: (filters: FilterSelection[]) => string | null,
): LinkedFacet[] {
  return facets.map((facet) => ({
    slug: facet.slug,
    title: facet.title,
    values: facet.values.flatMap(({ next, ...value }) => {
      const href = hrefFor(next);
      return href === null ? [] : [{ ...value, href, nofollow: !isFilterPath(next) }];
    }),
  }));
}

export type ListingControls = Pick<
  CatalogPageModel,
  'sorts' | 'pages' | 'prevHref' | 'nextHref' | 'resetHref' | 'chips' | 'price'
>;

/** Sort, pages (`pages` of them), reset, chips and the price form of `state`. */
export function listingControls(
  state: ControlState,
  facets: readonly LinkedFacet[],
  pages: number,
  at: (changes: Partial<ControlState>) => string,
): ListingControls {
  const priceRange = priceRangeOf(state);
  return {
    sorts: sortLinks(state.sort, (sort) => at({ sort, page: 1 })),
    ...pageLinks(state.page, pages, (n) => at({ page: n })),
    resetHref: state.filters.length > 0 ? at({ filters: [], page: 1 }) : null,
    chips: filterChips(
      facets,
      priceRange,
      at({ filters: state.filters.filter((group) => group.topic !== PRICE_TOPIC), page: 1 }),
    ),
    price: { ...priceRange, action: at({ page: 1, q: null }), q: state.q },
  };
}
