import type { Locale } from '../../api/schemas/common.ts';
import type { CategoryNode } from '../../api/schemas/categoryConfig.ts';

/** One entry of the header's catalogue menu, already localized and ordered. */
export interface MenuItem {
  slug: string;
  title: string;
  isTop: boolean;
  children: MenuItem[];
}

/**
 * Menu order: categories flagged `isTop` first, then by `ordering` ascending, then by `weight`
 * descending (heavier first), then by title so equal entries never swap between renders.
 */
export function compareMenuEntries(a: CategoryNode, b: CategoryNode): number {
  const top = Number(b.additionalConfig.isTop) - Number(a.additionalConfig.isTop);
  if (top !== 0) return top;
  if (a.ordering !== b.ordering) return a.ordering - b.ordering;
  if (a.additionalConfig.weight !== b.additionalConfig.weight)
    return b.additionalConfig.weight - a.additionalConfig.weight;
  return a.slug.localeCompare(b.slug);
}

/**
 * Builds the catalogue menu from `category-config`: entries with `excludeFromMenu` are dropped
 * together with their children; two levels are kept (folder category and its sub-categories),
 * which is all the header shows.
 */
export function buildMenu(categories: readonly CategoryNode[], locale: Locale, depth = 2): MenuItem[] {
  if (depth <= 0) return [];
  return categories
    .filter((node) => !node.additionalConfig.excludeFromMenu)
    .toSorted(compareMenuEntries)
    .map((node) => ({
      slug: node.slug,
      title: locale === 'uk' ? node.titleUkr : node.title,
      isTop: node.additionalConfig.isTop,
      children: buildMenu(node.childList, locale, depth - 1),
    }));
}
