import { encodePath } from './http.ts';
import { sitemapProductsSchema, type SitemapProducts } from './schemas/sitemap.ts';
import type { HttpClient } from './http.ts';
import type { QueryValue } from './queryString.ts';
import { brandAggregationsSchema, brandDetailSchema } from './schemas/brandDetail.ts';
import type { BrandAggregations, BrandDetail } from './schemas/brandDetail.ts';
import { categoryConfigSchema } from './schemas/categoryConfig.ts';
import type { CategoryConfig } from './schemas/categoryConfig.ts';
import { categoryDetailSchema, categorySearchResultSchema } from './schemas/categorySearch.ts';
import type { CategoryDetail, CategorySearchItem, CategorySearchResult } from './schemas/categorySearch.ts';
import { productListSchema } from './schemas/product.ts';
import type { ProductList, WireProduct } from './schemas/product.ts';
import { accessoryListSchema, combinedProductSchema, productDetailSchema } from './schemas/productDetail.ts';
import type { CombinedProduct, ProductDetail } from './schemas/productDetail.ts';
import { catalogMetaSchema, smartMetaSchema } from './schemas/searchMeta.ts';
import { VARIANT_PRODUCTS_PATH, variantProductsSchema } from './schemas/variantProducts.ts';
import type { CatalogMeta, SmartMeta } from './schemas/searchMeta.ts';
import { MAX_IDS_PER_REQUEST } from './schemas/searchParams.ts';
import type { ProductQuery } from './schemas/searchQuery.ts';
import { isSearchable } from './searchText.ts';

/** Typed calls of the search service (storefront spec §7, "Search service (all GET)"). */

/** Spec §9: default catalogue page size. */
export const DEFAULT_PAGE_SIZE = 24;

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Catalogue query as the caller builds it (zero-based `page`). `project` and `locale` are not
 * part of it: the client adds them. Fields may be left out or explicitly undefined.
 */
export type ProductsRequest = {
  [K in Exclude<keyof ProductQuery, 'project' | 'locale'>]?: ProductQuery[K] | undefined;
};

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}

/** `GET /public/category-config`: the category tree, filter topics, translations and search groups. */
export function getCategoryConfig(client: HttpClient, opts: CallOptions = {}): Promise<CategoryConfig> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: '/public/category-config',
    project: true,
    locale: true,
    schema: categoryConfigSchema,
    ...callOptions(opts),
  });
}

/**
 * `GET /public/products`: one catalogue page (items, aggr, pagination). Spec §9 defaults:
 * page size 24, hasImage=1, withPrice=1; the caller's fields override them.
 */
export function getProducts(client: HttpClient, query: ProductsRequest, opts: CallOptions = {}): Promise<ProductList> {
  const defined = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  return client.request({
    service: 'search',
    method: 'GET',
    path: '/public/products',
    query: { page: 0, limit: DEFAULT_PAGE_SIZE, hasImage: true, withPrice: true, ...defined },
    project: true,
    locale: true,
    schema: productListSchema,
    ...callOptions(opts),
  });
}

// ---------------------------------------------------------------------------------------------
// The other search calls of spec §7: outlet and catalogue listings, page meta, one product with
// its group and accessories, categories, brands, products by ids and the quick search.

/** Spec §2: the baby-bundle catalogue's slug. */
export const BABY_BUNDLE_SLUG = 'pakunok-malyuka';

/** Spec §7, §9: product-id fetch batch. */
export const PRODUCT_IDS_BATCH = MAX_IDS_PER_REQUEST;

/** Spec §7 "Product title lookup": title, hasImage=1, limit 10, page 0, withPrice=1. */
export const QUICK_SEARCH_PRODUCTS = 10;
export const QUICK_SEARCH_CATEGORIES = 5;

/** A product, category or brand as a path segment: its id or its slug. */
export type IdOrSlugValue = number | string;

function definedEntries(query: Record<string, QueryValue>): Record<string, QueryValue> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/** A listing with the `/public/products` query and answer under another path (outlet, catalogues). */
function listingCall(
  client: HttpClient,
  path: string,
  query: ProductsRequest,
  opts: CallOptions,
): Promise<ProductList> {
  return client.request({
    service: 'search',
    method: 'GET',
    path,
    query: { page: 0, limit: DEFAULT_PAGE_SIZE, hasImage: true, withPrice: true, ...definedEntries(query) },
    project: true,
    locale: true,
    schema: productListSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/products/sale-outlet`: discounted and promotional goods, with the `getProducts` query and defaults. */
export function getOutletProducts(
  client: HttpClient,
  query: ProductsRequest,
  opts: CallOptions = {},
): Promise<ProductList> {
  return listingCall(client, '/public/products/sale-outlet', query, opts);
}

/** `GET /public/products/catalog/{slug}`: a custom catalogue's (or the baby bundle's) products; 404 for an unknown slug. */
export function getCatalogProducts(
  client: HttpClient,
  slug: string,
  query: ProductsRequest,
  opts: CallOptions = {},
): Promise<ProductList> {
  return listingCall(client, encodePath`/public/products/catalog/${slug}`, query, opts);
}

/** `GET /public/products/catalog/pakunok-malyuka`: the baby-bundle catalogue. */
export function getBabyBundleProducts(
  client: HttpClient,
  query: ProductsRequest,
  opts: CallOptions = {},
): Promise<ProductList> {
  return getCatalogProducts(client, BABY_BUNDLE_SLUG, query, opts);
}

/**
 * `GET /public/catalog/{slug}/meta` (project header, locale): h1, title and description of outlet,
 * the baby bundle or a custom catalogue. `page` is the page number shown (1-based). A 404 rejects
 * with an ApiError of status 404 (spec §8: the storefront then shows the not-found page).
 */
export function getCatalogMeta(
  client: HttpClient,
  slug: string,
  params: { page?: number | undefined } = {},
  opts: CallOptions = {},
): Promise<CatalogMeta> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: encodePath`/public/catalog/${slug}/meta`,
    query: definedEntries({ page: params.page }),
    // Spec §7 names the header on this call: it never opts out.
    projectHeader: true,
    locale: true,
    schema: catalogMetaSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/category/{id}/smart-meta`: meta of a category page for its active filters and page (1-based). */
export function getCategorySmartMeta(
  client: HttpClient,
  category: IdOrSlugValue,
  params: { filters?: ProductQuery['filters'] | undefined; page?: number | undefined } = {},
  opts: CallOptions = {},
): Promise<SmartMeta> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: encodePath`/public/category/${category}/smart-meta`,
    query: definedEntries({ filters: params.filters, page: params.page }),
    project: true,
    locale: true,
    schema: smartMetaSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/products/{id}`: one product (id or slug); `withSmartMeta` adds the page meta in the client's locale. */
export function getProduct(
  client: HttpClient,
  product: IdOrSlugValue,
  params: { withSmartMeta?: boolean | undefined; withPrice?: boolean | undefined } = {},
  opts: CallOptions = {},
): Promise<ProductDetail> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: encodePath`/public/products/${product}`,
    query: definedEntries({ withSmartMeta: params.withSmartMeta, withPrice: params.withPrice }),
    project: true,
    locale: true,
    schema: productDetailSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/products/{id}/combined`: the product with the other products of its model line. */
export function getCombinedProduct(
  client: HttpClient,
  product: IdOrSlugValue,
  params: { withPrice?: boolean | undefined; hasImage?: boolean | undefined } = {},
  opts: CallOptions = {},
): Promise<CombinedProduct> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: encodePath`/public/products/${product}/combined`,
    query: definedEntries({ withPrice: params.withPrice, hasImage: params.hasImage }),
    project: true,
    locale: true,
    schema: combinedProductSchema,
    ...callOptions(opts),
  });
}

/**
 * `GET /public/products/{id}/accessory?withPrice=1&hasImage=1`: accessories of a product. Spec §5:
 * only accessories with some variant in stock (totalAmount above zero) are kept.
 */
export async function getProductAccessories(
  client: HttpClient,
  product: IdOrSlugValue,
  params: { limit?: number | undefined } = {},
  opts: CallOptions = {},
): Promise<WireProduct[]> {
  const list = await client.request({
    service: 'search',
    method: 'GET',
    path: encodePath`/public/products/${product}/accessory`,
    query: definedEntries({ withPrice: true, hasImage: true, limit: params.limit }),
    project: true,
    locale: true,
    schema: accessoryListSchema,
    ...callOptions(opts),
  });
  return list.items.filter((item) => item.nomenclature.some((variant) => variant.totalAmount > 0));
}

/** `GET /public/category/{id}`: one category node (id or slug) with its parent and product count. */
export function getCategory(
  client: HttpClient,
  category: IdOrSlugValue,
  opts: CallOptions = {},
): Promise<CategoryDetail> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: encodePath`/public/category/${category}`,
    project: true,
    locale: true,
    schema: categoryDetailSchema,
    ...callOptions(opts),
  });
}

export interface CategorySearchRequest {
  /** Matches category titles (every word as a prefix, ru and uk). */
  title?: string | undefined;
  /** Finds the categories of products whose titles match, with counts. */
  titleAgg?: string | undefined;
  /** Ours (issue 30): the quick search's bounded walk of `titleAgg`'s matches. */
  quick?: boolean | undefined;
  hasImage?: boolean | undefined;
  withPrice?: boolean | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

/** `GET /public/category?title=&titleAgg=&page=&limit=&project=&locale=`: categories by title. */
export function findCategories(
  client: HttpClient,
  query: CategorySearchRequest,
  opts: CallOptions = {},
): Promise<CategorySearchResult> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: '/public/category',
    query: definedEntries({ ...query }),
    project: true,
    locale: true,
    schema: categorySearchResultSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/brand/{id}?project&locale`: the brand (id or slug) with its description. */
export function getBrand(client: HttpClient, brand: IdOrSlugValue, opts: CallOptions = {}): Promise<BrandDetail> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: encodePath`/public/brand/${brand}`,
    project: true,
    locale: true,
    schema: brandDetailSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/brand/{id}/agg`: facets of the brand's goods under a catalogue query (defaults hasImage=1, withPrice=1). */
export function getBrandAggregations(
  client: HttpClient,
  brand: IdOrSlugValue,
  query: ProductsRequest = {},
  opts: CallOptions = {},
): Promise<BrandAggregations> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: encodePath`/public/brand/${brand}/agg`,
    query: { hasImage: true, withPrice: true, ...definedEntries(query) },
    project: true,
    locale: true,
    schema: brandAggregationsSchema,
    ...callOptions(opts),
  });
}

/** `ids` in batches of PRODUCT_IDS_BATCH, the most one call may ask for. */
function idBatches(ids: readonly number[]): number[][] {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += PRODUCT_IDS_BATCH) batches.push(ids.slice(i, i + PRODUCT_IDS_BATCH));
  return batches;
}

/**
 * Products by ids (`GET /public/products?ids[0]=..`): batches of 50 sent in parallel, items merged
 * in the order asked (duplicates once; ids the service does not list are left out). `withPrice`
 * and `hasImage` are sent only when given.
 */
export async function getProductsByIds(
  client: HttpClient,
  ids: readonly number[],
  params: { withPrice?: boolean | undefined; hasImage?: boolean | undefined } = {},
  opts: CallOptions = {},
): Promise<WireProduct[]> {
  const unique = [...new Set(ids)];
  const answers = await Promise.all(
    idBatches(unique).map((batch) =>
      client.request({
        service: 'search',
        method: 'GET',
        path: '/public/products',
        query: definedEntries({
          ids: batch,
          page: 0,
          limit: batch.length,
          withPrice: params.withPrice,
          hasImage: params.hasImage,
        }),
        project: true,
        locale: true,
        schema: productListSchema,
        ...callOptions(opts),
      }),
    ),
  );
  const byId = new Map(answers.flatMap((answer) => answer.items.map((item) => [item.id, item] as const)));
  return unique.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}

/**
 * `GET /public/nomenclature?ids[..]` (ours, schemas/variantProducts.ts): the product of each variant
 * id, batches of 50 in parallel; ids the catalogue does not hold are left out. Rejects when the
 * search service fails.
 */
export async function getVariantProducts(
  client: HttpClient,
  variantIds: readonly number[],
  opts: CallOptions = {},
): Promise<Map<number, number>> {
  const answers = await Promise.all(
    idBatches([...new Set(variantIds)]).map((ids) =>
      client.request({
        service: 'search',
        method: 'GET',
        path: VARIANT_PRODUCTS_PATH,
        query: { ids },
        project: true,
        schema: variantProductsSchema,
        ...callOptions(opts),
      }),
    ),
  );
  return new Map(answers.flatMap((answer) => answer.items.map((item) => [item.internalId, item.productId] as const)));
}

/**
 * Which of `productIds` the baby-bundle catalogue holds (spec §4: payment type 7, the «Пакунок
 * малюка» card, pays only for its goods): the catalogue's listing narrowed to the ids, batches of
 * 50 in parallel, with no picture or price filter. Rejects when the search service fails.
 */
export async function babyBundleIdsAmong(
  client: HttpClient,
  productIds: readonly number[],
  opts: CallOptions = {},
): Promise<Set<number>> {
  const unique = [...new Set(productIds)];
  const batches: number[][] = [];
  for (let i = 0; i < unique.length; i += PRODUCT_IDS_BATCH) batches.push(unique.slice(i, i + PRODUCT_IDS_BATCH));
  const answers = await Promise.all(
    batches.map((ids) =>
      client.request({
        service: 'search',
        method: 'GET',
        path: encodePath`/public/products/catalog/${BABY_BUNDLE_SLUG}`,
        query: { ids, page: 0, limit: ids.length },
        project: true,
        locale: true,
        schema: productListSchema,
        ...callOptions(opts),
      }),
    ),
  );
  return new Set(answers.flatMap((answer) => answer.items.map((item) => item.id)));
}

export interface QuickSearchResult {
  products: WireProduct[];
  categories: CategorySearchItem[];
}

/**
 * The quick-search island's lookup: products by title (spec §7: hasImage=1, limit 10, page 0,
 * withPrice=1) and the categories of matching products, in parallel, both with our `quick=1`
 * (a bounded walk of the matches, issue 30). Under 2 characters (spec §5)
 * nothing is sent and the answer is empty.
 */
export async function quickSearch(
  client: HttpClient,
  text: string,
  opts: CallOptions = {},
): Promise<QuickSearchResult> {
  const title = text.trim();
  if (!isSearchable(title)) return { products: [], categories: [] };
  const [products, categories] = await Promise.all([
    getProducts(
      client,
      { title, quick: true, hasImage: true, withPrice: true, limit: QUICK_SEARCH_PRODUCTS, page: 0 },
      opts,
    ),
    findCategories(
      client,
      { titleAgg: title, quick: true, hasImage: true, withPrice: true, limit: QUICK_SEARCH_CATEGORIES, page: 0 },
      opts,
    ),
  ]);
  return { products: products.items, categories: categories.items };
}

/**
 * `GET /public/sitemap/products` (issue 30): `limit` products of the sitemap order from `offset`,
 * each with its `lastmod`, and how many the sitemaps list in all (`limit` 0: only the count).
 */
export function getSitemapProducts(
  client: HttpClient,
  part: { offset: number; limit: number } | { after: number; limit: number },
  opts: CallOptions = {},
): Promise<SitemapProducts> {
  return client.request({
    service: 'search',
    method: 'GET',
    path: '/public/sitemap/products',
    query: part,
    project: true,
    locale: true,
    schema: sitemapProductsSchema,
    ...callOptions(opts),
  });
}
