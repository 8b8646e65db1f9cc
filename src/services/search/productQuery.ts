import type { DatabaseSync } from 'node:sqlite';
import type { ProductQuery } from '../../api/schemas/searchQuery.ts';
import { ServiceError } from '../http/serviceApp.ts';
import type { CatalogueLookup } from './catalogueLookup.ts';
import { valueKey } from './catalogueLookup.ts';
import { FLAG_ARCHIVAL, FLAG_HAS_IMAGE, FLAG_HAS_PRICE } from './searchIndex.ts';
import { QUICK_MATCH_CAP, textMatcherOf, type TextSearch } from './textMatch.ts';
import type { OrderKey, SearchIndex } from './searchIndex.ts';

/**
 * Evaluates a catalogue query: one page of product ids, the total, the price span and
 * disjunctive facet counts, in one pass over the in-memory index.
 *
 * Disjunctive counting: every candidate (all conditions except the selected filter topics) gets
 * the set of selected topics it fails. With none failed it matches, and counts for the values of
 * every topic; with exactly one failed (T) it counts for T's values only; with two or more it
 * counts nowhere. That is "counts for a topic ignore that topic's own selection but apply all
 * others". The price range is the one non-topic condition that facets apply while `aggr.price`
 * ignores it, so the slider shows the span the shopper can choose from.
 */

export type SortField = NonNullable<ProductQuery['orderBy']>;

export interface QueryResult {
  ids: number[];
  total: number;
  /** filter_value id → count (only non-zero counts). */
  facets: Map<number, number>;
  price: { min: number; max: number };
  /** Filter value ids the caller asked for, for `active` flags. */
  active: Set<number>;
  /** How the `title` words matched (issue 29), when the query had a title. */
  search?: TextSearch;
}

export interface QueryOptions {
  query: ProductQuery;
  /** Whether the caller sent `order` (the schema defaults it to asc). */
  explicitOrder: boolean;
  /** Flags every product must have besides those `query` asks for (e.g. FLAG_OUTLET). */
  requireFlags?: number;
  /** Only positions marked 1 may match (a catalogue's products). */
  restrict?: Uint8Array | null;
  /**
   * Only these positions are considered (products asked for by id), and, unless `orderBy` is
   * given, answered in this order.
   */
  candidates?: readonly number[] | null;
}

/** Without an explicit `order`, each field sorts the way shoppers expect. */
const DEFAULT_DIRECTION: Record<SortField, 'asc' | 'desc'> = {
  popularity: 'desc',
  price: 'asc',
  new: 'desc',
  discount: 'desc',
  title: 'asc',
};

const CATEGORY_TOPIC = 'category';

interface Selection {
  /** filter id → 1-based slot of its topic among the selected topics; 0 = not selected. */
  slotOf: Uint8Array;
  /** slot - 1 → topic id. */
  topicOfSlot: number[];
  active: Set<number>;
}

/** Resolves `filters` to selected filter ids by topic; a folder category stands for its sub-categories too. */
function resolveSelection(lookup: CatalogueLookup, index: SearchIndex, filters: ProductQuery['filters']): Selection {
  const slotOf = new Uint8Array(Math.max(index.maxFilterId, ...lookup.values.map((v) => v.id)) + 1);
  const topicOfSlot: number[] = [];
  const active = new Set<number>();
  for (const { topic, values } of filters) {
    const info = lookup.topicBySlug.get(topic);
    if (!info) throw new ServiceError(400, `Invalid query: filters: unknown topic "${topic}"`);
    let slot = topicOfSlot.indexOf(info.id) + 1;
    if (slot === 0) {
      topicOfSlot.push(info.id);
      slot = topicOfSlot.length;
    }
    for (const slug of values) {
      const value = lookup.valueByKey.get(valueKey(topic, slug));
      // An unknown value matches nothing; its topic still counts as selected.
      if (!value) continue;
      slotOf[value.id] = slot;
      active.add(value.id);
      if (topic === CATEGORY_TOPIC) {
        const category = lookup.categoryBySlug.get(slug);
        for (const child of category ? (lookup.childrenOf.get(category.id) ?? []) : []) slotOf[child.filterId] = slot;
      }
    }
  }
  return { slotOf, topicOfSlot, active };
}

export function createProductQueryRunner(
  db: DatabaseSync,
  quickMatchCap = QUICK_MATCH_CAP,
): (lookup: CatalogueLookup, index: SearchIndex, opts: QueryOptions) => QueryResult {
  const text = textMatcherOf(db);

  return (lookup, index, { query, explicitOrder, requireFlags = 0, restrict = null, candidates = null }) => {
    const selection = resolveSelection(lookup, index, query.filters);
    const empty: QueryResult = {
      ids: [],
      total: 0,
      facets: new Map(),
      price: { min: 0, max: 0 },
      active: selection.active,
    };

    let folderId = -1;
    let categoryId = -1;
    for (const slug of [query.folderCategory, query.category]) {
      if (slug === undefined) continue;
      const category = lookup.categoryBySlug.get(slug);
      if (!category) return empty;
      if (category.parentId === null) {
        if (folderId !== -1 && folderId !== category.id) return empty;
        folderId = category.id;
      } else {
        if (categoryId !== -1 && categoryId !== category.id) return empty;
        categoryId = category.id;
      }
    }

    let warehouseMask: Uint8Array | null = null;
    if (query.warehouses !== undefined) {
      const mask = index.warehouses.get(query.warehouses);
      if (!mask) return empty;
      warehouseMask = mask;
    }

    const requiredFlags =
      requireFlags | (query.hasImage === true ? FLAG_HAS_IMAGE : 0) | (query.withPrice === true ? FLAG_HAS_PRICE : 0);
    let textMask: Uint8Array | null = null;
    let search: TextSearch | undefined;
    if (query.title !== undefined) {
      // The words are matched among the products this listing may show (flags, catalogue, category).
      const allows = (id: number): boolean => {
        const p = index.positionOf.get(id);
        if (p === undefined) return false;
        const f = index.flags[p] ?? 0;
        if ((f & FLAG_ARCHIVAL) !== 0 || (f & requiredFlags) !== requiredFlags) return false;
        if (restrict !== null && restrict[p] !== 1) return false;
        if (folderId !== -1 && index.folder[p] !== folderId) return false;
        return categoryId === -1 || index.category[p] === categoryId;
      };
      search = text.search(query.title, allows, query.locale, query.quick === true ? { cap: quickMatchCap } : {});
      if (search.ids.length === 0) return { ...empty, search };
      textMask = new Uint8Array(index.size);
      for (const id of search.ids) {
        const p = index.positionOf.get(id);
        if (p !== undefined) textMask[p] = 1;
      }
    }

    const priceFrom = query.priceFrom ?? Number.NEGATIVE_INFINITY;
    const priceTo = query.priceTo ?? Number.POSITIVE_INFINITY;
    const hasPriceRange = query.priceFrom !== undefined || query.priceTo !== undefined;
    const { slotOf, topicOfSlot } = selection;
    const allSlots = (1 << topicOfSlot.length) - 1;
    const { flags, folder, category, minPrice, filterStart, filterId, filterTopic } = index;

    const counts = new Int32Array(slotOf.length);
    const matched = new Uint8Array(index.size);
    let total = 0;
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;

    // The quick search visits only the matches it walked (at most the cap a word), not every product.
    let visited = candidates;
    if (visited === null && query.quick === true && textMask !== null && search) {
      const positions: number[] = [];
      for (const id of search.ids) {
        const p = index.positionOf.get(id);
        if (p !== undefined) positions.push(p);
      }
      visited = positions;
    }
    const visits = visited === null ? index.size : visited.length;
    for (let i = 0; i < visits; i++) {
      const p = visited === null ? i : (visited[i] ?? 0);
      const f = flags[p] ?? 0;
      if ((f & FLAG_ARCHIVAL) !== 0 || (f & requiredFlags) !== requiredFlags) continue;
      if (restrict !== null && restrict[p] !== 1) continue;
      if (folderId !== -1 && folder[p] !== folderId) continue;
      if (categoryId !== -1 && category[p] !== categoryId) continue;
      if (warehouseMask !== null && warehouseMask[p] !== 1) continue;
      if (textMask !== null && textMask[p] !== 1) continue;

      const start = filterStart[p] ?? 0;
      const end = filterStart[p + 1] ?? 0;
      let satisfied = 0;
      if (allSlots !== 0) {
        for (let j = start; j < end; j++) {
          const slot = slotOf[filterId[j] ?? 0] ?? 0;
          if (slot !== 0) satisfied |= 1 << (slot - 1);
        }
      }
      const failed = allSlots & ~satisfied;
      // Two or more failed topics: this product counts nowhere.
      if ((failed & (failed - 1)) !== 0) continue;

      const price = minPrice[p] ?? Number.NaN;
      const priceOk = !hasPriceRange || (price >= priceFrom && price <= priceTo);
      if (failed === 0) {
        if (!Number.isNaN(price)) {
          if (price < low) low = price;
          if (price > high) high = price;
        }
        if (!priceOk) continue;
        matched[p] = 1;
        total++;
        for (let j = start; j < end; j++) bump(counts, filterId[j]);
      } else if (priceOk) {
        const failedTopic = topicOfSlot[31 - Math.clz32(failed)];
        for (let j = start; j < end; j++) if (filterTopic[j] === failedTopic) bump(counts, filterId[j]);
      }
    }

    const facets = new Map<number, number>();
    counts.forEach((count, id) => {
      if (count > 0) facets.set(id, count);
    });

    const offset = query.page * query.limit;
    let ids: number[];
    if (candidates !== null && query.orderBy === undefined) {
      ids = candidates
        .filter((p) => matched[p] === 1)
        .slice(offset, offset + query.limit)
        .map((p) => index.productIds[p] ?? 0);
    } else {
      const field: SortField = query.orderBy ?? 'popularity';
      const direction = explicitOrder ? query.order : DEFAULT_DIRECTION[field];
      const key: OrderKey = field === 'title' && query.locale === 'uk' ? 'titleUkr' : field;
      ids = pageOf(index, key, direction, matched, offset, query.limit);
    }

    return {
      ids,
      total,
      facets,
      price: low <= high ? { min: low, max: high } : { min: 0, max: 0 },
      active: selection.active,
      ...(search ? { search } : {}),
    };
  };
}

function bump(counts: Int32Array, id: number | undefined): void {
  if (id !== undefined) counts[id] = (counts[id] ?? 0) + 1;
}

/** Walks a presorted order and returns the ids of matched products `offset .. offset + limit`. */
function pageOf(
  index: SearchIndex,
  key: OrderKey,
  direction: 'asc' | 'desc',
  matched: Uint8Array,
  offset: number,
  limit: number,
): number[] {
  const { positions, keyed } = index.orders[key];
  // Descending walks the keyed part backwards; products without a key (no price) stay last either way.
  const sequence = function* (): Generator<number> {
    if (direction === 'asc') {
      for (let i = 0; i < positions.length; i++) yield positions[i] ?? 0;
    } else {
      for (let i = keyed - 1; i >= 0; i--) yield positions[i] ?? 0;
      for (let i = keyed; i < positions.length; i++) yield positions[i] ?? 0;
    }
  };
  const ids: number[] = [];
  let skipped = 0;
  for (const p of sequence()) {
    if (matched[p] !== 1) continue;
    if (skipped < offset) {
      skipped++;
      continue;
    }
    ids.push(index.productIds[p] ?? 0);
    if (ids.length === limit) break;
  }
  return ids;
}
