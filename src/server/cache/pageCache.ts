import type { AstroGlobal } from 'astro';
import { headerTag, localeTag, sliderTag } from '../../api/cacheTags.ts';
import { NAV_BANNERS_SLUG } from '../../api/schemas/content.ts';

/** Route-cache lifetimes (seconds). Editors' changes arrive through tag invalidation, not expiry. */
export const PAGE_MAX_AGE = 300;
export const PAGE_SWR = 3600;

/** How the route cache may keep a public page: its tags, and its lifetimes when not the defaults. */
export interface CacheHint {
  tags: string[];
  maxAge?: number;
  swr?: number;
}

/** How long a shared cache may serve a page it cannot refresh because the shop fails (RFC 5861). */
export const PAGE_STALE_IF_ERROR = 86_400;

/**
 * Marks a public page (same HTML for every visitor) as cacheable. The route cache and the wire
 * cache keep it under its tags; a CDN may keep it as long, serving it stale while it refreshes or
 * while the shop fails (RFC 5861), and purge it by tag; browsers always revalidate
 * (`max-age=0, must-revalidate`, answered by a 304 when unchanged), so an invalidated page is seen
 * on the next load.
 *
 * The page says this in `Surrogate-Control` / `Surrogate-Key`, because Astro's route cache
 * consumes and strips `CDN-Cache-Control` and `Cache-Tag` (it reads its own copy of them); the
 * launcher's server adds those two from these on the way out (src/server/cache/wireServer.ts).
 */
export function cachePublicPage(astro: AstroGlobal, hint: CacheHint): void {
  // Every public page has the header, whose catalogue menu shows the nav-banners of its language.
  const shell = localeTag(sliderTag(NAV_BANNERS_SLUG), astro.locals.locale);
  const { tags, maxAge = PAGE_MAX_AGE, swr = PAGE_SWR } = hint;
  const allTags = [...new Set([...tags, shell])];
  if (astro.cache.enabled) astro.cache.set({ maxAge, swr, tags: allTags });
  const headers = astro.response.headers;
  headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
  headers.set(
    'Surrogate-Control',
    `max-age=${maxAge}, stale-while-revalidate=${swr}, stale-if-error=${PAGE_STALE_IF_ERROR}`,
  );
  headers.set('Surrogate-Key', allTags.map(headerTag).join(' '));
}

/** Error and personal pages must never be stored, by us or by the browser. */
export function noStore(astro: AstroGlobal): void {
  astro.response.headers.set('Cache-Control', 'no-store');
}
