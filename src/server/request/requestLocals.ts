import { ensureRequestI18n } from '../../i18n/requestI18n.ts';
import { requestApi } from './requestApi.ts';
import { siteOrigin } from './siteOrigin.ts';

/**
 * Fills what every page of a request reads from `locals`: the requested URL, the locale, `t`, the
 * request's service client and the site's origin (every absolute URL's, never the Host's). The middleware calls it first; the error pages call it again
 * because Astro may render them when the middleware itself failed.
 */
export function ensureRequestLocals(locals: App.Locals, url: URL): App.Locals {
  ensureRequestI18n(locals, url);
  // `locals` starts empty: `api` exists only once set here (a rewrite keeps the first one).
  const filled: Partial<App.Locals> = locals;
  if (filled.api === undefined) locals.api = requestApi(locals.locale);
  if (filled.siteOrigin === undefined) locals.siteOrigin = siteOrigin(url);
  return locals;
}
