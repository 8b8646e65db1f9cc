import {
  buildCatalogPath,
  catalogStateProblem,
  parseCatalogPath,
  type CatalogFilter,
  type CatalogSort,
} from './routePath.ts';
import type { Locale } from '../../i18n/locale.ts';

/**
 * A catalogue without a category at a path of its own, in the catalogue's URL grammar after that
 * path (spec §2): search results (issue 29) and a brand's page (issue 25).
 *
 *   [/ua]{base}[/{topic}={v1,v2}...][/page-{n}][/sort-{field}[-desc]][?q=...]
 *
 * `base` is the listing's locale-free path (`/search-result`, `/brand/chicco`). The path is read and
 * written by the catalogue grammar with a stand-in folder in the base's place: one parser, one
 * canonical order of filters, no second grammar to drift.
 */

export interface ListingState {
  locale: Locale;
  filters: CatalogFilter[];
  page: number;
  sort: CatalogSort | null;
  q: string | null;
}

/** A folder slug the grammar accepts; never shown, always replaced by the base. */
const STAND_IN = 'listing';

const escapeForPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const prefixOf = (base: string): RegExp => new RegExp(`^(/ua)?${escapeForPattern(base)}(?=/|$)`);

/** The state of a URL of the listing at `base`; null when the path is not one of its paths (a 404). */
export function parseListingPath(
  base: string,
  pathname: string,
  search: string | URLSearchParams,
): ListingState | null {
  const prefix = prefixOf(base);
  if (!prefix.test(pathname)) return null;
  const route = parseCatalogPath(
    pathname.replace(prefix, (_, ua: string | undefined) => `${ua ?? ''}/${STAND_IN}`),
    search,
  );
  if (!route || route.hadRuPrefix || route.categories.length > 0) return null;
  return { locale: route.locale, filters: route.filters, page: route.page, sort: route.sort, q: route.q };
}

const asCatalog = (state: ListingState) => ({ ...state, folderCategory: STAND_IN, categories: [] });

/** Why a state has no URL, or null (the catalogue grammar's rules: group counts, slugs, page). */
export function listingStateProblem(state: ListingState): string | null {
  return catalogStateProblem(asCatalog(state));
}

/** The one canonical URL of a state of the listing at `base` (path and `?q=`). */
export function buildListingPath(base: string, state: ListingState): string {
  const path = buildCatalogPath(asCatalog(state));
  const standIn = `${state.locale === 'uk' ? '/ua' : ''}/${STAND_IN}`;
  return `${state.locale === 'uk' ? '/ua' : ''}${base}${path.slice(standIn.length)}`;
}
