import { deployment } from './deployment.ts';

/**
 * The shop's one public origin (DESIGN §7 "One origin"): `SITE_URL`, or outside production the
 * address the launcher listens on. Every absolute URL a page or a message carries (canonical,
 * hreflang, JSON-LD, sitemaps, robots.txt, share and callback links) is made from it, never from
 * the request's Host, which anyone can set: one request with `Host: evil.example` must not put
 * evil.example into a page that the caches then hand to everyone.
 */

/** The deployment's origin, or `requestUrl`'s own where no launcher registered one (the dev server). */
export function siteOrigin(requestUrl: URL): string {
  return deployment().siteOrigin ?? requestUrl.origin;
}

/**
 * Whether a `Host` header names the site: the site's host with or without its scheme's default
 * port (`shop.example`, `shop.example:443`). Compared without case, as hosts are.
 */
export function isSiteHost(host: string | undefined, origin: string): boolean {
  if (host === undefined) return false;
  const site = new URL(origin);
  const given = host.trim().toLowerCase();
  const defaultPort = site.protocol === 'https:' ? '443' : '80';
  const bare = site.hostname.toLowerCase();
  const withPort = `${bare}:${site.port === '' ? defaultPort : site.port}`;
  return given === withPort || (site.port === '' && given === bare);
}
