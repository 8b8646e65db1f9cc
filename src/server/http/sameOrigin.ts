import { siteOrigin } from './siteOrigin.ts';

/**
 * DESIGN §7: requests that change state are accepted only from the shop's own pages. A browser says
 * where a request comes from in `Sec-Fetch-Site` (every current browser) or at least `Origin`. The
 * origin may be the site's (SITE_URL: behind a proxy that terminates TLS the server itself sees
 * plain http, so the request URL's own origin would say `http://` while the page was `https://`),
 * or the request's own (a development shop reached by another name). A request with neither
 * header is not a browser's request from our page, and is refused.
 */
export function isSameOriginRequest(request: Request, url: URL): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('Origin');
  return origin !== null && (origin === siteOrigin(url) || origin === url.origin);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What an HTML form can send without the page's script (and so what a cross-site form can send). */
const FORM_TYPES = /^(?:application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

/**
 * Astro's `checkOrigin`, for the shop's origin: a form post (or a body with no type) from another
 * site is refused, once, in the middleware, for every route. JSON endpoints need no such rule here:
 * a cross-site page cannot send JSON without a CORS preflight, which the shop never grants, and
 * each of them checks its origin itself.
 */
export function isForbiddenCrossSitePost(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const type = request.headers.get('Content-Type');
  if (type !== null && !FORM_TYPES.test(type.trim())) return false;
  return !isSameOriginRequest(request, url);
}
