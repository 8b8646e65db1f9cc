import type { APIRoute } from 'astro';
import { deployment } from '../server/request/deployment.ts';

/**
 * Crawl rules: no service endpoints and no shop endpoints, the sitemap index on the
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
            // Not the search results: they say `noindex` themselves, which a crawler can only read
            // on a page it may fetch (issue 28: both at once contradicted each other).
          ]),
      `Sitemap: ${locals.siteOrigin}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
