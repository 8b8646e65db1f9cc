import type { APIRoute } from 'astro';
import { CATALOG_TAG, SITEMAP_TAG } from '../api/cacheTags.ts';
import { bilingualUrls, urlset } from '../domain/seo/sitemap.ts';
import { productSitemapCount, productSitemapPages } from '../server/pages/productSitemap.ts';

/** Product pages, `PRODUCTS_PER_SITEMAP` a file, in both locales, each with the photos it shows. */
export const GET: APIRoute = async ({ params, cache, rewrite, locals }) => {
  const n = /^[1-9]\d{0,5}$/.test(params.n ?? '') ? Number(params.n) : 0;
  if (n === 0 || n > (await productSitemapCount(locals.api))) return rewrite('/404');
  const { paths, pictures } = await productSitemapPages(locals.api, n, locals.siteOrigin);
  if (cache.enabled) cache.set({ maxAge: 3600, swr: 86400, tags: [CATALOG_TAG, SITEMAP_TAG] });
  return new Response(urlset(bilingualUrls(locals.siteOrigin, paths, undefined, (path) => pictures.get(path) ?? [])), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
