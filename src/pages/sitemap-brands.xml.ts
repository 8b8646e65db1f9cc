import { CATEGORY_CONFIG_TAG, SITEMAP_TAG } from '../api/cacheTags.ts';
import type { APIRoute } from 'astro';
import { getCategoryConfig } from '../api/search.ts';
import { bilingualUrls, urlset } from '../domain/seo/sitemap.ts';

/** Every brand page, in both locales. */
export const GET: APIRoute = async ({ cache, locals }) => {
  const config = await getCategoryConfig(locals.api);
  if (cache.enabled) cache.set({ maxAge: 3600, swr: 86400, tags: [CATEGORY_CONFIG_TAG, SITEMAP_TAG] });
  const paths = config.brandList.map((brand) => `/brand/${brand.slug}`);
  return new Response(urlset(bilingualUrls(locals.siteOrigin, paths)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
