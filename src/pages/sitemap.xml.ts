import type { APIRoute } from 'astro';
import { sitemapIndex } from '../domain/seo/sitemap.ts';

/** Sitemap index. Product, brand and content sitemaps join it as those pages are built. */
export const GET: APIRoute = ({ url }) =>
  new Response(sitemapIndex([`${url.origin}/sitemap-categories.xml`]), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
