import { getCategoryConfig } from '../../api/search.ts';
import { buildMenu, type MenuItem } from '../../domain/catalog/menu.ts';
import { serverApi } from '../http/apiClient.ts';

/** One menu load per request, however many components (header, tiles) ask for it. */
const perRequest = new WeakMap<App.Locals, Promise<MenuItem[]>>();

/**
 * The catalogue menu of this request's locale. Optional data: if the search service fails, the
 * page renders without a menu rather than failing (the error is logged for operators).
 */
export function loadMenu(locals: App.Locals): Promise<MenuItem[]> {
  let pending = perRequest.get(locals);
  if (!pending) {
    pending = getCategoryConfig(serverApi(locals.locale))
      .then((config) => buildMenu(config.categoryList, locals.locale))
      .catch((error: unknown) => {
        console.error('[menu] category-config failed:', error instanceof Error ? error.message : error);
        return [];
      });
    perRequest.set(locals, pending);
  }
  return pending;
}
