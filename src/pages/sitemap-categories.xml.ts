import { CATEGORY_CONFIG_TAG, SITEMAP_TAG } from '../api/cacheTags.ts';
import type { APIRoute } from 'astro';
import type { CategoryNode } from '../api/schemas/categoryConfig.ts';
import { getCategoryConfig } from '../api/search.ts';
import { bilingualUrls, urlset } from '../domain/seo/sitemap.ts';

/** Every indexable folder and sub-category page (and the main page), in both locales. */
export const GET: APIRoute = async ({ cache, locals }) => {
  const config = await getCategoryConfig(locals.api);
  const paths: string[] = ['/'];
  const walk = (nodes: readonly CategoryNode[], prefix: string) => {
    for (const node of nodes) {
      const path = `${prefix}/${node.slug}`;
      paths.push(path);
      walk(node.childList, path);
    }
  };
  walk(config.categoryList, '');
  if (cache.enabled) cache.set({ maxAge: 3600, swr: 86400, tags: [CATEGORY_CONFIG_TAG, SITEMAP_TAG] });
  return new Response(urlset(bilingualUrls(locals.siteOrigin, paths)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
