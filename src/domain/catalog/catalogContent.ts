import type { CatalogRoute } from './routePath.ts';

/**
 * Which CMS blocks a catalogue page shows (spec §5 "Catalogue banners and descriptions are skipped
 * for page above 1 or when a sort is set; the description is skipped if more than one category is
 * chosen"). Categories are chosen by the path's sub-category or by the `category` filter topic.
 */
export function catalogContentRules(route: Pick<CatalogRoute, 'page' | 'sort' | 'filters'>): {
  banner: boolean;
  description: boolean;
} {
  if (route.page > 1 || route.sort !== null) return { banner: false, description: false };
  const chosenCategories = route.filters.find((f) => f.topic === 'category')?.values.length ?? 0;
  return { banner: true, description: chosenCategories <= 1 };
}
