import type { AstroGlobal } from 'astro';
import type { TFunction } from 'i18next';
import { getPage, getPost, getPosts, type PostKind } from '../../api/content.ts';
import type { HttpClient } from '../../api/http.ts';
import type { ContentPage, Post, PostSummary } from '../../api/schemas/content.ts';
import { pageCount as countPages, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import {
  articleJsonLd,
  breadcrumbJsonLd,
  jsonLdText,
  webPageJsonLd,
  type Crumb,
} from '../../domain/content/articleJsonLd.ts';
import { isContentSlug, listPagePath, parsePostSegment, type PostSegment } from '../../domain/content/postRoute.ts';
import { sanitizeCmsHtml } from '../../domain/content/sanitize.ts';
import { formatDate } from '../../domain/format/date.ts';
import type { Locale } from '../../i18n/locale.ts';
import { infoPageTag, localeTag, postTag } from '../../api/cacheTags.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { serverApi } from '../http/apiClient.ts';
import { cachePublicPage } from '../http/pageCache.ts';

/**
 * Loaders of the content pages: the blog and news lists (`/blog`, `/blog/page-N`, `/news` …), a
 * post (`/blog/{slug}`, `/news/{slug}`) and an info page (`/info/{slug}`), in both locales.
 *
 * Critical data: the list, the post, the info page. A 404 from the content service means there
 * is no such thing (our 404 page); any other failure propagates to the 500 page, which is never
 * cached — an empty list or a blank article must not be stored and indexed as if it were true.
 * Optional data: the "more posts" block under a post; when it fails the post shows without it.
 *
 * Cache tags follow the content service's change rules (src/domain/content/changeTags.ts):
 * lists `blog`|`news` and `<list>:<locale>`; posts `post:<slug>`, `post:<slug>:<locale>` and their
 * list's `<list>:<locale>` (the "more posts" block shows the newest of the list); info pages
 * `page:<slug>`, `page:<slug>:<locale>`.
 *
 * The work is done by framework-free functions of a ContentContext (unit-tested with a fake
 * service); resolvePostRoute and loadInfoPage are their Astro entry points, which also mark a
 * found page cacheable.
 */

/** Posts per list page. */
export const POSTS_PAGE_SIZE = 12;
/** Posts in the "more posts" block under a post. */
export const MORE_POSTS = 3;

export interface PostCard {
  slug: string;
  href: string;
  title: string;
  preview: string;
  image: string;
  imageAlt: string;
  /** ISO instant, for `<time datetime>`. */
  publishedAt: string;
  /** DD.MM.YYYY (Kyiv). */
  date: string;
}

export interface PostListData {
  kind: PostKind;
  page: number;
  pageCount: number;
  heading: string;
  title: string;
  description: string;
  canonicalPath: string;
  posts: PostCard[];
  links: PageLinks;
  /** Ancestors of this page, as links. */
  crumbs: Crumb[];
  /** The last, unlinked crumb. */
  current: string;
  jsonLd: string;
}

export interface PostPageData {
  kind: PostKind;
  post: Post;
  title: string;
  description: string | undefined;
  /** The post's body, sanitised. */
  html: string;
  date: string;
  canonicalPath: string;
  crumbs: Crumb[];
  listHref: string;
  listTitle: string;
  more: PostCard[];
  jsonLd: string;
}

export interface InfoPageData {
  page: ContentPage;
  title: string;
  description: string | undefined;
  /** The page's body, sanitised. */
  html: string;
  updated: string;
  canonicalPath: string;
  crumbs: Crumb[];
  jsonLd: string;
}

/** What the content loaders need of a request. */
export interface ContentContext {
  api: HttpClient;
  locale: Locale;
  t: TFunction;
  /** Origin for the absolute URLs of structured data. */
  origin: string;
  /** The request's query string ('' or '?…'), kept on redirects. */
  search: string;
}

/** A found page with the route-cache tags it is stored under. */
export type Found<K extends string, T> = { kind: K; data: T; tags: string[] };

export type PostRouteOutcome =
  | Found<'list', PostListData>
  | Found<'post', PostPageData>
  | { kind: 'redirect'; location: string }
  | { kind: 'notFound' };

const LIST_ROUTE = { blog: 'blog-page', news: 'news-page' } as const;
const POST_ROUTE = { blog: 'blog-post-page', news: 'news-post-page' } as const;

const listPath = (kind: PostKind, locale: Locale): string => routeUrl(routeName(LIST_ROUTE[kind], locale));
const postPath = (kind: PostKind, locale: Locale, slug: string): string =>
  routeUrl(routeName(POST_ROUTE[kind], locale), { slug });

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function homeCrumb({ locale, t }: ContentContext): Crumb {
  return { title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) };
}

function card(kind: PostKind, locale: Locale, post: PostSummary): PostCard {
  return {
    slug: post.slug,
    href: postPath(kind, locale, post.slug),
    title: post.title,
    preview: post.preview,
    image: post.image,
    imageAlt: post.imageAlt,
    publishedAt: post.publishedAt,
    date: formatDate(post.publishedAt),
  };
}

/**
 * `/blog[/…]` and `/news[/…]`: `segment` is what follows the list's path (undefined for the list
 * itself). `page-1` redirects to the list, a page past the last or an unknown post is not found.
 */
export async function postRouteOutcome(
  ctx: ContentContext,
  kind: PostKind,
  segment: string | undefined,
): Promise<PostRouteOutcome> {
  const parsed: PostSegment = segment === undefined ? { kind: 'list', page: 1 } : parsePostSegment(segment);
  switch (parsed.kind) {
    case 'invalid':
      return { kind: 'notFound' };
    case 'firstPage':
      return { kind: 'redirect', location: `${listPath(kind, ctx.locale)}${ctx.search}` };
    case 'list':
      return (await loadPostList(ctx, kind, parsed.page)) ?? { kind: 'notFound' };
    case 'post':
      return (await loadPost(ctx, kind, parsed.slug)) ?? { kind: 'notFound' };
  }
}

async function loadPostList(
  ctx: ContentContext,
  kind: PostKind,
  page: number,
): Promise<Found<'list', PostListData> | null> {
  const { api, locale, t, origin } = ctx;
  // Critical: a failure here is the 500 page.
  const list = await getPosts(api, kind, { page: page - 1, limit: POSTS_PAGE_SIZE });
  const pageCount = countPages(list.total, POSTS_PAGE_SIZE);
  if (page > pageCount) return null;

  const base = listPath(kind, locale);
  const canonicalPath = listPagePath(base, page);
  const heading = t(`content.${kind}`);
  const pageLabel = t('content.pageSuffix', { page });
  const site = t('site.name');
  const description = t(`content.${kind}Description`);
  const crumbs: Crumb[] = page > 1 ? [homeCrumb(ctx), { title: heading, href: base }] : [homeCrumb(ctx)];
  const current = page > 1 ? upperFirst(pageLabel) : heading;

  const data: PostListData = {
    kind,
    page,
    pageCount,
    heading: page > 1 ? `${heading} — ${pageLabel}` : heading,
    title: page > 1 ? `${heading} — ${pageLabel} — ${site}` : `${heading} — ${site}`,
    description: page > 1 ? `${description} ${upperFirst(pageLabel)}.` : description,
    canonicalPath,
    posts: list.items.map((post) => card(kind, locale, post)),
    links: pageLinks(page, pageCount, (n) => listPagePath(base, n)),
    crumbs,
    current,
    jsonLd: jsonLdText(breadcrumbJsonLd(origin, [...crumbs, { title: current, href: canonicalPath }])),
  };
  return { kind: 'list', data, tags: [localeTag(kind, locale)] };
}

/** The newest posts of the list other than `slug`; optional, so a failure is logged and gives none. */
async function morePosts({ api, locale }: ContentContext, kind: PostKind, slug: string): Promise<PostCard[]> {
  try {
    const list = await getPosts(api, kind, { page: 0, limit: MORE_POSTS + 1 });
    return list.items
      .filter((post) => post.slug !== slug)
      .slice(0, MORE_POSTS)
      .map((post) => card(kind, locale, post));
  } catch (error) {
    console.error(`[content] ${kind} list for "more posts" failed:`, error instanceof Error ? error.message : error);
    return [];
  }
}

async function loadPost(
  ctx: ContentContext,
  kind: PostKind,
  slug: string,
): Promise<Found<'post', PostPageData> | null> {
  const { api, locale, t, origin } = ctx;
  // The post is critical (null: 404; a failure: the 500 page); the "more posts" block is optional.
  const [post, more] = await Promise.all([getPost(api, kind, slug), morePosts(ctx, kind, slug)]);
  if (post === null) return null;

  const canonicalPath = postPath(kind, locale, post.slug);
  const listHref = listPath(kind, locale);
  const listTitle = t(`content.${kind}`);
  const crumbs: Crumb[] = [homeCrumb(ctx), { title: listTitle, href: listHref }];
  const description = post.metaDescription || post.preview || undefined;

  const data: PostPageData = {
    kind,
    post,
    title: post.metaTitle || `${post.title} — ${t('site.name')}`,
    description,
    html: sanitizeCmsHtml(post.content),
    date: formatDate(post.publishedAt),
    canonicalPath,
    crumbs,
    listHref,
    listTitle,
    more,
    jsonLd: jsonLdText(
      articleJsonLd({
        kind,
        origin,
        url: canonicalPath,
        locale,
        publisherName: t('site.name'),
        headline: post.title,
        description: description ?? null,
        image: post.image,
        datePublished: post.publishedAt,
        // The post answer carries no change date; the field is left out rather than guessed.
        dateModified: null,
        crumbs: [...crumbs, { title: post.title, href: canonicalPath }],
      }),
    ),
  };
  return { kind: 'post', data, tags: [localeTag(postTag(post.slug), locale), localeTag(kind, locale)] };
}

/** `/info/{slug}`: an info page of the CMS (delivery, bonus-rules …), or null when there is none. */
export async function infoPageOutcome(
  ctx: ContentContext,
  slug: string | undefined,
): Promise<Found<'info', InfoPageData> | null> {
  if (slug === undefined || !isContentSlug(slug)) return null;
  const { api, locale, t, origin } = ctx;
  // Critical: null (404) when the page does not exist, any other failure is the 500 page.
  const page = await getPage(api, slug);
  if (page === null) return null;

  const canonicalPath = routeUrl(routeName('info-page', locale), { slug: page.slug });
  const crumbs: Crumb[] = [homeCrumb(ctx)];
  const description = page.metaDescription || undefined;

  const data: InfoPageData = {
    page,
    title: page.metaTitle || `${page.title} — ${t('site.name')}`,
    description,
    html: sanitizeCmsHtml(page.content),
    updated: formatDate(page.updatedAt),
    canonicalPath,
    crumbs,
    jsonLd: jsonLdText(
      webPageJsonLd({
        origin,
        url: canonicalPath,
        locale,
        publisherName: t('site.name'),
        name: page.title,
        description: description ?? null,
        dateModified: page.updatedAt,
        crumbs: [...crumbs, { title: page.title, href: canonicalPath }],
      }),
    ),
  };
  return { kind: 'info', data, tags: [localeTag(infoPageTag(page.slug), locale)] };
}

// ---------------------------------------------------------------------------------------------
// Astro entry points

function contextOf(astro: AstroGlobal): ContentContext {
  const { locale, t, requestUrl } = astro.locals;
  return { api: serverApi(locale), locale, t, origin: requestUrl.origin, search: astro.url.search };
}

/** postRouteOutcome for this request; a found list or post is marked cacheable under its tags. */
export async function resolvePostRoute(
  astro: AstroGlobal,
  kind: PostKind,
  segment: string | undefined,
): Promise<PostRouteOutcome> {
  const outcome = await postRouteOutcome(contextOf(astro), kind, segment);
  if (outcome.kind === 'list' || outcome.kind === 'post') cachePublicPage(astro, outcome.tags);
  return outcome;
}

/** infoPageOutcome for this request: the page (marked cacheable under its tags), or null for a 404. */
export async function loadInfoPage(astro: AstroGlobal, slug: string | undefined): Promise<InfoPageData | null> {
  const found = await infoPageOutcome(contextOf(astro), slug);
  if (!found) return null;
  cachePublicPage(astro, found.tags);
  return found.data;
}
