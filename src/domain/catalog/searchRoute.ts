import { buildListingPath, listingStateProblem, parseListingPath, type ListingState } from './listingRoute.ts';

/**
 * Search results with the catalogue's filters and sort (issue 29), in the catalogue's own URL
 * grammar after the results' path (spec §2, `search-result`):
 *
 *   [/ua]/search-result[/{topic}={v1,v2}...][/page-{n}][/sort-{field}[-desc]]?q=...
 *
 * A listing at a path of its own (listingRoute.ts), like a brand's page.
 */

export type SearchState = ListingState;

const BASE = '/search-result';

/** The search state of a results URL; null when the path is no results path (a 404). */
export function parseSearchPath(pathname: string, search: string | URLSearchParams): SearchState | null {
  return parseListingPath(BASE, pathname, search);
}

/** Why a state has no URL, or null (the catalogue grammar's rules: group counts, slugs, page). */
export const searchStateProblem: (state: SearchState) => string | null = listingStateProblem;

/** The one canonical URL of a search state (path and `?q=`). */
export function buildSearchPath(state: SearchState): string {
  return buildListingPath(BASE, state);
}
