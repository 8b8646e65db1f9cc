import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { getNavBanners } from '../../api/content.ts';
import type { HttpClient } from '../../api/http.ts';
import { bannersByFolder, type FolderBanners } from '../../domain/content/navBanners.ts';

const perRequest = new WeakMap<HttpClient, Promise<Map<string, FolderBanners>>>();

/**
 * The catalogue menu's banners (slider nav-banners) in the request's locale, once per request.
 * Optional data (spec §8): a failure is reported in the log and the menu shows without banners.
 */
export function loadNavBanners(api: HttpClient): Promise<Map<string, FolderBanners>> {
  let pending = perRequest.get(api);
  if (!pending) {
    pending = getNavBanners(api, { timeoutMs: 1500 })
      .then(({ desktop, mobile }) => bannersByFolder(desktop, mobile))
      .catch((error: unknown) => {
        log.error('[menu] nav-banners failed:', error instanceof Error ? error.message : error);
        report(error, { failure: '[menu] nav-banners' });
        return new Map<string, FolderBanners>();
      });
    perRequest.set(api, pending);
  }
  return pending;
}
