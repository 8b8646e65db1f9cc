import type { CategoryConfig, CategoryNode } from '../../api/schemas/categoryConfig.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { titleIn } from '../../i18n/localized.ts';
import type { Crumb } from '../seo/jsonLd.ts';
import type { FilterSelection, TopicAggregation } from './facets.ts';

/**
 * The categories a listing without a category of its own spans (search results, a brand's page),
 * offered as a first narrowing step: links to the same list with a `category` filter, most
 * products first, with their counts.
 */

/** Categories shown at most. */
const RESULT_CATEGORIES = 8;

/** Folder and sub-category nodes by slug, with the path a catalogue link takes. */
export type CategoryIndex = Map<string, { node: CategoryNode; path: string[] }>;

export function categoryIndex(config: CategoryConfig): CategoryIndex {
  const index: CategoryIndex = new Map();
  for (const folder of config.categoryList) {
    index.set(folder.slug, { node: folder, path: [folder.slug] });
    for (const child of folder.childList) index.set(child.slug, { node: child, path: [folder.slug, child.slug] });
  }
  return index;
}

/** None once a category is chosen; `hrefFor` writes the list's URL with a selection (page 1). */
export function resultCategories(
  aggregations: readonly TopicAggregation[],
  filters: readonly FilterSelection[],
  categories: CategoryIndex,
  locale: Locale,
  hrefFor: (filters: FilterSelection[]) => string,
): Crumb[] {
  if (filters.some((group) => group.topic === 'category')) return [];
  const counts = aggregations.find((topic) => topic.slug === 'category')?.filterList ?? [];
  return counts
    .filter((entry) => (entry.count ?? 0) > 0 && categories.has(entry.slug))
    .toSorted((a, b) => (b.count ?? 0) - (a.count ?? 0))
    .slice(0, RESULT_CATEGORIES)
    .flatMap((entry) => {
      const found = categories.get(entry.slug);
      if (!found) return [];
      const next = [...filters, { topic: 'category', values: [entry.slug] }];
      return [{ title: `${titleIn(locale, found.node)} (${entry.count ?? 0})`, href: hrefFor(next) }];
    });
}
