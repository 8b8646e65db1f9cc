import type { APIRoute } from 'astro';
import { CATALOG_TAG, productSitemapTag, SITEMAP_TAG } from '../api/cacheTags.ts';
import { URLSET_END, urlsetStart } from '../domain/seo/sitemap.ts';
import { productSitemapCount, productSitemapEntries } from '../server/pages/productSitemap.ts';

/**
 * Product pages, `PRODUCTS_PER_SITEMAP` a file in both locales (src/api/schemas/sitemap.ts), each
 * with its `lastmod` and the photos it shows; written as it is read, so a 25,000-product file
 * never sits whole in memory while it is made. Tagged on its own: a product change drops the one
 * file listing it (src/services/search/productChangeTags.ts); `catalog` when products go on or off sale.
 */
export const GET: APIRoute = async ({ params, cache, rewrite, locals }) => {
  const n = /^[1-9]\d{0,5}$/.test(params.n ?? '') ? Number(params.n) : 0;
  if (n === 0 || n > (await productSitemapCount(locals.api))) return rewrite('/404');
  const entries = productSitemapEntries(locals.api, n, locals.siteOrigin);
  // The first part before the answer starts: a failing search service is an error page, not half a file.
  const first = await entries.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(urlsetStart(true)));
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      const part = await entries.next();
      if (part.done) {
        controller.enqueue(encoder.encode(URLSET_END));
        controller.close();
      } else {
        controller.enqueue(encoder.encode(`\n${part.value}`));
      }
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
  if (cache.enabled) cache.set({ maxAge: 3600, swr: 86400, tags: [CATALOG_TAG, SITEMAP_TAG, productSitemapTag(n)] });
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
