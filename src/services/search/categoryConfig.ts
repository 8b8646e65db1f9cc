import type { DatabaseSync } from 'node:sqlite';
import type {
  Brand,
  CategoryConfig,
  CategoryNode,
  FilterTopic,
  SearchGroup,
  Translation,
} from '../../api/schemas/categoryConfig.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import type { CatalogueLookup, CategoryInfo } from './catalogueLookup.ts';

/** The special `category` topic is answered by categoryList, so it is left out of topicList here. */
const CATEGORY_TOPIC = 'category';

/**
 * The slugs each owner (`ownerColumn`) links to, in row order; a row whose slug is unknown (a
 * dangling reference) is left out.
 */
function slugsByOwner(
  rows: readonly Row[],
  ownerColumn: string,
  slugOf: (row: Row) => string | undefined,
): Map<number, string[]> {
  const lists = new Map<number, string[]>();
  for (const r of rows) {
    const slug = slugOf(r);
    if (slug === undefined) continue;
    const owner = num(r, ownerColumn);
    const list = lists.get(owner) ?? [];
    list.push(slug);
    lists.set(owner, list);
  }
  return lists;
}

/** Builds the `GET /public/category-config` answer (spec §3 "Catalogue state"). */
export function buildCategoryConfig(db: DatabaseSync, lookup: CatalogueLookup): CategoryConfig {
  const topicsOf = slugsByOwner(
    db.prepare('SELECT category_id, topic_id FROM category_topic ORDER BY category_id, ordering').all(),
    'category_id',
    (r) => lookup.topicById.get(num(r, 'topic_id'))?.slug,
  );
  const quickFiltersOf = slugsByOwner(
    db.prepare('SELECT category_id, filter_id FROM category_quick_filter ORDER BY category_id, ordering').all(),
    'category_id',
    (r) => lookup.valueById.get(num(r, 'filter_id'))?.slug,
  );

  const node = (category: CategoryInfo): CategoryNode => ({
    id: category.id,
    slug: category.slug,
    title: category.title,
    titleUkr: category.titleUkr,
    ordering: category.ordering,
    topCount: category.topCount,
    collapse: category.collapse,
    showCount: category.showCount,
    baseSearchEnable: category.baseSearchEnable,
    topicList: topicsOf.get(category.id) ?? [],
    filterList: (quickFiltersOf.get(category.id) ?? []).map((slug) => ({ slug })),
    additionalConfig: { excludeFromMenu: category.excludeFromMenu, isTop: category.isTop, weight: category.weight },
    childList: (lookup.childrenOf.get(category.id) ?? []).map(node),
  });
  const categoryList = lookup.categories.filter((c) => c.parentId === null).map(node);

  const realTopics = lookup.topics.filter((t) => t.slug !== CATEGORY_TOPIC);
  const topicList: FilterTopic[] = realTopics.map((topic) => ({
    slug: topic.slug,
    ordering: topic.ordering,
    filterList: lookup.values.filter((v) => v.topicId === topic.id).map((v) => ({ slug: v.slug })),
  }));

  const translationList: Translation[] = [
    ...realTopics.map((t): Translation => ({ slug: t.slug, topic: null, title: t.title, titleUkr: t.titleUkr })),
    ...lookup.values
      .filter((v) => v.topic !== CATEGORY_TOPIC)
      .map((v): Translation => ({ slug: v.slug, topic: v.topic, title: v.title, titleUkr: v.titleUkr })),
  ];

  const refs = slugsByOwner(
    db.prepare('SELECT group_id, category_id FROM search_group_category ORDER BY group_id, ordering').all(),
    'group_id',
    (r) => lookup.categoryById.get(num(r, 'category_id'))?.slug,
  );
  const searchGroupList = db
    .prepare('SELECT id, slug, title, title_ukr FROM search_group ORDER BY ordering, id')
    .all()
    .map((r): SearchGroup => ({
      id: num(r, 'id'),
      slug: str(r, 'slug'),
      title: str(r, 'title'),
      titleUkr: str(r, 'title_ukr'),
      categoryRefs: refs.get(num(r, 'id')) ?? [],
    }));

  const brandList = db
    .prepare('SELECT id, slug, title, image FROM brand ORDER BY title COLLATE NOCASE, id')
    .all()
    .map((r): Brand => ({
      id: num(r, 'id'),
      slug: str(r, 'slug'),
      title: str(r, 'title'),
      image: strOrNull(r, 'image'),
    }));

  return { categoryList, topicList, translationList, searchGroupList, brandList };
}
