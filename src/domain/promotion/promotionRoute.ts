import type { Locale } from '../../i18n/locale.ts';
import { isContentSlug, parsePostSegment } from '../content/postRoute.ts';
import {
  buildCatalogPath,
  catalogStateProblem,
  parseCatalogPath,
  type CatalogFilter,
  type CatalogSort,
} from '../catalog/routePath.ts';

/**
 * The promotions' addresses (storefront §1 "promotional pages"):
 *
 *   [/ua]/promotions                  the list, page 1
 *   [/ua]/promotions/page-{n}         a later page of the list (`page-1` is the list: 301)
 *   [/ua]/promotions/{slug}[/{topic}={v1,v2}...][/page-{n}][/sort-{field}[-desc]]
 *                                     a promotion and its goods as a catalogue
 *
 * The part after the promotion's slug is the catalogue's own grammar, read and written by it with a
 * stand-in folder in place of `/promotions/{slug}` (as search results do): one parser, one canonical
 * order of filters. `page-…` is reserved for the list, so no promotion is reachable as `page-2`.
 */

export interface PromotionState {
  locale: Locale;
  slug: string;
  filters: CatalogFilter[];
  page: number;
  sort: CatalogSort | null;
}

export type PromotionsRoute =
  | { kind: 'list'; locale: Locale; page: number }
  | { kind: 'firstPage'; locale: Locale }
  | { kind: 'promotion'; state: PromotionState };

/** Spec §3: the catalogue's filter topic whose values name promotions (a product's promotion slug). */
export const PROMOTIONS_TOPIC = 'promotions';

const STAND_IN = 'promotion';
const LIST = /^(\/ua)?\/promotions(?:\/([^/]+))?(\/.*)?$/;

/** What a path under `/promotions` names; null when it names nothing (the 404 page). */
export function parsePromotionsPath(pathname: string): PromotionsRoute | null {
  const match = LIST.exec(pathname);
  if (!match) return null;
  const locale: Locale = match[1] === undefined ? 'ru' : 'uk';
  const [, , segment, rest] = match;
  if (segment === undefined) return rest === undefined || rest === '/' ? { kind: 'list', locale, page: 1 } : null;
  const named = parsePostSegment(segment);
  if (named.kind === 'firstPage') return rest === undefined ? { kind: 'firstPage', locale } : null;
  if (named.kind === 'list') return rest === undefined ? { kind: 'list', locale, page: named.page } : null;
  if (named.kind !== 'post') return null;
  const route = parseCatalogPath(`${match[1] ?? ''}/${STAND_IN}${rest ?? ''}`);
  if (!route || route.hadRuPrefix || route.categories.length > 0) return null;
  return {
    kind: 'promotion',
    state: { locale, slug: named.slug, filters: route.filters, page: route.page, sort: route.sort },
  };
}

const asCatalog = (state: PromotionState) => ({ ...state, folderCategory: STAND_IN, categories: [] });

/** Why a promotion state has no URL (the catalogue grammar's rules), or null. */
export function promotionStateProblem(state: PromotionState): string | null {
  if (!isContentSlug(state.slug) || state.slug.startsWith('page-')) return 'slug';
  return catalogStateProblem(asCatalog(state));
}

/** The list's page `page` (`/promotions`, `/ua/promotions/page-2` …). */
export function promotionListPath(locale: Locale, page = 1): string {
  const base = `${locale === 'uk' ? '/ua' : ''}/promotions`;
  return page <= 1 ? base : `${base}/page-${page}`;
}

/** The one canonical URL of a promotion state. */
export function buildPromotionPath(state: PromotionState): string {
  const path = buildCatalogPath(asCatalog(state));
  const standIn = `${state.locale === 'uk' ? '/ua' : ''}/${STAND_IN}`;
  return `${promotionListPath(state.locale)}/${encodeURIComponent(state.slug)}${path.slice(standIn.length)}`;
}
