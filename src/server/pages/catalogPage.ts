import { log } from '../../log/log.ts';
import { CATALOG_TAG, CATEGORY_CONFIG_TAG, categoryTag, contentBlockTag, localeTag } from '../../api/cacheTags.ts';
import { getCategoryReviews, getContentBlock, getJsonContentBlock, getRatings } from '../../api/content.ts';
import type { HttpClient } from '../../api/http.ts';
import type { CategoryConfig, CategoryNode } from '../../api/schemas/categoryConfig.ts';
import { catalogueBannerBlockSchema, catalogueContentSlug } from '../../api/schemas/content.ts';
import type { SmartMeta } from '../../api/schemas/searchMeta.ts';
import { getCategoryConfig, getCategorySmartMeta, getProducts, getProductsByIds } from '../../api/search.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { WireProduct } from '../../api/schemas/product.ts';
import { catalogContentRules } from '../../domain/catalog/catalogContent.ts';
import type { CatalogPageModel, TopReview } from '../../domain/catalog/catalogPageModel.ts';
import { buildFacets, translator, type FilterSelection } from '../../domain/catalog/facets.ts';
import { CATALOG_PAGE_SIZE } from '../../domain/catalog/listing.ts';
import { linkFacets, listingControls } from '../../domain/catalog/listingControls.ts';
import { listingTags } from '../../domain/catalog/listingTags.ts';
import { pageCount } from '../../domain/catalog/pagination.ts';
import { facetDisplayOf } from '../../domain/catalog/facetDisplay.ts';
import { deadFilter, filterVocabulary, unknownFilter } from '../../domain/catalog/filterExistence.ts';
import { priceFormState } from '../../domain/catalog/priceRange.ts';
import { cardRating, productCards, type ProductCardModel } from '../../domain/catalog/productCard.ts';
import { productTitle } from '../../domain/catalog/productTitle.ts';
import {
  buildCatalogPath,
  catalogStateProblem,
  parseCatalogPath,
  robotsFor,
  toServiceQuery,
  type CatalogRoute,
} from '../../domain/catalog/routeGrammar.ts';
import { certificateFormModel, CERTIFICATE_CATEGORY_SLUG } from '../../domain/certificate/certificatePurchaseForm.ts';
import { sanitizeCmsHtml } from '../../domain/content/sanitize.ts';
import { safeImage, safeLink } from '../../domain/content/slides.ts';
import type { Crumb } from '../../domain/seo/jsonLd.ts';
import { titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { CRITICAL_READ, readCritical } from '../request/criticalRead.ts';
import { notFound, page, redirect, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

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

/** Optional data: a failure is logged and leaves the page without that part. */
function optional<T>(what: string, load: () => Promise<T | null>): Promise<T | null> {
  return load().catch((error: unknown) => {
    log.error(`[catalog] ${what} failed:`, error instanceof Error ? error.message : error);
    return null;
  });
}

/** Reviews are optional here: they must not hold the catalogue up. */
const REVIEWS_TIMEOUT_MS = 1000;

/** The cards with their stars (spec §7 ratings for a list of product ids); without ratings, the cards as they are. */
async function withStars(api: HttpClient, cards: ProductCardModel[]): Promise<ProductCardModel[]> {
  if (cards.length === 0) return cards;
  const ratings = await optional('ratings', () =>
    getRatings(
      api,
      cards.map((card) => card.id),
      { timeoutMs: REVIEWS_TIMEOUT_MS },
    ),
  );
  if (!ratings) return cards;
  const byId = new Map(ratings.map((rating) => [rating.productId, cardRating(rating)]));
  return cards.map((card) => ({ ...card, rating: byId.get(card.id) ?? null }));
}

/** Spec §9: the category's top reviews (minRating 4, page 0, limit 3) with their products' titles and links. */
async function topReviews(api: HttpClient, category: string, locale: Locale): Promise<TopReview[]> {
  const list = await getCategoryReviews(api, { category }, { timeoutMs: REVIEWS_TIMEOUT_MS });
  if (list.items.length === 0) return [];
  // Only products the shop shows (a product without a price is a 404): a review of another one
  // still shows, without a link (issue 28: a dead link on 65 pages).
  const products = await getProductsByIds(
    api,
    list.items.map((review) => review.productId),
    { withPrice: true },
    { timeoutMs: REVIEWS_TIMEOUT_MS },
  ).catch((): WireProduct[] => []);
  const byId = new Map(products.map((product) => [product.id, product]));
  return list.items.map((review) => {
    const product = byId.get(review.productId);
    return {
      id: review.id,
      author: review.displayName,
      rating: review.rating,
      text: review.comment,
      product: product
        ? {
            title: productTitle(titleIn(locale, product)),
            href: routeUrl(routeName('product-page', locale), { slug: product.slug }),
          }
        : null,
    };
  });
}

/**
 * `/{folder}/{category…}/{filters}/page-N/sort-…`: the page, a 301 to the canonical spelling of the
 * same state (filter order, trailing slash, `page-1`), a 303 from the price form, or not found (an
 * unknown category chain, filter topic or value, a value no product of the category has, a page past
 * the last, no category config: spec §2). The
 * category config and the product list are critical: their failure is the 503 page (never cached,
 * never a 404), because an empty catalogue would be cached and indexed as if it were true.
 */
export async function loadCatalogPage(request: PageRequest): Promise<PageOutcome<CatalogPageModel>> {
  const { url } = request;
  const route = parseCatalogPath(url.pathname, url.searchParams);
  if (!route) return notFound();
  // The price form (no JavaScript needed): its GET answers 303 to the path state with the range.
  const priced = priceFormState(url.searchParams, route);
  if (priced) return catalogStateProblem(priced) === null ? redirect(buildCatalogPath(priced), 303) : notFound();
  const canonical = buildCatalogPath({ ...route, q: null });
  if (canonical !== url.pathname) return redirect(`${canonical}${url.search}`);
  return loadCatalogState(request, route);
}

async function loadCatalogState(request: PageRequest, route: CatalogRoute): Promise<PageOutcome<CatalogPageModel>> {
  const { locale, t, api } = request;
  // Spec §2 shows the not-found page when the catalogue meta cannot be fetched; an outage is a 503
  // here instead (DESIGN §7, docs/decisions.md "Service outages"): a category does not stop existing.
  const configRead = await readCritical('[catalog] category-config', getCategoryConfig(api, CRITICAL_READ));
  if (configRead.kind !== 'found') return unavailable();
  const config = configRead.value;
  const chain = resolveCategories(config, route);
  if (!chain) return notFound();
  // Before any other call: a topic or value the shop does not have is the 404 page (issue 25).
  if (unknownFilter(route.filters, filterVocabulary(config.topicList, chain[0] ?? null)) !== null) return notFound();

  const rules = catalogContentRules(route);
  const contentKey = {
    folderCategory: route.folderCategory,
    category: route.categories[route.categories.length - 1] ?? null,
    filters: route.filters,
  };
  const bannerSlug = catalogueContentSlug(contentKey, 'banner');
  const descSlug = catalogueContentSlug(contentKey, 'desc');
  const serviceQuery = toServiceQuery(route, { limit: CATALOG_PAGE_SIZE });
  const current = chain.at(-1);
  if (!current) return notFound();
  // Optional: without smart meta the page keeps the category title (spec §7 smart-meta takes the
  // category, its filters and the UI page; price and warehouses are not filter topics there).
  const smartMeta = (): Promise<SmartMeta | null> =>
    getCategorySmartMeta(api, current.slug, { filters: serviceQuery.filters, page: route.page }).then((meta) =>
      meta.locale === locale ? meta : null,
    );
  const [listRead, banner, description, meta, best] = await Promise.all([
    readCritical('[catalog] products', getProducts(api, serviceQuery, CRITICAL_READ)),
    rules.banner && bannerSlug !== null
      ? optional(bannerSlug, () => getJsonContentBlock(api, bannerSlug, catalogueBannerBlockSchema))
      : null,
    rules.description && descSlug !== null ? optional(descSlug, () => getContentBlock(api, descSlug)) : null,
    optional('smart-meta', smartMeta),
    // Optional: the category's best reviews, on its first page only.
    route.page === 1 ? optional('top reviews', () => topReviews(api, current.slug, locale)) : null,
  ]);
  if (listRead.kind !== 'found') return unavailable();
  const list = listRead.value;
  // A value no product of the category has with the address's other choices: the 404 page too.
  if (deadFilter(route, list.aggr.topicList) !== null) return notFound();
  const total = list.pagination.total;
  const pages = pageCount(total, CATALOG_PAGE_SIZE);
  if (route.page > pages) return notFound();

  const at = (changes: Partial<CatalogRoute>) => buildCatalogPath({ ...route, ...changes });
  const withFilters = (filters: FilterSelection[]) => at({ filters, page: 1 });
  const categoryAt = (categories: string[]) => at({ categories, filters: [], page: 1, sort: null });
  const title = titleIn(locale, current);

  const trailLinks: Crumb[] = [{ title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) }];
  chain.slice(0, -1).forEach((node, index) => {
    trailLinks.push({ title: titleIn(locale, node), href: categoryAt(route.categories.slice(0, index)) });
  });

  const facets = linkFacets(
    buildFacets(list.aggr.topicList, current.topicList, route.filters, translator(config.translationList, locale)),
    (filters) => (catalogStateProblem({ ...route, filters, page: 1 }) === null ? withFilters(filters) : null),
  );
  const robots = robotsFor(route);
  const pageSuffix = route.page > 1 ? `, ${t('catalog.pageSuffix', { page: route.page })}` : '';
  const bannerImage = banner ? safeImage(banner.img) : null;

  return page(
    {
      trail: { crumbs: trailLinks, current: title },
      children: current.childList
        .filter((child) => !child.additionalConfig.excludeFromMenu)
        .map((child) => ({ title: titleIn(locale, child), href: categoryAt([...route.categories, child.slug]) })),
      heading: meta?.h1 ?? title,
      documentTitle: meta?.title ?? `${title} — ${t('catalog.titleSuffix')}${pageSuffix}`,
      description: meta?.description || null,
      products: await withStars(api, productCards(list.items, locale)),
      total,
      facets,
      facetDisplay: facetDisplayOf(current),
      ...listingControls(route, facets, pages, at),
      banner:
        banner && bannerImage
          ? { img: bannerImage, alt: banner.alt || banner.title, href: safeLink(banner.link) }
          : null,
      descriptionHtml:
        description && description.formatName === 'text' ? sanitizeCmsHtml(description.contentFormatted) || null : null,
      robots,
      canonicalPath: robots === 'index,follow' ? at({}) : null,
      certificatePurchase: route.folderCategory === CERTIFICATE_CATEGORY_SLUG ? certificateFormModel(locale) : null,
      topReviews: best ?? [],
    },
    {
      tags: [
        CATALOG_TAG,
        CATEGORY_CONFIG_TAG,
        ...chain.map((node) => categoryTag(node.slug)),
        ...[bannerSlug, descSlug].flatMap((slug) => (slug === null ? [] : [localeTag(contentBlockTag(slug), locale)])),
        // The service lists a category's own products (a sub-category's, or a folder's), so the
        // scope of what moves into or within this listing is the last category of the chain.
        ...listingTags(
          categoryTag(current.slug),
          route,
          list.items.map((product) => product.id),
        ),
      ],
    },
  );
}
