import type { APIRoute } from 'astro';
import { CATALOG_TAG, SITEMAP_TAG } from '../api/cacheTags.ts';
import { sitemapIndex } from '../domain/seo/sitemap.ts';
import { productSitemapCount } from '../server/pages/productSitemap.ts';

/** Sitemap index over categories, brands, content pages and products. */
export const GET: APIRoute = async ({ cache, locals }) => {
  const products = await productSitemapCount(locals.api);
  if (cache.enabled) cache.set({ maxAge: 3600, swr: 86400, tags: [CATALOG_TAG, SITEMAP_TAG] });
  const files = [
    'sitemap-categories.xml',
    'sitemap-brands.xml',
    'sitemap-content.xml',
    ...Array.from({ length: products }, (_, i) => `sitemap-products-${i + 1}.xml`),
  ];
  return new Response(sitemapIndex(files.map((file) => `${locals.siteOrigin}/${file}`)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
