import {
  buildCatalogPath,
  catalogStateProblem,
  parseCatalogPath,
  type CatalogFilter,
  type CatalogSort,
} from './routePath.ts';
import type { Locale } from '../../i18n/locale.ts';

/**
 * Search results with the catalogue's filters and sort (issue 29), in the catalogue's own URL
 * grammar after the results' path (spec §2, `search-result`):
 *
 *   [/ua]/search-result[/{topic}={v1,v2}...][/page-{n}][/sort-{field}[-desc]]?q=...
 *
 * `search-result` is one of the special slugs the catalogue grammar refuses as a folder, so the
 * path is read and written by that grammar with a stand-in folder in its place: one parser, one
 * canonical order of filters, no second grammar to drift.
 */

export interface SearchState {
  locale: Locale;
  filters: CatalogFilter[];
  page: number;
  sort: CatalogSort | null;
  q: string | null;
}

const SEGMENT = 'search-result';
const STAND_IN = 'search';
const PREFIX = /^(\/ua)?\/search-result(?=\/|$)/;

/** The search state of a results URL; null when the path is no results path (a 404). */
export function parseSearchPath(pathname: string, search: string | URLSearchParams): SearchState | null {
  if (!PREFIX.test(pathname)) return null;
  const route = parseCatalogPath(
    pathname.replace(PREFIX, (_, ua: string | undefined) => `${ua ?? ''}/${STAND_IN}`),
    search,
  );
  if (!route || route.hadRuPrefix || route.categories.length > 0) return null;
  return { locale: route.locale, filters: route.filters, page: route.page, sort: route.sort, q: route.q };
}

const asCatalog = (state: SearchState) => ({ ...state, folderCategory: STAND_IN, categories: [] });

/** Why a state has no URL, or null (the catalogue grammar's rules: group counts, slugs, page). */
export function searchStateProblem(state: SearchState): string | null {
  return catalogStateProblem(asCatalog(state));
}

/** The one canonical URL of a search state (path and `?q=`). */
export function buildSearchPath(state: SearchState): string {
  const path = buildCatalogPath(asCatalog(state));
  const standIn = `${state.locale === 'uk' ? '/ua' : ''}/${STAND_IN}`;
  return `${path.slice(0, standIn.length).replace(STAND_IN, SEGMENT)}${path.slice(standIn.length)}`;
}
