import type { Aggregations, ProductList } from '../../api/schemas/product.ts';
import type { ProductListQuery } from '../../api/schemas/searchParams.ts';
import type { CatalogueLookup } from './catalogueLookup.ts';
import type { LoadOptions } from './productLoader.ts';
import type { QueryOptions, QueryResult } from './productQuery.ts';
import type { SearchIndex } from './searchIndex.ts';
import type { WireProduct } from '../../api/schemas/product.ts';

/** `aggr` of a product list: facet counts by topic in topic order, values in their order, and the price span. */
export function aggregations(lookup: CatalogueLookup, result: QueryResult): Aggregations {
  const byTopic = new Map<number, { slug: string; ordering: number; count: number; active: boolean }[]>();
  const add = (valueId: number, count: number): void => {
    const value = lookup.valueById.get(valueId);
    if (!value) return;
    const list = byTopic.get(value.topicId) ?? [];
    list.push({ slug: value.slug, ordering: value.ordering, count, active: result.active.has(valueId) });
    byTopic.set(value.topicId, list);
  };
  for (const [valueId, count] of result.facets) add(valueId, count);
  // A selected value keeps its place (count 0) even when nothing matches it any more.
  for (const valueId of result.active) if (!result.facets.has(valueId)) add(valueId, 0);
  return {
    topicList: lookup.topics.flatMap((topic) => {
      const entries = byTopic.get(topic.id);
      if (!entries) return [];
      entries.sort((a, b) => a.ordering - b.ordering);
      return [
        {
          slug: topic.slug,
          ordering: topic.ordering,
          filterList: entries.map(({ slug, count, active }) => ({ slug, count, active })),
        },
      ];
    }),
    price: result.price,
  };
}

export interface ListingDeps {
  runQuery: (lookup: CatalogueLookup, index: SearchIndex, opts: QueryOptions) => QueryResult;
  loadProducts: (lookup: CatalogueLookup, ids: number[], opts: LoadOptions) => WireProduct[];
}

export interface ListingScope {
  /** Flags every listed product must have (e.g. FLAG_OUTLET). */
  requireFlags?: number;
  /** Positions allowed (a catalogue's products). */
  restrict?: Uint8Array | null;
}

/**
 * One page of a product listing (`/public/products`, outlet, catalogues): the catalogue query,
 * optionally narrowed to a scope, and with `ids` narrowed to those products in the asked order.
 * `rawLimitGiven` says whether the caller sent `limit` (with `ids` it otherwise covers all of them).
 */
export function listProducts(
  deps: ListingDeps,
  lookup: CatalogueLookup,
  index: SearchIndex,
  query: ProductListQuery,
  sent: { order: boolean; limit: boolean },
  scope: ListingScope = {},
): ProductList {
  let candidates: number[] | null = null;
  let effective = query;
  if (query.ids !== undefined) {
    const seen = new Set<number>();
    candidates = [];
    for (const id of query.ids) {
      const p = index.positionOf.get(id);
      if (p === undefined || seen.has(p)) continue;
      seen.add(p);
      candidates.push(p);
    }
    if (!sent.limit) effective = { ...query, limit: Math.max(1, new Set(query.ids).size) };
  }
  const result = deps.runQuery(lookup, index, {
    query: effective,
    explicitOrder: sent.order,
    requireFlags: scope.requireFlags ?? 0,
    restrict: scope.restrict ?? null,
    candidates,
  });
  return {
    items: deps.loadProducts(lookup, result.ids, { withPrice: query.withPrice === true }),
    aggr: aggregations(lookup, result),
    pagination: { total: result.total, page: effective.page, limit: effective.limit },
    ...(result.search
      ? {
          search: {
            match: result.search.match,
            unmatched: result.search.unmatched,
            suggestion: result.search.suggestion,
          },
        }
      : {}),
  };
}
