import type { DatabaseSync } from 'node:sqlite';
import type { CategoryConfig, CategoryNode } from '../../api/schemas/categoryConfig.ts';
import type {
  CategoryDetail,
  CategoryRef,
  CategorySearchItem,
  CategorySearchQuery,
  CategorySearchResult,
} from '../../api/schemas/categorySearch.ts';
import type { IdOrSlug } from '../../api/schemas/searchParams.ts';
import { num } from '../db/rows.ts';
import type { CatalogueLookup, CategoryInfo } from './catalogueLookup.ts';
import { QUICK_MATCH_CAP, ftsQuery, textMatcherOf } from './textMatch.ts';
import { FLAG_ARCHIVAL, FLAG_HAS_IMAGE, FLAG_HAS_PRICE } from './searchIndex.ts';
import type { SearchIndex } from './searchIndex.ts';

/** `/public/category/{id}` and `/public/category?title=&titleAgg=` (spec §7). */

function ref(category: CategoryInfo): CategoryRef {
  return { id: category.id, slug: category.slug, title: category.title, titleUkr: category.titleUkr };
}

export function findCategory(lookup: CatalogueLookup, key: IdOrSlug): CategoryInfo | undefined {
  return 'id' in key ? lookup.categoryById.get(key.id) : lookup.categoryBySlug.get(key.slug);
}

/** Listed products (non-archival, with a picture and a price) per category id; a folder counts its sub-categories'. */
const listedCounts = new WeakMap<SearchIndex, Map<number, number>>();

function categoryCounts(index: SearchIndex): Map<number, number> {
  const cached = listedCounts.get(index);
  if (cached) return cached;
  const counts = new Map<number, number>();
  const bump = (id: number): void => {
    counts.set(id, (counts.get(id) ?? 0) + 1);
  };
  const wanted = FLAG_HAS_IMAGE | FLAG_HAS_PRICE;
  for (let p = 0; p < index.size; p++) {
    const f = index.flags[p] ?? 0;
    if ((f & FLAG_ARCHIVAL) !== 0 || (f & wanted) !== wanted) continue;
    bump(index.folder[p] ?? 0);
    const sub = index.category[p] ?? -1;
    if (sub !== -1) bump(sub);
  }
  listedCounts.set(index, counts);
  return counts;
}

function findNode(nodes: CategoryNode[], id: number): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const child = findNode(node.childList, id);
    if (child) return child;
  }
  return undefined;
}

/** The category node from category-config, with its parent and listed product count. */
export function categoryDetail(
  config: CategoryConfig,
  lookup: CatalogueLookup,
  index: SearchIndex,
  category: CategoryInfo,
): CategoryDetail {
  const node = findNode(config.categoryList, category.id);
  if (!node) throw new Error(`category ${category.id} is missing from category-config`);
  const parent = category.parentId === null ? undefined : lookup.categoryById.get(category.parentId);
  return {
    ...node,
    parent: parent ? ref(parent) : null,
    productCount: categoryCounts(index).get(category.id) ?? 0,
  };
}

/** Hidden from the menu and from base search: the shop's service goods (gift wrap ...). */
function hidden(category: CategoryInfo): boolean {
  return category.excludeFromMenu && !category.baseSearchEnable;
}

/** Folders in menu order, each followed by its sub-categories; hidden ones (and a hidden folder's children) left out. */
function searchable(lookup: CatalogueLookup): CategoryInfo[] {
  const order: CategoryInfo[] = [];
  for (const folder of lookup.categories) {
    if (folder.parentId !== null || hidden(folder)) continue;
    order.push(folder);
    for (const child of lookup.childrenOf.get(folder.id) ?? []) if (!hidden(child)) order.push(child);
  }
  return order;
}

export function createCategorySearch(
  db: DatabaseSync,
  quickMatchCap = QUICK_MATCH_CAP,
): (lookup: CatalogueLookup, index: SearchIndex, query: CategorySearchQuery) => CategorySearchResult {
  const categoryFts = db.prepare('SELECT rowid AS id FROM category_fts WHERE category_fts MATCH ?');
  const products = textMatcherOf(db);

  const titleMatches = (text: string): Set<number> => {
    const match = ftsQuery(text);
    return new Set(match === null ? [] : categoryFts.all(match).map((row) => num(row, 'id')));
  };

  /**
   * Category id → matching listed products, from the product title search; with `capped`, the
   * quick search's cap cut the matches and the counts are of those walked only.
   */
  const productCounts = (
    index: SearchIndex,
    text: string,
    query: CategorySearchQuery,
  ): { counts: Map<number, number>; capped: boolean } => {
    const counts = new Map<number, number>();
    const wanted = (query.hasImage ? FLAG_HAS_IMAGE : 0) | (query.withPrice ? FLAG_HAS_PRICE : 0);
    const bump = (id: number): void => {
      counts.set(id, (counts.get(id) ?? 0) + 1);
    };
    const found = products.search(text, () => true, query.locale, query.quick ? { cap: quickMatchCap } : {});
    for (const id of found.ids) {
      const p = index.positionOf.get(id);
      if (p === undefined) continue;
      const f = index.flags[p] ?? 0;
      if ((f & FLAG_ARCHIVAL) !== 0 || (f & wanted) !== wanted) continue;
      bump(index.folder[p] ?? 0);
      const sub = index.category[p] ?? -1;
      if (sub !== -1) bump(sub);
    }
    return { counts, capped: found.capped };
  };

  return (lookup, index, query) => {
    let candidates = searchable(lookup);
    if (query.title !== undefined) {
      const matches = titleMatches(query.title);
      candidates = candidates.filter((c) => matches.has(c.id));
    }
    let counts: Map<number, number> | null = null;
    if (query.titleAgg !== undefined) {
      const { counts: found, capped } = productCounts(index, query.titleAgg, query);
      // Counts of a sample are not the shop's: the order stays, the figures go.
      counts = capped ? null : found;
      const position = new Map(candidates.map((c, i) => [c.id, i]));
      candidates = candidates
        .filter((c) => (found.get(c.id) ?? 0) > 0)
        .sort(
          (a, b) =>
            (found.get(b.id) ?? 0) - (found.get(a.id) ?? 0) || (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
        );
    }
    const offset = query.page * query.limit;
    const items = candidates.slice(offset, offset + query.limit).map((category): CategorySearchItem => {
      const parent = category.parentId === null ? undefined : lookup.categoryById.get(category.parentId);
      return {
        ...ref(category),
        parent: parent ? ref(parent) : null,
        count: counts === null ? null : (counts.get(category.id) ?? null),
      };
    });
    return { items, pagination: { total: candidates.length, page: query.page, limit: query.limit } };
  };
}
