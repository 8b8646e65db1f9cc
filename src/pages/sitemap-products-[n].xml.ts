import type { APIRoute } from 'astro';
import { bilingualUrls, urlset } from '../domain/seo/sitemap.ts';
import { productSitemapCount, productSitemapPaths } from '../server/pages/productSitemap.ts';

/** Product pages, `PRODUCTS_PER_SITEMAP` a file, in both locales. */
export const GET: APIRoute = async ({ params, url, cache, rewrite }) => {
  const n = /^[1-9]\d{0,5}$/.test(params.n ?? '') ? Number(params.n) : 0;
  if (n === 0 || n > (await productSitemapCount())) return rewrite('/404');
  const paths = await productSitemapPaths(n);
  if (cache.enabled) cache.set({ maxAge: 3600, swr: 86400, tags: ['catalog', 'sitemap'] });
  return new Response(urlset(bilingualUrls(url.origin, paths)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
