import type { AstroGlobal } from 'astro';
import { localeTag, sliderTag } from '../../api/cacheTags.ts';
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

/**
 * Marks a public page (same HTML for every visitor) as cacheable: the server keeps it in the route
 * cache under its tags, and browsers always revalidate, so an invalidated page is seen on the next load.
 */
export function cachePublicPage(astro: AstroGlobal, hint: CacheHint): void {
  // Every public page has the header, whose catalogue menu shows the nav-banners of its language.
  const shell = localeTag(sliderTag(NAV_BANNERS_SLUG), astro.locals.locale);
  const { tags, maxAge = PAGE_MAX_AGE, swr = PAGE_SWR } = hint;
  if (astro.cache.enabled) astro.cache.set({ maxAge, swr, tags: [...tags, shell] });
  astro.response.headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
}

/** Error and personal pages must never be stored, by us or by the browser. */
export function noStore(astro: AstroGlobal): void {
  astro.response.headers.set('Cache-Control', 'no-store');
}
