import type { Locale } from '../api/schemas/common.ts';
import type { APIRoute } from 'astro';
import { getPage, getPosts, getPromotions, type PostKind } from '../api/content.ts';
import { bilingualUrls, urlset } from '../domain/seo/sitemap.ts';
import { infoPageTag, postListTag, PROMOTIONS_TAG, SITEMAP_TAG } from '../api/cacheTags.ts';
import type { HttpClient } from '../api/http.ts';
import { requestApi } from '../server/request/requestApi.ts';

/** The info pages the site links from every footer. */
const INFO_PAGES = ['delivery', 'bonus-rules'];
const PAGE_SIZE = 50;

/** Every post of a list in one locale: its slug and when it last changed. */
async function postDates(api: HttpClient, kind: PostKind): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  for (let page = 0; ; page++) {
    const list = await getPosts(api, kind, { page, limit: PAGE_SIZE });
    for (const post of list.items) dates.set(post.slug, post.updatedAt ?? post.publishedAt);
    if (list.items.length < PAGE_SIZE || dates.size >= list.total) return dates;
  }
}

/** Every active promotion in one locale: its slug and when it last changed. */
async function promotionDates(api: HttpClient): Promise<Map<string, string | undefined>> {
  const dates = new Map<string, string | undefined>();
  for (let page = 0; ; page++) {
    const list = await getPromotions(api, { page, limit: PAGE_SIZE });
    for (const promotion of list.items) dates.set(promotion.slug, promotion.updatedAt);
    if (list.items.length < PAGE_SIZE || dates.size >= list.total) return dates;
  }
}

/** The newest of some ISO 8601 instants (they compare as text), or undefined for none. */
const newest = (dates: Iterable<string>): string | undefined =>
  [...dates].reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);

/**
 * Blog and news lists, their posts (those published in both languages) and the info pages, each
 * with `<lastmod>` (issue 28): a post's last change, a list's newest post, an info page's own; and
 * the promotions (issue 25).
 */
export const GET: APIRoute = async ({ cache, locals }) => {
  // The sitemap's own request is Russian; the Ukrainian lists need a client of their own.
  const clients: Record<Locale, HttpClient> = { ru: locals.api, uk: requestApi('uk') };
  const paths = INFO_PAGES.map((slug) => `/info/${slug}`);
  const dates = new Map<string, Record<Locale, string | undefined>>();
  for (const kind of ['blog', 'news'] as const) {
    const [ru, uk] = await Promise.all([postDates(clients.ru, kind), postDates(clients.uk, kind)]);
    dates.set(`/${kind}`, { ru: newest(ru.values()), uk: newest(uk.values()) });
    paths.unshift(`/${kind}`);
    for (const [slug, changed] of ru) {
      const ukChanged = uk.get(slug);
      if (ukChanged === undefined) continue;
      paths.push(`/${kind}/${slug}`);
      dates.set(`/${kind}/${slug}`, { ru: changed, uk: ukChanged });
    }
  }
  // Promotions (issue 25): the list (dated by its newest change) and each promotion running in both languages.
  const [ruPromotions, ukPromotions] = await Promise.all([promotionDates(clients.ru), promotionDates(clients.uk)]);
  paths.push('/promotions');
  const defined = (values: Iterable<string | undefined>) => [...values].filter((v): v is string => v !== undefined);
  dates.set('/promotions', { ru: newest(defined(ruPromotions.values())), uk: newest(defined(ukPromotions.values())) });
  for (const [slug, changed] of ruPromotions) {
    if (!ukPromotions.has(slug)) continue;
    paths.push(`/promotions/${slug}`);
    dates.set(`/promotions/${slug}`, { ru: changed, uk: ukPromotions.get(slug) });
  }
  for (const slug of INFO_PAGES) {
    const [ru, uk] = await Promise.all([getPage(clients.ru, slug), getPage(clients.uk, slug)]);
    dates.set(`/info/${slug}`, { ru: ru?.updatedAt, uk: uk?.updatedAt });
  }
  if (cache.enabled) {
    cache.set({
      maxAge: 3600,
      swr: 86400,
      tags: [postListTag(0), postListTag(1), ...INFO_PAGES.map(infoPageTag), PROMOTIONS_TAG, SITEMAP_TAG],
    });
  }
  return new Response(urlset(bilingualUrls(locals.siteOrigin, paths, (path, locale) => dates.get(path)?.[locale])), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
