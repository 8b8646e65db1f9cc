import { log } from '../../log/log.ts';
import { brandTag, CATALOG_TAG, CATEGORY_CONFIG_TAG } from '../../api/cacheTags.ts';
import { getShopConfigs } from '../../api/delivery.ts';
import { isSlug } from '../../api/schemas/common.ts';
import { getBrand, getBrandAggregations, getCategoryConfig, getProducts } from '../../api/search.ts';
import type { CatalogPageModel } from '../../domain/catalog/catalogPageModel.ts';
import { catalogContentRules } from '../../domain/catalog/catalogContent.ts';
import { EVERY_FACET_VALUE } from '../../domain/catalog/facetDisplay.ts';
import { buildFacets, translator } from '../../domain/catalog/facets.ts';
import { deadFilter, filterVocabulary, unknownFilter } from '../../domain/catalog/filterExistence.ts';
import { CATALOG_PAGE_SIZE } from '../../domain/catalog/listing.ts';
import { linkFacets, listingControls } from '../../domain/catalog/listingControls.ts';
import { listingTags } from '../../domain/catalog/listingTags.ts';
import {
  buildListingPath,
  listingStateProblem,
  parseListingPath,
  type ListingState,
} from '../../domain/catalog/listingRoute.ts';
import { pageCount } from '../../domain/catalog/pagination.ts';
import { priceFormState } from '../../domain/catalog/priceRange.ts';
import { productCards } from '../../domain/catalog/productCard.ts';
import { categoryIndex, resultCategories } from '../../domain/catalog/resultCategories.ts';
import { listingServiceQuery, robotsFor } from '../../domain/catalog/routeGrammar.ts';
import { brandShopList, type BrandShopView } from '../../domain/catalog/brandShops.ts';
import { localizedOrNull, titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { PAGE_MAX_AGE } from '../cache/pageCache.ts';
import { CRITICAL_READ, isServiceNotFound, readCritical } from '../request/criticalRead.ts';
import { notFound, page, redirect, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/** A brand's page: a catalogue of its goods, its description and the shops that sell it. */
export interface BrandPageModel {
  catalog: CatalogPageModel;
  /** The brand's description in the page's language, under the heading. */
  intro: string | null;
  /** Spec §5 brand shop list: the shop's own stores, warehouses left out; empty when unreadable. */
  shops: BrandShopView[];
}

/** The topic the page itself fixes: never a filter of its own address. */
const BRAND_TOPIC = 'brand';
/** The shop list is optional: it must not hold the page up. */
const SHOPS_TIMEOUT_MS = 1500;
/** A page rendered without its shop list (a failed call) is kept only briefly. */
const DEGRADED_MAX_AGE = 30;

/**
 * `/brand/{slug}[/{filters}][/page-N][/sort-…]` (and `/ua/…`, issue 25): the brand's goods with a
 * category's filters, sort and pages (facets from the brand's own aggregations, spec §7
 * `/public/brand/{id}/agg`), in the catalogue's URL grammar after the brand's path, with the same
 * 301s, price form, 404s for filters that cannot exist and robots rules as a category page.
 */
export async function loadBrandPage(request: PageRequest): Promise<PageOutcome<BrandPageModel>> {
  const { slug } = request.params;
  if (slug === undefined || !isSlug(slug)) return notFound();
  const { locale, t, api, url } = request;
  const base = `/brand/${slug}`;
  const state = parseListingPath(base, url.pathname, url.searchParams);
  // `q` is no part of a brand's page; the brand is fixed by its path, never a filter.
  if (!state || state.q !== null || state.filters.some((group) => group.topic === BRAND_TOPIC)) return notFound();
  const at = (changes: Partial<ListingState>) => buildListingPath(base, { ...state, ...changes });
  const priced = priceFormState(url.searchParams, state);
  if (priced) return listingStateProblem(priced) === null ? redirect(at(priced), 303) : notFound();
  const canonical = at({});
  if (canonical !== url.pathname) return redirect(`${canonical}${url.search}`);

  const query = listingServiceQuery(state, { limit: CATALOG_PAGE_SIZE });
  const { page: servicePage, limit, orderBy, order, ...aggQuery } = query;
  void [servicePage, limit, orderBy, order];
  // Critical: an unknown brand is a 404; any other failure is the 503 page (never cached).
  const [brandRead, configRead, listRead, aggRead, shopConfigs] = await Promise.all([
    readCritical('[brand] brand', getBrand(api, slug, CRITICAL_READ), isServiceNotFound),
    readCritical('[brand] category-config', getCategoryConfig(api, CRITICAL_READ)),
    readCritical(
      '[brand] products',
      getProducts(
        api,
        { ...query, filters: [...query.filters, { topic: BRAND_TOPIC, values: [slug] }] },
        CRITICAL_READ,
      ),
    ),
    readCritical('[brand] aggregations', getBrandAggregations(api, slug, aggQuery, CRITICAL_READ), isServiceNotFound),
    getShopConfigs(api, { timeoutMs: SHOPS_TIMEOUT_MS }).catch((error: unknown) => {
      log.error('[brand] shop configs failed:', error instanceof Error ? error.message : error);
      return null;
    }),
  ]);
  if (brandRead.kind === 'missing' || aggRead.kind === 'missing') return notFound();
  if (brandRead.kind === 'unavailable' || configRead.kind !== 'found') return unavailable();
  const config = configRead.value;
  // A topic or value the shop does not have is the 404 page, as on a category (issue 25).
  const everyCategory = { slug: '', childList: config.categoryList };
  if (unknownFilter(state.filters, filterVocabulary(config.topicList, everyCategory)) !== null) return notFound();
  if (listRead.kind !== 'found' || aggRead.kind !== 'found') return unavailable();
  const brand = brandRead.value;
  const list = listRead.value;
  const topics = aggRead.value.aggr.topicList;
  // A value none of the brand's goods has with the address's other choices: the 404 page too.
  if (deadFilter(state, topics) !== null) return notFound();
  const total = list.pagination.total;
  const pages = pageCount(total, CATALOG_PAGE_SIZE);
  if (state.page > pages) return notFound();

  const facets = linkFacets(
    buildFacets(
      topics,
      config.topicList.map((topic) => topic.slug),
      state.filters,
      translator(config.translationList, locale),
    ),
    (filters) => (listingStateProblem({ ...state, filters, page: 1 }) === null ? at({ filters, page: 1 }) : null),
  );
  const categories = categoryIndex(config);
  // The chosen values name the page (a filter page search engines index needs a title of its own).
  const chosen = [
    ...state.filters
      .filter((group) => group.topic === 'category')
      .flatMap((group) => group.values.map((value) => categories.get(value)?.node))
      .flatMap((node) => (node ? [titleIn(locale, node)] : [])),
    ...facets.flatMap((facet) => facet.values.filter((value) => value.active).map((value) => value.title)),
  ];
  const heading = chosen.length > 0 ? `${brand.title}: ${chosen.join(', ')}` : brand.title;
  const pageSuffix = state.page > 1 ? `, ${t('catalog.pageSuffix', { page: state.page })}` : '';
  const description = localizedOrNull(locale, brand.description, brand.descriptionUkr);
  const robots = robotsFor(state);
  const catalog: CatalogPageModel = {
    trail: {
      crumbs: [{ title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) }],
      current: brand.title,
    },
    children: resultCategories(topics, state.filters, categories, locale, (filters) => at({ filters, page: 1 })),
    heading,
    documentTitle: `${heading} — ${t('brand.titleSuffix')}${pageSuffix}`,
    description,
    products: productCards(list.items, locale),
    total,
    facets,
    // A brand spans categories: no one category's config applies.
    facetDisplay: EVERY_FACET_VALUE,
    ...listingControls(state, facets, pages, at),
    banner: null,
    descriptionHtml: null,
    robots,
    canonicalPath: robots === 'index,follow' ? canonical : null,
    certificatePurchase: null,
    topReviews: [],
  };
  return page(
    {
      catalog,
      // Like a category's description (spec §5): not beyond page 1, under a sort, or for several categories.
      intro: catalogContentRules(state).description ? description : null,
      shops: shopConfigs ? brandShopList(shopConfigs, locale) : [],
    },
    {
      tags: [
        CATALOG_TAG,
        CATEGORY_CONFIG_TAG,
        brandTag(brand.id),
        ...listingTags(
          brandTag(brand.id),
          state,
          list.items.map((product) => product.id),
        ),
      ],
      maxAge: shopConfigs ? PAGE_MAX_AGE : DEGRADED_MAX_AGE,
    },
  );
}
