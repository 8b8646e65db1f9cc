import { isFilterPath, type CatalogRoute } from './routePath.ts';

/**
 * Which CMS blocks a catalogue page shows (spec §5 "Catalogue banners and descriptions are skipped
 * for page above 1 or when a sort is set; the description is skipped if more than one category is
 * chosen"). Categories are chosen by the path's sub-category or by the `category` filter topic.
 * The description's slug names the filters by their filter path (spec §2
 * `catalog_content_{folderCategory[_category][_filters]}_desc`), so a selection that is no
 * filter path (more than 3 groups, a group of several values) has no description either.
 */
export function catalogContentRules(route: Pick<CatalogRoute, 'page' | 'sort' | 'filters'>): {
  banner: boolean;
  description: boolean;
} {
  if (route.page > 1 || route.sort !== null) return { banner: false, description: false };
  const chosenCategories = route.filters.find((f) => f.topic === 'category')?.values.length ?? 0;
  return { banner: true, description: chosenCategories <= 1 && isFilterPath(route.filters) };
}
