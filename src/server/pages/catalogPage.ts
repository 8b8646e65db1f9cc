import type { AstroGlobal } from 'astro';
import type { CategoryConfig, CategoryNode } from '../../api/schemas/categoryConfig.ts';
import type { WireProduct } from '../../api/schemas/product.ts';
import { getCategoryConfig, getCategorySmartMeta, getProducts } from '../../api/search.ts';
import type { SmartMeta } from '../../api/schemas/searchMeta.ts';
import { getContentBlock, getJsonContentBlock } from '../../api/content.ts';
import {
  catalogueBannerBlockSchema,
  catalogueContentSlug,
  type CatalogueBannerBlock,
} from '../../api/schemas/content.ts';
import { catalogContentRules } from '../../domain/catalog/catalogContent.ts';
import { CATALOG_TAG, CATEGORY_CONFIG_TAG, categoryTag, contentBlockTag } from '../../api/cacheTags.ts';
import { localeTag } from '../../api/cacheTags.ts';
import { sanitizeCmsHtml } from '../../domain/content/sanitize.ts';
import {
  buildFacets,
  translator,
  type Facet,
  type FacetValue,
  type FilterSelection,
} from '../../domain/catalog/facets.ts';
import {
  buildCatalogPath,
  catalogStateProblem,
  parseCatalogPath,
  robotsFor,
  toServiceQuery,
  type CatalogRoute,
} from '../../domain/catalog/routeGrammar.ts';
import { parsePriceBound, priceRangeOf, withPriceRange, type PriceRange } from '../../domain/catalog/priceRange.ts';
import { pageCount as countPages, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { serverApi } from '../http/apiClient.ts';
import { cachePublicPage } from '../http/pageCache.ts';

export const CATALOG_PAGE_SIZE = 24;

/** Sort choices offered on catalogue pages, as URL sort segments (null = default order). */
export const SORT_CHOICES = [
  { key: 'popularity', sort: null },
  { key: 'price', sort: { field: 'price', desc: false } },
  { key: 'price-desc', sort: { field: 'price', desc: true } },
  { key: 'new-desc', sort: { field: 'new', desc: true } },
  { key: 'discount-desc', sort: { field: 'discount', desc: true } },
] as const;

export interface Crumb {
  title: string;
  href: string;
}

/** A filter panel topic whose values carry the URL a click leads to. */
export type LinkedFacet = Omit<Facet, 'values'> & { values: (FacetValue & { href: string })[] };

export interface CatalogPageData extends PageLinks {
  route: CatalogRoute;
  folder: CategoryNode;
  /** The deepest chosen category (the folder itself when none). */
  current: CategoryNode;
  crumbs: Crumb[];
  /** Sub-categories of the current category, as links. */
  children: Crumb[];
  /** The current category's title. */
  title: string;
  /** The h1: the smart meta's when the search service answers it, else the category title. */
  heading: string;
  /** `<title>`: the smart meta's (page number included), else `{category} — {suffix}[, page n]`. */
  documentTitle: string;
  /** Meta description: the smart meta's, else none. */
  description: string | null;
  products: WireProduct[];
  total: number;
  pageCount: number;
  facets: LinkedFacet[];
  sorts: { key: string; href: string; active: boolean }[];
  resetHref: string | null;
  /** The price form: the range shown and where it submits (the current list, page 1, sort and `q` kept). */
  price: PriceRange & { action: string; q: string | null };
  /** CMS banner and description of the category (null when absent or skipped, spec §5). */
  banner: CatalogueBannerBlock | null;
  /** Sanitised CMS HTML. */
  descriptionHtml: string | null;
  robots: 'index,follow' | 'noindex,nofollow';
  /** Canonical path for an indexable page, null otherwise. */
  canonicalPath: string | null;
}

/** Walks folder > sub-category > … by slugs; null when any step does not exist. */
function resolveCategories(config: CategoryConfig, route: CatalogRoute): CategoryNode[] | null {
  const folder = config.categoryList.find((c) => c.slug === route.folderCategory);
  if (!folder) return null;
  const chain = [folder];
  for (const slug of route.categories) {
    const parent = chain[chain.length - 1];
    const next = parent?.childList.find((c) => c.slug === slug);
    if (!next) return null;
    chain.push(next);
  }
  return chain;
}

/**
 * Everything a catalogue page shows, or null for a 404: an unknown category chain or filter
 * topic, a page past the last, or no category config (spec §2). `q` searches inside the category. The
 * product list is critical: its failure propagates to the 500 page (never cached), because an empty
 * catalogue would be cached and indexed as if it were true.
 */
export type CatalogOutcome =
  | { kind: 'page'; data: CatalogPageData }
  | { kind: 'redirect'; location: string; status: 301 | 303 }
  | { kind: 'notFound' };

/**
 * Resolves a catalogue request: the page, a 301 to the canonical spelling of the same state
 * (filter order, trailing slash), or not found.
 */
export async function resolveCatalogRequest(astro: AstroGlobal): Promise<CatalogOutcome> {
  const route = parseCatalogPath(astro.url.pathname, astro.url.searchParams);
  if (!route) return { kind: 'notFound' };
  const query = astro.url.searchParams;
  // The price form (no JavaScript needed): its GET answers 303 to the path state with the range.
  if (query.has('priceFrom') || query.has('priceTo')) {
    const next = withPriceRange(route, {
      from: parsePriceBound(query.get('priceFrom')),
      to: parsePriceBound(query.get('priceTo')),
    });
    if (catalogStateProblem(next) !== null) return { kind: 'notFound' };
    return { kind: 'redirect', location: buildCatalogPath(next), status: 303 };
  }
  const canonical = buildCatalogPath({ ...route, q: null });
  if (canonical !== astro.url.pathname) {
    return { kind: 'redirect', location: `${canonical}${astro.url.search}`, status: 301 };
  }
  const data = await loadCatalogPage(astro, route);
  return data ? { kind: 'page', data } : { kind: 'notFound' };
}

async function loadCatalogPage(astro: AstroGlobal, route: CatalogRoute): Promise<CatalogPageData | null> {
  const { locale, t } = astro.locals;
  const api = serverApi(locale);
  // Spec §2: "If catalogue meta cannot be fetched, a not-found page is shown."
  const config = await getCategoryConfig(api).catch((error: unknown) => {
    console.error('[catalog] category-config failed:', error instanceof Error ? error.message : error);
    return null;
  });
  if (!config) return null;
  const chain = resolveCategories(config, route);
  if (!chain) return null;
  const knownTopics = new Set(config.topicList.map((topic) => topic.slug));
  const specialTopics = new Set(['price', 'warehouses', 'category']);
  if (route.filters.some((f) => !knownTopics.has(f.topic) && !specialTopics.has(f.topic))) return null;

  // Optional blocks: a missing or failing banner or description leaves the page without it.
  const rules = catalogContentRules(route);
  const contentKey = {
    folderCategory: route.folderCategory,
    category: route.categories[route.categories.length - 1] ?? null,
    filters: route.filters,
  };
  const bannerSlug = catalogueContentSlug(contentKey, 'banner');
  const descSlug = catalogueContentSlug(contentKey, 'desc');
  const optional = <T>(what: string, load: () => Promise<T | null>): Promise<T | null> =>
    load().catch((error: unknown) => {
      console.error(`[catalog] ${what} failed:`, error instanceof Error ? error.message : error);
      return null;
    });
  const serviceQuery = toServiceQuery(route, { limit: CATALOG_PAGE_SIZE });
  const current = chain[chain.length - 1] as CategoryNode;
  // Optional too: without smart meta the page keeps the category title (spec §7 smart-meta takes
  // the category, its filters and the UI page; price and warehouses are not filter topics there).
  const smartMeta = (): Promise<SmartMeta | null> =>
    getCategorySmartMeta(api, current.slug, { filters: serviceQuery.filters, page: route.page }).then((meta) =>
      meta.locale === locale ? meta : null,
    );
  const [list, banner, description, meta] = await Promise.all([
    getProducts(api, serviceQuery),
    rules.banner ? optional(bannerSlug, () => getJsonContentBlock(api, bannerSlug, catalogueBannerBlockSchema)) : null,
    rules.description ? optional(descSlug, () => getContentBlock(api, descSlug)) : null,
    optional('smart-meta', smartMeta),
  ]);
  const total = list.pagination.total;
  const pageCount = countPages(total, CATALOG_PAGE_SIZE);
  if (route.page > pageCount) return null;

  const folder = chain[0] as CategoryNode;
  const titleOf = (node: CategoryNode) => (locale === 'uk' ? node.titleUkr : node.title);
  const at = (changes: Partial<CatalogRoute>) => buildCatalogPath({ ...route, ...changes });
  const withFilters = (filters: FilterSelection[]) => at({ filters, page: 1 });

  const crumbs: Crumb[] = [{ title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) }];
  chain.forEach((node, index) => {
    crumbs.push({
      title: titleOf(node),
      href: buildCatalogPath({
        ...route,
        categories: route.categories.slice(0, index),
        filters: [],
        page: 1,
        sort: null,
      }),
    });
  });

  const children = current.childList
    .filter((child) => !child.additionalConfig.excludeFromMenu)
    .map((child) => ({
      title: titleOf(child),
      href: buildCatalogPath({
        ...route,
        categories: [...route.categories, child.slug],
        filters: [],
        page: 1,
        sort: null,
      }),
    }));

  // A value whose selection would leave the grammar (too many groups or values) gets no link.
  const facets: LinkedFacet[] = buildFacets(
    list.aggr.topicList,
    current.topicList,
    route.filters,
    translator(config.translationList, locale),
  ).map((facet) => ({
    ...facet,
    values: facet.values
      .filter((value) => catalogStateProblem({ ...route, filters: value.next, page: 1 }) === null)
      .map((value) => ({ ...value, href: withFilters(value.next) })),
  }));
  const sorts = SORT_CHOICES.map((choice) => ({
    key: choice.key,
    href: at({ sort: choice.sort ? { ...choice.sort } : null, page: 1 }),
    active:
      choice.sort === null
        ? route.sort === null
        : route.sort?.field === choice.sort.field && route.sort.desc === choice.sort.desc,
  }));
  const robots = robotsFor(route);
  const title = titleOf(current);
  const pageSuffix = route.page > 1 ? `, ${t('catalog.pageSuffix', { page: route.page })}` : '';

  const contentTags = [bannerSlug, descSlug].map((slug) => localeTag(contentBlockTag(slug), locale));
  cachePublicPage(astro, [
    CATALOG_TAG,
    CATEGORY_CONFIG_TAG,
    ...chain.map((node) => categoryTag(node.slug)),
    ...contentTags,
  ]);
  return {
    route,
    folder,
    current,
    crumbs,
    children,
    title,
    heading: meta?.h1 ?? title,
    documentTitle: meta?.title ?? `${title} — ${t('catalog.titleSuffix')}${pageSuffix}`,
    description: meta?.description || null,
    products: list.items,
    total,
    pageCount,
    facets,
    sorts,
    ...pageLinks(route.page, pageCount, (page) => at({ page })),
    resetHref: route.filters.length > 0 ? withFilters([]) : null,
    price: { ...priceRangeOf(route), action: at({ page: 1, q: null }), q: route.q },
    banner,
    descriptionHtml:
      description && description.formatName === 'text' ? sanitizeCmsHtml(description.contentFormatted) || null : null,
    robots,
    canonicalPath: robots === 'index,follow' ? at({}) : null,
  };
}
