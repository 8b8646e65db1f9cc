import type { APIRoute } from 'astro';
import { deployment } from '../server/request/deployment.ts';

/** Where the embedded content service serves its pictures on the shop's origin. */
const CMS_PICTURES = '/svc/content/public/images/';

/**
 * Crawl rules: no service endpoints and no shop endpoints, the sitemap index on the site's own
 * origin. A public demo (SHOP_DEMO=1) is crawled by nobody. The CMS's pictures (post covers,
 * banners: drawings the image service cannot resize) are the one public part of `/svc/`: the longer
 * `Allow` wins over `Disallow: /svc/` (RFC 9309 §2.2.2). Product photos reach crawlers through
 * `/img` instead (src/server/images/pictureUrls.ts).
 */
export const GET: APIRoute = ({ locals }) =>
  new Response(
    [
      'User-agent: *',
      ...(deployment().demo
        ? ['Disallow: /']
        : [
            'Allow: /',
            `Allow: ${CMS_PICTURES}`,
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
