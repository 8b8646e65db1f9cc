import { CATEGORY_CONFIG_TAG } from '../../api/cacheTags.ts';
import type { MenuItem } from '../../domain/catalog/menu.ts';
import type { FolderBanners } from '../../domain/content/navBanners.ts';
import { page, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';
import { loadMenu } from './loadMenu.ts';
import { loadNavBanners } from './loadNavBanners.ts';

/**
 * `/catalog-menu` (and `/ua/…`): the catalogue menu's sub-categories and banners, an HTML fragment
 * the header's menu fetches when it is opened (issue 27; src/components/layout/CatalogMenu.astro).
 * Cached like a page under the category configuration's tag and the language's nav-banners tag
 * (which every public page carries), so an editor's change reaches it at once. A menu the search
 * service could not give is a 503, never kept: the header then shows its groups' «all» links.
 */
export async function loadCatalogMenuFragment(
  request: PageRequest,
): Promise<PageOutcome<{ menu: MenuItem[]; banners: ReadonlyMap<string, FolderBanners> }>> {
  const [menu, banners] = await Promise.all([loadMenu(request.api), loadNavBanners(request.api)]);
  if (menu.length === 0) return unavailable();
  return page({ menu, banners }, { tags: [CATEGORY_CONFIG_TAG] });
}
