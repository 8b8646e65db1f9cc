import type { Locale } from '../api/schemas/common.ts';
import type { APIRoute } from 'astro';
import { getPosts, type PostKind } from '../api/content.ts';
import { bilingualUrls, urlset } from '../domain/seo/sitemap.ts';
import { postListTag, SITEMAP_TAG } from '../api/cacheTags.ts';
import type { HttpClient } from '../api/http.ts';
import { requestApi } from '../server/request/requestApi.ts';

/** The info pages the site links from every footer. */
const INFO_PAGES = ['delivery', 'bonus-rules'];
const PAGE_SIZE = 50;

/** Slugs of every post of a list in one locale. */
async function postSlugs(api: HttpClient, kind: PostKind): Promise<Set<string>> {
  const slugs = new Set<string>();
  for (let page = 0; ; page++) {
    const list = await getPosts(api, kind, { page, limit: PAGE_SIZE });
    for (const post of list.items) slugs.add(post.slug);
    if (list.items.length < PAGE_SIZE || slugs.size >= list.total) return slugs;
  }
}

/** Blog and news lists, their posts (those published in both languages) and the info pages. */
export const GET: APIRoute = async ({ cache, locals }) => {
  // The sitemap's own request is Russian; the Ukrainian lists need a client of their own.
  const clients: Record<Locale, HttpClient> = { ru: locals.api, uk: requestApi('uk') };
  const paths = ['/blog', '/news', ...INFO_PAGES.map((slug) => `/info/${slug}`)];
  for (const kind of ['blog', 'news'] as const) {
    const [ru, uk] = await Promise.all([postSlugs(clients.ru, kind), postSlugs(clients.uk, kind)]);
    for (const slug of ru) if (uk.has(slug)) paths.push(`/${kind}/${slug}`);
  }
  if (cache.enabled) cache.set({ maxAge: 3600, swr: 86400, tags: [postListTag(0), postListTag(1), SITEMAP_TAG] });
  return new Response(urlset(bilingualUrls(locals.siteOrigin, paths)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
