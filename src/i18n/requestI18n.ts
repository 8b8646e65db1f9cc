import { createT } from './i18n.ts';
import { localeFromPath } from './locale.ts';

/**
 * Fills `locals.requestUrl`, `locals.locale` and `locals.t` for a request. The middleware calls it for every request;
 * the error pages call it again because Astro may render them when middleware itself failed.
 */
export function ensureRequestI18n(locals: App.Locals, url: URL): App.Locals {
  // `locals` starts as an empty object: the fields declared in env.d.ts exist only once set here.
  // A rewrite runs the middleware again with the rewritten URL; the first values are kept.
  const filled: Partial<App.Locals> = locals;
  if (filled.requestUrl === undefined) locals.requestUrl = url;
  if (filled.t === undefined || filled.locale === undefined) {
    const locale = localeFromPath(locals.requestUrl.pathname);
    locals.locale = locale;
    locals.t = createT(locale);
  }
  return locals;
}
