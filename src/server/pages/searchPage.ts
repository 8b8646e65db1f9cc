import { log } from '../../log/log.ts';
import { CATALOG_TAG, CATEGORY_CONFIG_TAG, SEARCH_TAG } from '../../api/cacheTags.ts';
import type { CategoryConfig, CategoryNode } from '../../api/schemas/categoryConfig.ts';
import { getCategoryConfig, getProducts } from '../../api/search.ts';
import { isSearchable } from '../../api/searchText.ts';
import type { CatalogPageModel } from '../../domain/catalog/catalogPageModel.ts';
import { buildFacets, translator } from '../../domain/catalog/facets.ts';
import { CATALOG_PAGE_SIZE, type ListingPageModel } from '../../domain/catalog/listing.ts';
import { linkFacets, listingControls } from '../../domain/catalog/listingControls.ts';
import { listingTags } from '../../domain/catalog/listingTags.ts';
import { pageCount, pageLinks } from '../../domain/catalog/pagination.ts';
import { categoryIndex, resultCategories } from '../../domain/catalog/resultCategories.ts';
import { EVERY_FACET_VALUE } from '../../domain/catalog/facetDisplay.ts';
import { filterVocabulary, unknownFilter } from '../../domain/catalog/filterExistence.ts';
import { priceFormState } from '../../domain/catalog/priceRange.ts';
import { productCards, type ProductCardModel } from '../../domain/catalog/productCard.ts';
import { buildCatalogPath, listingServiceQuery } from '../../domain/catalog/routeGrammar.ts';
import {
  buildSearchPath,
  parseSearchPath,
  searchStateProblem,
  type SearchState,
} from '../../domain/catalog/searchRoute.ts';
import type { Crumb } from '../../domain/seo/jsonLd.ts';
import { titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { CRITICAL_READ, readCritical } from '../request/criticalRead.ts';
import { notFound, page, redirect, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/**
 * Results are the same for every visitor: cached per query, briefly, and dropped with the catalogue,
 * with the products they show, or when they follow prices or stock (src/domain/catalog/listingTags.ts).
 */
const SEARCH_CACHE = { tags: [CATALOG_TAG, CATEGORY_CONFIG_TAG, SEARCH_TAG], maxAge: 60, swr: 600 };
const searchCache = (tags: readonly string[]) => ({ ...SEARCH_CACHE, tags: [...SEARCH_CACHE.tags, ...tags] });

/** What the zero page suggests instead (issue 29: never a dead end). */
const POPULAR_CATEGORIES = 8;
const POPULAR_PRODUCTS = 8;

/** A word left out or a corrected query, with the link that searches for it. */
export interface SearchLink {
  text: string;
  href: string;
}

/** Above the results: the best partial match's note and a corrected query to try. */
export interface SearchNotice {
  partial: string | null;
  suggestion: SearchLink | null;
}

export interface SearchEmptyModel {
  documentTitle: string;
  heading: string;
  crumbs: Crumb[];
  current: string;
  message: string;
  suggestion: SearchLink | null;
  categories: SearchLink[];
  products: ProductCardModel[];
}

export type SearchPageModel =
  | { kind: 'hint'; listing: ListingPageModel }
  | { kind: 'results'; catalog: CatalogPageModel; notice: SearchNotice }
  | { kind: 'empty'; empty: SearchEmptyModel };

/** Optional data: a failure leaves the page without that part. */
function optional<T>(what: string, load: Promise<T>, fallback: T): Promise<T> {
  return load.catch((error: unknown) => {
    log.error(`[search] ${what} failed:`, error instanceof Error ? error.message : error);
    return fallback;
  });
}

/**
 * `/search-result[/{filters}][/page-N][/sort-…]?q=…` (and `/ua/…`): the results with the
 * catalogue's filters and sort, a note when only some words matched, and for nothing found a page
 * that suggests a corrected query, popular categories and products. Without `q` the spec sends the
 * visitor to the main page (302); a query shorter than 2 characters shows the hint.
 */
export async function loadSearchPage(request: PageRequest): Promise<PageOutcome<SearchPageModel>> {
  const { locale, t, api, url } = request;
  const q = (url.searchParams.get('q') ?? '').trim();
  if (!q) return redirect(routeUrl(routeName('main-page', locale)), 302);
  const state = parseSearchPath(url.pathname, url.searchParams);
  if (!state || state.q === null) return notFound();
  const at = (changes: Partial<SearchState>) => buildSearchPath({ ...state, ...changes });
  // The price form (no JavaScript needed) answers 303 to the path state with the range, as catalogues do.
  const priced = priceFormState(url.searchParams, state);
  if (priced) return searchStateProblem(priced) === null ? redirect(buildSearchPath(priced), 303) : notFound();
  const canonical = buildSearchPath({ ...state, q: null });
  if (canonical !== url.pathname) return redirect(`${canonical}${url.search}`);

  const documentTitle = `${t('search.title', { q })} — ${t('site.name')}`;
  const heading = t('search.heading', { q });
  if (!isSearchable(q)) {
    const listing: ListingPageModel = {
      documentTitle,
      heading,
      description: null,
      intro: null,
      robots: 'noindex,nofollow',
      canonicalPath: null,
      sorts: [],
      hint: t('search.tooShort'),
      total: 0,
      products: [],
      links: pageLinks(1, 1, () => at({ page: 1 })),
    };
    return page({ kind: 'hint', listing }, SEARCH_CACHE);
  }

  const [configRead, listRead] = await Promise.all([
    readCritical('[search] category-config', getCategoryConfig(api, CRITICAL_READ)),
    readCritical(
      '[search] products',
      getProducts(api, listingServiceQuery(state, { limit: CATALOG_PAGE_SIZE }), CRITICAL_READ),
    ),
  ]);
  // A topic or value the shop does not have is the 404 page (issue 25), even when the search service
  // refused the query for it.
  if (configRead.kind === 'found') {
    const everyCategory = { slug: '', childList: configRead.value.categoryList };
    if (unknownFilter(state.filters, filterVocabulary(configRead.value.topicList, everyCategory)) !== null) {
      return notFound();
    }
  }
  if (configRead.kind !== 'found' || listRead.kind !== 'found') return unavailable();
  const config = configRead.value;
  const list = listRead.value;
  const total = list.pagination.total;
  const home: Crumb = { title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) };
  const searchFor = (text: string): SearchLink => ({
    text,
    href: buildSearchPath({ ...state, q: text, filters: [], page: 1 }),
  });
  const suggestion = list.search?.suggestion ? searchFor(list.search.suggestion) : null;

  if (total === 0 && state.filters.length === 0) {
    if (state.page > 1) return notFound();
    const empty = await emptyPage(request, config, { documentTitle, heading, home, q, suggestion });
    return page(
      { kind: 'empty', empty },
      searchCache(
        listingTags(
          SEARCH_TAG,
          state,
          empty.products.map((card) => card.id),
        ),
      ),
    );
  }
  const pages = pageCount(total, CATALOG_PAGE_SIZE);
  if (state.page > Math.max(1, pages)) return notFound();

  const facets = linkFacets(
    buildFacets(
      list.aggr.topicList,
      config.topicList.map((topic) => topic.slug),
      state.filters,
      translator(config.translationList, locale),
    ),
    (filters) => (searchStateProblem({ ...state, filters, page: 1 }) === null ? at({ filters, page: 1 }) : null),
  );
  const pageSuffix = state.page > 1 ? `, ${t('catalog.pageSuffix', { page: state.page })}` : '';
  const partial = list.search?.match === 'some' && list.search.unmatched.length > 0;

  const catalog: CatalogPageModel = {
    trail: { crumbs: [home], current: t('search.crumb') },
    children: resultCategories(list.aggr.topicList, state.filters, categoryIndex(config), locale, (filters) =>
      at({ filters, page: 1 }),
    ),
    heading,
    documentTitle: `${documentTitle}${pageSuffix}`,
    description: null,
    products: productCards(list.items, locale),
    total,
    facets,
    // Results span categories: no one category's config applies.
    facetDisplay: EVERY_FACET_VALUE,
    ...listingControls(state, facets, Math.max(1, pages), at),
    banner: null,
    descriptionHtml: null,
    robots: 'noindex,nofollow',
    canonicalPath: null,
    certificatePurchase: null,
    topReviews: [],
  };
  const notice: SearchNotice = {
    partial: partial
      ? t('search.partial', { words: (list.search?.unmatched ?? []).map((w) => `«${w}»`).join(', ') })
      : null,
    suggestion: partial ? suggestion : null,
  };
  return page(
    { kind: 'results', catalog, notice },
    searchCache(
      listingTags(
        SEARCH_TAG,
        state,
        list.items.map((product) => product.id),
      ),
    ),
  );
}

async function emptyPage(
  request: PageRequest,
  config: CategoryConfig,
  parts: { documentTitle: string; heading: string; home: Crumb; q: string; suggestion: SearchLink | null },
): Promise<SearchEmptyModel> {
  const { locale, t, api } = request;
  const popular = await optional(
    'popular products',
    getProducts(api, { orderBy: 'popularity', order: 'desc', page: 0, limit: POPULAR_PRODUCTS }, { timeoutMs: 1500 }),
    null,
  );
  return {
    documentTitle: parts.documentTitle,
    heading: parts.heading,
    crumbs: [parts.home],
    current: t('search.crumb'),
    message: t('search.nothing', { q: parts.q }),
    suggestion: parts.suggestion,
    categories: popularCategories(config, locale),
    products: popular ? productCards(popular.items, locale) : [],
  };
}

/** The shop's top sub-categories (category-config `isTop`), else its folders, in menu order. */
function popularCategories(config: CategoryConfig, locale: SearchState['locale']): SearchLink[] {
  const link = (path: string[], node: CategoryNode): SearchLink => ({
    text: titleIn(locale, node),
    href: buildCatalogPath({
      locale,
      folderCategory: path[0] ?? node.slug,
      categories: path.slice(1),
      filters: [],
      page: 1,
      sort: null,
    }),
  });
  const shown = config.categoryList.filter((folder) => !folder.additionalConfig.excludeFromMenu);
  const top = shown.flatMap((folder) =>
    folder.childList
      .filter((child) => child.additionalConfig.isTop && !child.additionalConfig.excludeFromMenu)
      .map((child) => link([folder.slug, child.slug], child)),
  );
  return (top.length > 0 ? top : shown.map((folder) => link([folder.slug], folder))).slice(0, POPULAR_CATEGORIES);
}
