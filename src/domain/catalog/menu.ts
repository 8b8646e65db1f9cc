import type { Locale } from '../../api/schemas/common.ts';
import { titleIn } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';

/** What the menu needs of a category of the category config. */
export interface MenuCategory {
  slug: string;
  title: string;
  titleUkr: string;
  ordering: number;
  additionalConfig: { excludeFromMenu: boolean; isTop: boolean; weight: number };
  childList: readonly MenuCategory[];
}

/** One entry of the header's catalogue menu, already localized, ordered and linked. */
export interface MenuItem {
  slug: string;
  title: string;
  href: string;
  isTop: boolean;
  children: MenuItem[];
}

/**
 * Menu order: categories flagged `isTop` first, then by `ordering` ascending, then by `weight`
 * descending (heavier first), then by title so equal entries never swap between renders.
 */
export function compareMenuEntries(a: MenuCategory, b: MenuCategory): number {
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
export function buildMenu(categories: readonly MenuCategory[], locale: Locale, depth = 2): MenuItem[] {
  return menuLevel(categories, locale, depth, null);
}

function menuLevel(
  categories: readonly MenuCategory[],
  locale: Locale,
  depth: number,
  folder: string | null,
): MenuItem[] {
  if (depth <= 0) return [];
  return categories
    .filter((node) => !node.additionalConfig.excludeFromMenu)
    .toSorted(compareMenuEntries)
    .map((node) => ({
      slug: node.slug,
      title: titleIn(locale, node),
      href:
        folder === null
          ? routeUrl(routeName('catalog-page', locale), { folderCategory: node.slug })
          : routeUrl(routeName('category-page', locale), { folderCategory: folder, category: node.slug }),
      isTop: node.additionalConfig.isTop,
      children: menuLevel(node.childList, locale, depth - 1, folder ?? node.slug),
    }));
}
