import type { DatabaseSync } from 'node:sqlite';
import { cachedByDataVersion } from '../db/dataVersion.ts';
import { bool, num, str, strOrNull } from '../db/rows.ts';

/** Reference data every search request needs (topics, filter values, categories), read once per database version. */
export interface TopicInfo {
  id: number;
  slug: string;
  title: string;
  titleUkr: string;
  ordering: number;
}

export interface FilterValueInfo {
  id: number;
  topicId: number;
  topic: string;
  slug: string;
  title: string;
  titleUkr: string;
  ordering: number;
  cssBackground: string | null;
  code: string | null;
}

export interface CategoryInfo {
  id: number;
  parentId: number | null;
  filterId: number;
  slug: string;
  title: string;
  titleUkr: string;
  ordering: number;
  topCount: number;
  collapse: boolean;
  showCount: boolean;
  baseSearchEnable: boolean;
  excludeFromMenu: boolean;
  isTop: boolean;
  weight: number;
  imageKind: string;
}

export interface CatalogueLookup {
  /** Bumps whenever the underlying data changes; for caches built on top. */
  version: number;
  topics: TopicInfo[];
  topicBySlug: Map<string, TopicInfo>;
  topicById: Map<number, TopicInfo>;
  values: FilterValueInfo[];
  valueById: Map<number, FilterValueInfo>;
  /** `${topic}/${slug}` → value. */
  valueByKey: Map<string, FilterValueInfo>;
  categories: CategoryInfo[];
  categoryBySlug: Map<string, CategoryInfo>;
  categoryById: Map<number, CategoryInfo>;
  childrenOf: Map<number, CategoryInfo[]>;
}

export const valueKey = (topic: string, slug: string): string => `${topic}/${slug}`;

function load(db: DatabaseSync, version: number): CatalogueLookup {
  const topics = db
    .prepare('SELECT id, slug, title, title_ukr, ordering FROM topic ORDER BY ordering, id')
    .all()
    .map((r): TopicInfo => ({
      id: num(r, 'id'),
      slug: str(r, 'slug'),
      title: str(r, 'title'),
      titleUkr: str(r, 'title_ukr'),
      ordering: num(r, 'ordering'),
    }));
  const topicById = new Map(topics.map((t) => [t.id, t]));
  const values = db
    .prepare(
      'SELECT id, topic_id, slug, title, title_ukr, ordering, css_background, code FROM filter_value ORDER BY topic_id, ordering, id',
    )
    .all()
    .map((r): FilterValueInfo => {
      const topicId = num(r, 'topic_id');
      return {
        id: num(r, 'id'),
        topicId,
        topic: topicById.get(topicId)?.slug ?? '',
        slug: str(r, 'slug'),
        title: str(r, 'title'),
        titleUkr: str(r, 'title_ukr'),
        ordering: num(r, 'ordering'),
        cssBackground: strOrNull(r, 'css_background'),
        code: strOrNull(r, 'code'),
      };
    });
  const categories = db
    .prepare(
      `SELECT id, parent_id, filter_id, slug, title, title_ukr, ordering, top_count, collapse, show_count,
              base_search_enable, exclude_from_menu, is_top, weight, image_kind
       FROM category ORDER BY ordering, weight DESC, id`,
    )
    .all()
    .map((r): CategoryInfo => ({
      id: num(r, 'id'),
      parentId: r.parent_id === null ? null : num(r, 'parent_id'),
      filterId: num(r, 'filter_id'),
      slug: str(r, 'slug'),
      title: str(r, 'title'),
      titleUkr: str(r, 'title_ukr'),
      ordering: num(r, 'ordering'),
      topCount: num(r, 'top_count'),
      collapse: bool(r, 'collapse'),
      showCount: bool(r, 'show_count'),
      baseSearchEnable: bool(r, 'base_search_enable'),
      excludeFromMenu: bool(r, 'exclude_from_menu'),
      isTop: bool(r, 'is_top'),
      weight: num(r, 'weight'),
      imageKind: str(r, 'image_kind'),
    }));
  const childrenOf = new Map<number, CategoryInfo[]>();
  for (const category of categories) {
    if (category.parentId === null) continue;
    const list = childrenOf.get(category.parentId) ?? [];
    list.push(category);
    childrenOf.set(category.parentId, list);
  }
  return {
    version,
    topics,
    topicBySlug: new Map(topics.map((t) => [t.slug, t])),
    topicById,
    values,
    valueById: new Map(values.map((v) => [v.id, v])),
    valueByKey: new Map(values.map((v) => [valueKey(v.topic, v.slug), v])),
    categories,
    categoryBySlug: new Map(categories.map((c) => [c.slug, c])),
    categoryById: new Map(categories.map((c) => [c.id, c])),
    childrenOf,
  };
}

/** Returns a getter that reloads the lookup only when the database has changed. */
export function createCatalogueLookup(db: DatabaseSync): () => CatalogueLookup {
  let generation = 0;
  return cachedByDataVersion(db, () => load(db, ++generation));
}
