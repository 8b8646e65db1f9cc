import type { EndpointRefusal } from '../../api/schemas/endpoint.ts';
import { createT } from '../../i18n/i18n.ts';
import { localeFromPath } from '../../i18n/locale.ts';
import { messageLocale } from '../endpoints/messageLocale.ts';
import { siteOrigin } from './siteOrigin.ts';

/**
 * DESIGN §7, §7b: requests that may change state are accepted only from the shop's own pages, and
 * the rule is applied once, by the middleware, to every request that is not a GET (HEAD, OPTIONS):
 * the shop's own endpoints, its plain forms, the editor's. A browser says where a request comes
 * from in `Sec-Fetch-Site` (every current browser) or at least `Origin`. The origin may be the
 * site's (SITE_URL: behind a proxy that terminates TLS the server itself sees plain http, so the
 * request URL's own origin would say `http://` while the page was `https://`), or the request's own
 * (a development shop reached by another name). A request with neither header is not a browser's
 * request from our page, and is refused.
 */
export function isSameOriginRequest(request: Request, url: URL): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('Origin');
  return origin !== null && (origin === siteOrigin(url) || origin === url.origin);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths that take calls from other servers, never from a browser, with a bearer secret of their
 * own: `POST /api/revalidate` (the CMS and the search service purge the route cache).
 */
const SERVER_TO_SERVER_PATHS: ReadonlySet<string> = new Set(['/api/revalidate']);

/** Whether the middleware lets `request` through to its route as far as its origin goes. */
export function isOriginAllowed(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (SERVER_TO_SERVER_PATHS.has(url.pathname.replace(/\/+$/, ''))) return true;
  return isSameOriginRequest(request, url);
}

/** Whether the request is a script's (JSON in or asked for), which reads the refusal envelope. */
function wantsJson(request: Request): boolean {
  const type = request.headers.get('Content-Type') ?? '';
  const accept = request.headers.get('Accept') ?? '';
  return /^application\/json\b/i.test(type.trim()) || accept.includes('application/json');
}

/**
 * The middleware's answer to a request from another site, or null to let it through: 403, as the
 * shop's refusal envelope (src/api/schemas/endpoint.ts) for a script, as plain text for a form
 * (no shopper of ours ever sees it: our pages post same-origin).
 */
export function crossSiteRefusal(request: Request, url: URL): Response | null {
  if (isOriginAllowed(request, url)) return null;
  const headers = { 'Cache-Control': 'no-store' };
  if (wantsJson(request)) {
    const t = createT(messageLocale(url, localeFromPath(url.pathname)));
    const refusal: EndpointRefusal = { code: 403, message: t('accountErrors.foreign'), fields: [] };
    return Response.json(refusal, { status: 403, headers });
  }
  return new Response(`Cross-site ${request.method} form submissions are forbidden`, {
    status: 403,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
