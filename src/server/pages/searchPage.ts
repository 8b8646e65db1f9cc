import { CATALOG_TAG, SEARCH_TAG } from '../../api/cacheTags.ts';
import { getProducts } from '../../api/search.ts';
import { CATALOG_PAGE_SIZE, parseListingRest, type ListingPageModel } from '../../domain/catalog/listing.ts';
import { pageCount, pageLinks } from '../../domain/catalog/pagination.ts';
import { productCards } from '../../domain/catalog/productCard.ts';
import { isSearchable } from '../../api/searchText.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { CRITICAL_READ, readCritical } from '../request/criticalRead.ts';
import { notFound, page, redirect, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/** Results are the same for every visitor: cached per query, briefly, and dropped with the catalogue. */
const SEARCH_CACHE = { tags: [CATALOG_TAG, SEARCH_TAG], maxAge: 60, swr: 600 };

/**
 * `/search-result[/page-N]?q=...`. Without `q` the spec sends the visitor to the main page (302).
 * A query shorter than 2 characters shows the hint instead of results (search starts at 2).
 */
export async function loadSearchPage(request: PageRequest): Promise<PageOutcome<ListingPageModel>> {
  const { locale, t, api, url } = request;
  const { rest } = request.params;
  const q = (url.searchParams.get('q') ?? '').trim();
  if (!q) return redirect(routeUrl(routeName('main-page', locale)), 302);
  const parsed = parseListingRest(rest);
  // Results have the service's order only: a sort segment is not part of their URLs.
  if (!parsed || parsed.sort) return notFound();
  const base = routeUrl(routeName('search-result-page', locale));
  const hrefFor = (n: number) => `${base}${n > 1 ? `/page-${n}` : ''}?${new URLSearchParams({ q }).toString()}`;
  if (rest !== undefined && parsed.page === 1) return redirect(hrefFor(1));

  const common: Omit<ListingPageModel, 'hint' | 'total' | 'products' | 'links'> = {
    documentTitle: `${t('search.title', { q })} — ${t('site.name')}`,
    heading: t('search.heading', { q }),
    description: null,
    intro: null,
    robots: 'noindex,nofollow',
    canonicalPath: null,
    sorts: [],
  };
  if (!isSearchable(q)) {
    const hint = t('search.tooShort');
    return page({ ...common, hint, total: 0, products: [], links: pageLinks(1, 1, hrefFor) }, SEARCH_CACHE);
  }
  const read = await readCritical(
    '[search] products',
    getProducts(api, { title: q, page: parsed.page - 1, limit: CATALOG_PAGE_SIZE }, CRITICAL_READ),
  );
  if (read.kind !== 'found') return unavailable();
  const list = read.value;
  const count = pageCount(list.pagination.total, CATALOG_PAGE_SIZE);
  if (parsed.page > count) return notFound();
  return page(
    {
      ...common,
      hint: null,
      total: list.pagination.total,
      products: productCards(list.items, locale),
      links: pageLinks(parsed.page, count, hrefFor),
    },
    SEARCH_CACHE,
  );
}
