import type { APIRoute } from 'astro';

/** Crawl rules: no service endpoints, no search results (noindex anyway), the sitemap index. */
export const GET: APIRoute = ({ url }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /svc/',
      'Disallow: /api/',
      'Disallow: /search-result',
      'Disallow: /ua/search-result',
      `Sitemap: ${url.origin}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
