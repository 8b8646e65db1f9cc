import { getNavBanners } from '../../api/content.ts';
import { bannersByFolder, type FolderBanners } from '../../domain/content/navBanners.ts';
import { serverApi } from '../http/apiClient.ts';

const perRequest = new WeakMap<App.Locals, Promise<Map<string, FolderBanners>>>();

/**
 * The catalogue menu's banners (slider nav-banners) of this request's locale. Optional data
 * (spec §8): a failure is reported in the log and the menu shows without banners.
 */
export function loadNavBanners(locals: App.Locals): Promise<Map<string, FolderBanners>> {
  let pending = perRequest.get(locals);
  if (!pending) {
    pending = getNavBanners(serverApi(locals.locale), { timeoutMs: 1500 })
      .then(({ desktop, mobile }) => bannersByFolder(desktop, mobile))
      .catch((error: unknown) => {
        console.error('[menu] nav-banners failed:', error instanceof Error ? error.message : error);
        return new Map<string, FolderBanners>();
      });
    perRequest.set(locals, pending);
  }
  return pending;
}
