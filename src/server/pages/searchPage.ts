import { CATALOG_TAG, SEARCH_TAG } from '../../api/cacheTags.ts';
import type { AstroGlobal } from 'astro';
import type { WireProduct } from '../../api/schemas/product.ts';
import { getProducts } from '../../api/search.ts';
import { pageCount as countPages, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import { MIN_SEARCH_LENGTH } from '../../domain/catalog/routeGrammar.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { serverApi } from '../http/apiClient.ts';
import { CATALOG_PAGE_SIZE } from './catalogPage.ts';
import { cachePublicPage } from '../http/pageCache.ts';

export interface SearchPageData extends PageLinks {
  q: string;
  /** Below the 2 characters a search needs: the page shows a hint instead of results. */
  tooShort: boolean;
  products: WireProduct[];
  total: number;
}

export type SearchOutcome =
  | { kind: 'page'; data: SearchPageData }
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  | { kind: 'notFound' };

const PAGE_SEGMENT = /^page-([1-9]\d{0,4})$/;

/**
 * `/search-result[/page-N]?q=...`. Without `q` the spec sends the visitor to the main page (302).
 * A query shorter than 2 characters shows the hint instead of results (search starts at 2).
 */
export async function resolveSearchRequest(astro: AstroGlobal, rest: string | undefined): Promise<SearchOutcome> {
  const { locale } = astro.locals;
  const q = (astro.url.searchParams.get('q') ?? '').trim();
  if (!q) return { kind: 'redirect', location: routeUrl(routeName('main-page', locale)), status: 302 };
  const match = rest === undefined ? null : PAGE_SEGMENT.exec(rest);
  if (rest !== undefined && !match) return { kind: 'notFound' };
  const page = match ? Number(match[1]) : 1;
  const base = routeUrl(routeName('search-result-page', locale));
  const hrefFor = (n: number) => `${base}${n > 1 ? `/page-${n}` : ''}?${new URLSearchParams({ q }).toString()}`;
  if (page === 1 && match) return { kind: 'redirect', location: hrefFor(1), status: 301 };

  if ([...q].length < MIN_SEARCH_LENGTH) {
    return { kind: 'page', data: { q, tooShort: true, products: [], total: 0, ...pageLinks(1, 1, hrefFor) } };
  }
  const list = await getProducts(serverApi(locale), { title: q, page: page - 1, limit: CATALOG_PAGE_SIZE });
  const count = countPages(list.pagination.total, CATALOG_PAGE_SIZE);
  if (page > count) return { kind: 'notFound' };
  // Results are the same for every visitor: cached per query, briefly, and dropped with the catalogue.
  cachePublicPage(astro, [CATALOG_TAG, SEARCH_TAG], 60, 600);
  return {
    kind: 'page',
    data: {
      q,
      tooShort: false,
      products: list.items,
      total: list.pagination.total,
      ...pageLinks(page, count, hrefFor),
    },
  };
}
