import type { AstroGlobal } from 'astro';
import { NAV_BANNERS_SLUG } from '../../api/schemas/content.ts';
import { localeTag, sliderTag } from '../../api/cacheTags.ts';

/** Route-cache lifetimes (seconds). Editors' changes arrive through tag invalidation, not expiry. */
export const PAGE_MAX_AGE = 300;
export const PAGE_SWR = 3600;

/**
 * Marks a public page (same HTML for every visitor) as cacheable: the server keeps it in the route
 * cache under `tags`, and browsers always revalidate, so an invalidated page is seen on the next load.
 */
export function cachePublicPage(astro: AstroGlobal, tags: string[], maxAge = PAGE_MAX_AGE, swr = PAGE_SWR): void {
  // Every public page has the header, whose catalogue menu shows the nav-banners of its language.
  const shell = localeTag(sliderTag(NAV_BANNERS_SLUG), astro.locals.locale);
  if (astro.cache.enabled) astro.cache.set({ maxAge, swr, tags: [...tags, shell] });
  astro.response.headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
}

/** Error and personal pages must never be stored, by us or by the browser. */
export function noStore(astro: AstroGlobal): void {
  astro.response.headers.set('Cache-Control', 'no-store');
}
