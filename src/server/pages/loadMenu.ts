import { log } from '../../log/log.ts';
import type { HttpClient } from '../../api/http.ts';
import { getCategoryConfig } from '../../api/search.ts';
import { buildMenu, type MenuItem } from '../../domain/catalog/menu.ts';

/** One menu load per request (its client), however many parts of the page (header, tiles) ask for it. */
const perRequest = new WeakMap<HttpClient, Promise<MenuItem[]>>();

/**
 * The catalogue menu in the request's locale. Optional data: if the search service fails, the
 * page renders without a menu rather than failing (the error is logged for operators).
 */
export function loadMenu(api: HttpClient): Promise<MenuItem[]> {
  let pending = perRequest.get(api);
  if (!pending) {
    pending = getCategoryConfig(api)
      .then((config) => buildMenu(config.categoryList, api.locale))
      .catch((error: unknown) => {
        log.error('[menu] category-config failed:', error instanceof Error ? error.message : error);
        return [];
      });
    perRequest.set(api, pending);
  }
  return pending;
}
