import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import { allAsArrays } from '../db/rows.ts';

/**
 * In-memory columnar copy of the listing-relevant product facts, built from the search tables.
 *
 * Why not plain SQL: facet counting is a join of every candidate product with its ~10 filter rows
 * plus a GROUP BY. Measured at 50,000 products, SQLite needs ~120 ms for one folder category and
 * ~650 ms for the whole catalogue, before paging and totals. Here the same work is a scan of typed
 * arrays (a few ms). SQLite stays the source of truth and still answers text search (FTS5) and
 * product details; this index is rebuilt whenever the database changes (indexHolder.ts: off the
 * request path, on a worker thread, indexWorker.ts).
 */

export type OrderKey = 'popularity' | 'price' | 'new' | 'discount' | 'title' | 'titleUkr';

/** Product positions sorted ascending by a key (ties by id); products without a key sit after `keyed`. */
export interface SortOrder {
  positions: Int32Array;
  keyed: number;
}

export const FLAG_ARCHIVAL = 1;
export const FLAG_HAS_IMAGE = 2;
export const FLAG_HAS_PRICE = 4;
/** Outlet goods: a shown, priced variant sells below its recommended price, or a shown variant is promotional. */
export const FLAG_OUTLET = 8;

/**
 * Product id → position. Not a Map: an index built on a worker thread reaches the service as
 * transferred typed arrays, and a Map of 200,000 entries would be rebuilt on the service's thread
 * (tens of ms in which nothing else runs). Ids are near-dense (the seed numbers them in a row), so
 * a table from the first id answers in one read; sparse ids fall back to a binary search.
 */
export class PositionLookup {
  readonly productIds: Int32Array;
  readonly first: number;
  /** Id - first → position, -1 for none; empty when ids are too sparse for a table. */
  readonly table: Int32Array;

  constructor(productIds: Int32Array) {
    this.productIds = productIds;
    const size = productIds.length;
    this.first = size === 0 ? 0 : (productIds[0] ?? 0);
    const span = size === 0 ? 0 : (productIds[size - 1] ?? 0) - this.first + 1;
    this.table = new Int32Array(span <= size * 4 + 1024 ? span : 0).fill(-1);
    if (this.table.length > 0) for (let p = 0; p < size; p++) this.table[(productIds[p] ?? 0) - this.first] = p;
  }

  get(id: number): number | undefined {
    if (this.table.length > 0) {
      const p = this.table[id - this.first];
      return p === undefined || p === -1 ? undefined : p;
    }
    let low = 0;
    let high = this.productIds.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.productIds[mid] ?? 0;
      if (at === id) return mid;
      if (at < id) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  }
}

export interface SearchIndex {
  size: number;
  /** Position → product id (ascending). */
  productIds: Int32Array;
  positionOf: PositionLookup;
  folder: Int32Array;
  /** -1 when the product has no sub-category. */
  category: Int32Array;
  flags: Uint8Array;
  /** Lowest selling price of shown, priced variants; NaN when there is none. */
  minPrice: Float64Array;
  /** Highest discount percent of shown, priced variants (the `discount` sort key). */
  discount: Float64Array;
  /** Filter rows of position p are filterId/filterTopic[filterStart[p] .. filterStart[p + 1]). */
  filterStart: Int32Array;
  filterId: Int32Array;
  filterTopic: Int32Array;
  maxFilterId: number;
  /** Warehouse id → 1 for positions with stock of a shown variant there. */
  warehouses: Map<number, Uint8Array>;
  /** Catalogue id → 1 for positions listed in that catalogue (catalog_product). */
  catalogues: Map<number, Uint8Array>;
  orders: Record<OrderKey, SortOrder>;
}

function toNumber(value: SQLOutputValue | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value === null || value === undefined) return Number.NaN;
  throw new TypeError(`expected a number, got ${typeof value}`);
}

function sortOrder(size: number, key: Float64Array): SortOrder {
  const keyedList: number[] = [];
  const missing: number[] = [];
  for (let p = 0; p < size; p++) (Number.isNaN(key[p]) ? missing : keyedList).push(p);
  keyedList.sort((a, b) => (key[a] ?? 0) - (key[b] ?? 0) || a - b);
  return { positions: Int32Array.from([...keyedList, ...missing]), keyed: keyedList.length };
}

/**
 * One position mask per owner from `(owner id, product id)` rows (catalogue members, stocked
 * warehouses): a listing narrowed to an owner tests one byte per product. Unknown products are skipped.
 */
function membershipMasks(statement: StatementSync, positionOf: PositionLookup, size: number): Map<number, Uint8Array> {
  const masks = new Map<number, Uint8Array>();
  for (const row of allAsArrays(statement)) {
    const owner = toNumber(row[0]);
    const p = positionOf.get(toNumber(row[1]));
    if (p === undefined) continue;
    let mask = masks.get(owner);
    if (!mask) {
      mask = new Uint8Array(size);
      masks.set(owner, mask);
    }
    mask[p] = 1;
  }
  return masks;
}

/** A SearchIndex as a worker thread hands it over: everything but the id lookup (made from `productIds`). */
export type IndexParts = Omit<SearchIndex, 'positionOf'>;

export function fromParts(parts: IndexParts): SearchIndex {
  return { ...parts, positionOf: new PositionLookup(parts.productIds) };
}

/** Reads the search tables into a SearchIndex (in one read transaction when `db` is not inside one). */
export function buildSearchIndex(db: DatabaseSync): SearchIndex {
  if (db.isTransaction) return readIndex(db);
  // One snapshot: another connection's commit between two of the reads would tear the index.
  db.exec('BEGIN');
  try {
    return readIndex(db);
  } finally {
    db.exec('COMMIT');
  }
}

function readIndex(db: DatabaseSync): SearchIndex {
  const productStatement = db.prepare(
    `SELECT id, folder_category_id, category_id, is_archival, has_image, has_price, min_price, popularity,
            arrived_on, max_discount, title_rank, title_ukr_rank
     FROM product ORDER BY id`,
  );
  const rows = allAsArrays(productStatement);
  const size = rows.length;
  const productIds = new Int32Array(size);
  const folder = new Int32Array(size);
  const category = new Int32Array(size);
  const flags = new Uint8Array(size);
  const minPrice = new Float64Array(size);
  const keys = {
    popularity: new Float64Array(size),
    new: new Float64Array(size),
    discount: new Float64Array(size),
    title: new Float64Array(size),
    titleUkr: new Float64Array(size),
  };
  rows.forEach((row, p) => {
    const id = toNumber(row[0]);
    productIds[p] = id;
    folder[p] = toNumber(row[1]);
    const sub = toNumber(row[2]);
    category[p] = Number.isNaN(sub) ? -1 : sub;
    flags[p] =
      (toNumber(row[3]) ? FLAG_ARCHIVAL : 0) |
      (toNumber(row[4]) ? FLAG_HAS_IMAGE : 0) |
      (toNumber(row[5]) ? FLAG_HAS_PRICE : 0);
    minPrice[p] = toNumber(row[6]);
    keys.popularity[p] = toNumber(row[7]);
    const arrived = row[8];
    keys.new[p] = typeof arrived === 'string' ? Number(arrived.replaceAll('-', '')) : Number.NaN;
    keys.discount[p] = toNumber(row[9]);
    keys.title[p] = toNumber(row[10]);
    keys.titleUkr[p] = toNumber(row[11]);
  });
  const positionOf = new PositionLookup(productIds);

  const filterStatement = db.prepare(
    'SELECT product_id, filter_id, topic_id FROM product_filter ORDER BY product_id, filter_id',
  );
  const filterRows = allAsArrays(filterStatement);
  const filterStart = new Int32Array(size + 1);
  const filterId = new Int32Array(filterRows.length);
  const filterTopic = new Int32Array(filterRows.length);
  let maxFilterId = 0;
  let position = 0;
  filterRows.forEach((row, j) => {
    const p = positionOf.get(toNumber(row[0]));
    if (p === undefined) throw new Error('product_filter refers to a missing product');
    // Rows come ordered by product id, which is position order: close the rows of earlier positions.
    while (position < p) filterStart[++position] = j;
    const fid = toNumber(row[1]);
    filterId[j] = fid;
    filterTopic[j] = toNumber(row[2]);
    if (fid > maxFilterId) maxFilterId = fid;
  });
  while (position < size) filterStart[++position] = filterRows.length;

  const promotional = db.prepare(
    'SELECT DISTINCT product_id FROM variant WHERE is_promotional = 1 AND is_archival = 0 ORDER BY product_id',
  );
  for (const row of allAsArrays(promotional)) {
    const p = positionOf.get(toNumber(row[0]));
    if (p !== undefined) flags[p] = (flags[p] ?? 0) | FLAG_OUTLET;
  }
  for (let p = 0; p < size; p++) if ((keys.discount[p] ?? 0) > 0) flags[p] = (flags[p] ?? 0) | FLAG_OUTLET;

  const catalogues = membershipMasks(
    db.prepare('SELECT catalog_id, product_id FROM catalog_product'),
    positionOf,
    size,
  );
  const warehouses = membershipMasks(
    db.prepare('SELECT warehouse_id, product_id FROM product_warehouse'),
    positionOf,
    size,
  );

  return {
    size,
    productIds,
    positionOf,
    folder,
    category,
    flags,
    minPrice,
    discount: keys.discount,
    filterStart,
    filterId,
    filterTopic,
    maxFilterId,
    warehouses,
    catalogues,
    orders: {
      popularity: sortOrder(size, keys.popularity),
      price: sortOrder(size, minPrice),
      new: sortOrder(size, keys.new),
      discount: sortOrder(size, keys.discount),
      title: sortOrder(size, keys.title),
      titleUkr: sortOrder(size, keys.titleUkr),
    },
  };
}

/** What a product's prices and stock decide about its place in listings (columns of `product`, `product_warehouse`). */
export interface ListingFacts {
  productId: number;
  hasPrice: boolean;
  /** Lowest selling price of shown, priced variants; null when there is none. */
  minPrice: number | null;
  maxDiscount: number;
  /** Some non-archival variant is promotional (with a discount: an outlet product). */
  promotional: boolean;
  /** Warehouses holding stock of a shown variant. */
  warehouses: readonly number[];
}

/** Where position `p` goes in `positions` (p itself left out), ordered as sortOrder orders by `key`. */
function insertionPoint(positions: Int32Array, keyed: number, key: Float64Array, p: number): number {
  const k = key[p] ?? Number.NaN;
  // Keyed part: ascending by (key, position); unkeyed part: ascending by position.
  const before = Number.isNaN(k)
    ? (q: number) => q < p
    : (q: number) => (key[q] ?? 0) < k || ((key[q] ?? 0) === k && q < p);
  let low = Number.isNaN(k) ? keyed : 0;
  let high = Number.isNaN(k) ? positions.length : keyed;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(positions[mid] ?? 0)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** `order` with position `p` moved to where `key` (already holding p's new key) puts it; O(size). */
function reposition(order: SortOrder, key: Float64Array, p: number): SortOrder {
  const at = order.positions.indexOf(p);
  if (at === -1) return order;
  const rest = new Int32Array(order.positions.length - 1);
  rest.set(order.positions.subarray(0, at));
  rest.set(order.positions.subarray(at + 1), at);
  const keyed = order.keyed - (at < order.keyed ? 1 : 0);
  const to = insertionPoint(rest, keyed, key, p);
  const positions = new Int32Array(order.positions.length);
  positions.set(rest.subarray(0, to));
  positions[to] = p;
  positions.set(rest.subarray(to), to + 1);
  return { positions, keyed: keyed + (Number.isNaN(key[p] ?? Number.NaN) ? 0 : 1) };
}

/**
 * A copy of `index` with one product's listing facts replaced, equal to what buildSearchIndex would
 * read after the same write, without reading the catalogue again (a few arrays are copied: O(size)).
 * A new object, so caches keyed by the index (category counts) are rebuilt. Unknown product: `index`.
 */
export function withProductListing(index: SearchIndex, facts: ListingFacts): SearchIndex {
  const p = index.positionOf.get(facts.productId);
  if (p === undefined) return index;
  const flags = index.flags.slice();
  const outlet = facts.promotional || facts.maxDiscount > 0;
  flags[p] =
    ((flags[p] ?? 0) & ~(FLAG_HAS_PRICE | FLAG_OUTLET)) |
    (facts.hasPrice ? FLAG_HAS_PRICE : 0) |
    (outlet ? FLAG_OUTLET : 0);
  const minPrice = index.minPrice.slice();
  minPrice[p] = facts.minPrice ?? Number.NaN;
  const discount = index.discount.slice();
  discount[p] = facts.maxDiscount;

  const stocked = new Set(facts.warehouses);
  const warehouses = new Map<number, Uint8Array>();
  for (const [warehouse, mask] of index.warehouses) {
    const wanted = stocked.has(warehouse) ? 1 : 0;
    if (mask[p] === wanted) {
      warehouses.set(warehouse, mask);
      continue;
    }
    const copy = mask.slice();
    copy[p] = wanted;
    // Like a rebuild: a warehouse that no longer stocks any product has no mask.
    if (wanted === 1 || copy.includes(1)) warehouses.set(warehouse, copy);
  }
  for (const warehouse of stocked) {
    if (warehouses.has(warehouse)) continue;
    const mask = new Uint8Array(index.size);
    mask[p] = 1;
    warehouses.set(warehouse, mask);
  }

  return {
    ...index,
    flags,
    minPrice,
    discount,
    warehouses,
    orders: {
      ...index.orders,
      price: reposition(index.orders.price, minPrice, p),
      discount: reposition(index.orders.discount, discount, p),
    },
  };
}
