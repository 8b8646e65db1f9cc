import type { z } from 'zod';
import { sortFieldSchema, type productQuerySchema } from '../../api/schemas/searchQuery.ts';
import { canonicalizeRoute, PRICE_TOPIC, WAREHOUSES_TOPIC } from './routePath.ts';
import { isSearchable } from '../../api/searchText.ts';
import type { CatalogFilter, CatalogState } from './routePath.ts';
import type { ListingState } from './listingRoute.ts';

/**
 * From a catalogue route to the search-service query (spec §3 "Catalogue query built from them").
 * Kept apart from the grammar so that link-building code does not pull zod into island bundles.
 */

/** What `GET /public/products` accepts before defaults (zod input of the shared schema). */
export type ServiceQueryInput = z.input<typeof productQuerySchema>;

type SortField = z.infer<typeof sortFieldSchema>;

/**
 * The catalogue part of a products query. `project`, `locale`, `hasImage` and `withPrice` are left
 * to the API client, which adds them to every call.
 */
export interface CatalogServiceQuery {
  /** Zero-based (spec §9: server page index is UI page minus 1). */
  page: number;
  limit: number;
  category: string;
  /** Without `price` and `warehouses`, which the service takes as their own parameters. */
  filters: CatalogFilter[];
  orderBy?: SortField;
  /** Sent only with `orderBy`: without an explicit order the service picks each field's natural one. */
  order?: 'asc' | 'desc';
  priceFrom?: number;
  priceTo?: number;
  warehouses?: number;
  title?: string;
}

/** Spec §9: default catalogue page size (the API client's default too; not imported, domain stays I/O-free). */
export const DEFAULT_PAGE_SIZE = 24;

const SORT_FIELDS: readonly string[] = sortFieldSchema.options;

const isSortField = (field: string): field is SortField => SORT_FIELDS.includes(field);

/** A whole number written in plain digits, within the safe range; null otherwise. */
function wholeNumber(text: string | undefined): number | null {
  if (text === undefined || !/^[0-9]{1,15}$/.test(text)) return null;
  return Number(text);
}

/** Spec §3: a price bound is used only if it is a non-zero integer. */
function priceBound(text: string | undefined): number | null {
  const value = wholeNumber(text);
  return value === null || value === 0 ? null : value;
}

/** The search-service query of a catalogue route: zero-based page, price split, known sort only. */
export function toServiceQuery(route: CatalogState, opts: { limit?: number } = {}): CatalogServiceQuery {
  const limit = opts.limit ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new RangeError(`toServiceQuery: limit ${limit}`);
  if (!Number.isInteger(route.page) || route.page < 1) throw new RangeError(`toServiceQuery: page ${route.page}`);

  // Canonical order, so one state always asks the same query (and hits the same cache entry).
  const state = canonicalizeRoute(route);
  const query: CatalogServiceQuery = {
    page: state.page - 1,
    limit,
    category: state.categories.at(-1) ?? state.folderCategory,
    filters: state.filters.filter((group) => group.topic !== PRICE_TOPIC && group.topic !== WAREHOUSES_TOPIC),
  };

  const price = state.filters.find((group) => group.topic === PRICE_TOPIC)?.values ?? [];
  const priceFrom = priceBound(price[0]);
  const priceTo = priceBound(price[1]);
  if (priceFrom !== null) query.priceFrom = priceFrom;
  if (priceTo !== null) query.priceTo = priceTo;

  // Spec §3: "warehouses (first one only)": the first the shopper chose (the group keeps its order
  // in the URL, routePath.ts); a non-numeric id selects nothing, so it is dropped.
  const warehouse = wholeNumber(state.filters.find((group) => group.topic === WAREHOUSES_TOPIC)?.values[0]);
  if (warehouse !== null) query.warehouses = warehouse;

  // An unknown sort field is ignored rather than sent: the service would reject the whole query.
  if (state.sort !== null && isSortField(state.sort.field)) {
    query.orderBy = state.sort.field;
    query.order = state.sort.desc ? 'desc' : 'asc';
  }

  if (state.q !== null && isSearchable(state.q)) query.title = state.q;
  return query satisfies ServiceQueryInput;
}

/** The search-service query of a listing without a category (search results, a brand's page). */
export function listingServiceQuery(
  state: ListingState,
  opts: { limit?: number } = {},
): Omit<CatalogServiceQuery, 'category'> {
  const { category: standIn, ...query } = toServiceQuery({ ...state, folderCategory: 'listing', categories: [] }, opts);
  void standIn;
  return query;
}
