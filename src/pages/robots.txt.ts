import type { APIRoute } from 'astro';
import { deployment } from '../server/request/deployment.ts';

/**
 * Crawl rules: no service endpoints, no search results (noindex anyway), the sitemap index on the
 * site's own origin. A public demo (SHOP_DEMO=1) is crawled by nobody.
 */
export const GET: APIRoute = ({ locals }) =>
  new Response(
    [
      'User-agent: *',
      ...(deployment().demo
        ? ['Disallow: /']
        : [
            'Allow: /',
            'Disallow: /svc/',
            'Disallow: /api/',
            'Disallow: /search-result',
            'Disallow: /ua/search-result',
          ]),
      `Sitemap: ${locals.siteOrigin}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
