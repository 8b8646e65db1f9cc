import type { HttpClient } from './http.ts';
import { categoryConfigSchema } from './schemas/categoryConfig.ts';
import type { CategoryConfig } from './schemas/categoryConfig.ts';
import { productListSchema } from './schemas/product.ts';
import type { ProductList } from './schemas/product.ts';
import type { ProductQuery } from './schemas/searchQuery.ts';

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
