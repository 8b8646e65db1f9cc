import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { getPage, getPost, getPosts, type PostKind } from '../../api/content.ts';
import type { ContentPage, Post } from '../../api/schemas/content.ts';
import { pageCount as countPages, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import { articleJsonLd, webPageJsonLd } from '../../domain/content/articleJsonLd.ts';
import { breadcrumbJsonLd, jsonLdText, type Crumb } from '../../domain/seo/jsonLd.ts';
import { isContentSlug, listPagePath, parsePostSegment, type PostSegment } from '../../domain/content/postRoute.ts';
import { sanitizeCmsHtml } from '../../domain/content/sanitize.ts';
import { getOftenUsedSettlements } from '../../api/delivery.ts';
import { HOME_CITY_ID } from '../../domain/checkout/deliveryRules.ts';
import {
  deliveryPromiseRows,
  fillDeliveryPromises,
  type DeliveryPromiseRow,
} from '../../domain/content/deliveryPromises.ts';
import { formatDate } from '../../domain/format/date.ts';
import { postCard, postListPath, postPath, type PostCard } from '../../domain/content/postCard.ts';
import { infoPageTag, localeTag, postListTag, postTag } from '../../api/cacheTags.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { crawlerPictureUrl } from '../../domain/media/crawlerPicture.ts';
import { notFound, page as found, redirect, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

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
 * Framework-free functions of a PageRequest (unit-tested with a fake service), answering one
 * PageOutcome each.
 */

/** Posts per list page. */
export const POSTS_PAGE_SIZE = 12;
/** Posts in the "more posts" block under a post. */
export const MORE_POSTS = 3;

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
  /**
   * The delivery page's methods and prices from the delivery service and the checkout's rules
   * (deliveryPromises.ts); empty on other pages or when the service did not answer.
   */
  deliveryMethods: DeliveryPromiseRow[];
}

/** The delivery page (`/info/delivery`) shows the methods the checkout offers, from the rules. */
const DELIVERY_PAGE_SLUG = 'delivery';
/** Optional: the page is the CMS's text without the table when the delivery service is slow. */
const DELIVERY_TIMEOUT_MS = 2000;

/** What a blog or news path shows: a page of the list, or a post. */
export type PostRouteModel = { kind: 'list'; data: PostListData } | { kind: 'post'; data: PostPageData };

/** The cache tag of a list (`blog` or `news`), the content service's name for it. */
const listTag = (kind: PostKind): string => postListTag(kind === 'blog' ? 0 : 1);

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function homeCrumb({ locale, t }: PageRequest): Crumb {
  return { title: t('catalog.home'), href: routeUrl(routeName('main-page', locale)) };
}

/**
 * `/blog[/…]` and `/news[/…]`: `segment` is what follows the list's path (undefined for the list
 * itself). `page-1` redirects to the list, a page past the last or an unknown post is not found.
 */
export async function postRouteOutcome(
  ctx: PageRequest,
  kind: PostKind,
  segment: string | undefined,
): Promise<PageOutcome<PostRouteModel>> {
  const parsed: PostSegment = segment === undefined ? { kind: 'list', page: 1 } : parsePostSegment(segment);
  switch (parsed.kind) {
    case 'invalid':
      return notFound();
    case 'firstPage':
      return redirect(`${postListPath(kind, ctx.locale)}${ctx.url.search}`);
    case 'list':
      return loadPostList(ctx, kind, parsed.page);
    case 'post':
      return loadPost(ctx, kind, parsed.slug);
  }
}

async function loadPostList(ctx: PageRequest, kind: PostKind, page: number): Promise<PageOutcome<PostRouteModel>> {
  const { api, locale, t, origin } = ctx;
  // Critical: a failure here is the 500 page.
  const list = await getPosts(api, kind, { page: page - 1, limit: POSTS_PAGE_SIZE });
  const pageCount = countPages(list.total, POSTS_PAGE_SIZE);
  if (page > pageCount) return notFound();

  const base = postListPath(kind, locale);
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
    posts: list.items.map((post) => postCard(kind, locale, post)),
    links: pageLinks(page, pageCount, (n) => listPagePath(base, n)),
    crumbs,
    current,
    jsonLd: jsonLdText(breadcrumbJsonLd(origin, [...crumbs, { title: current, href: canonicalPath }])),
  };
  return found({ kind: 'list', data }, { tags: [localeTag(listTag(kind), locale)] });
}

/** The newest posts of the list other than `slug`; optional, so a failure is logged and gives none. */
async function morePosts({ api, locale }: PageRequest, kind: PostKind, slug: string): Promise<PostCard[]> {
  try {
    const list = await getPosts(api, kind, { page: 0, limit: MORE_POSTS + 1 });
    return list.items
      .filter((post) => post.slug !== slug)
      .slice(0, MORE_POSTS)
      .map((post) => postCard(kind, locale, post));
  } catch (error) {
    log.error(`[content] ${kind} list for "more posts" failed:`, error instanceof Error ? error.message : error);
    report(error, { failure: '[content] more posts' });
    return [];
  }
}

async function loadPost(ctx: PageRequest, kind: PostKind, slug: string): Promise<PageOutcome<PostRouteModel>> {
  const { api, locale, t, origin } = ctx;
  // The post is critical (null: 404; a failure: the 500 page); the "more posts" block is optional.
  const [post, more] = await Promise.all([getPost(api, kind, slug), morePosts(ctx, kind, slug)]);
  if (post === null) return notFound();

  const canonicalPath = postPath(kind, locale, post.slug);
  const listHref = postListPath(kind, locale);
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
        image: post.image ? crawlerPictureUrl(post.image, origin) : '',
        datePublished: post.publishedAt,
        // The post answer carries no change date; the field is left out rather than guessed.
        dateModified: null,
        crumbs: [...crumbs, { title: post.title, href: canonicalPath }],
      }),
    ),
  };
  return found(
    { kind: 'post', data },
    { tags: [localeTag(postTag(post.slug), locale), localeTag(listTag(kind), locale)] },
  );
}

/** `/info/{slug}`: an info page of the CMS (delivery, bonus-rules …); not found when there is none. */
export async function infoPageOutcome(ctx: PageRequest, slug: string | undefined): Promise<PageOutcome<InfoPageData>> {
  if (slug === undefined || !isContentSlug(slug)) return notFound();
  const { api, locale, t, origin } = ctx;
  // Critical: null (404) when the page does not exist, any other failure is the 500 page.
  const [cms, cities] = await Promise.all([
    getPage(api, slug),
    slug === DELIVERY_PAGE_SLUG
      ? getOftenUsedSettlements(api, undefined, { timeoutMs: DELIVERY_TIMEOUT_MS }).then(
          (list) => list.items,
          (error: unknown) => {
            log.warn('[content] the delivery page’s methods:', error instanceof Error ? error.message : error);
            return [];
          },
        )
      : [],
  ]);
  if (cms === null) return notFound();
  // The CMS's promises carry the rules' numbers (`{{freeDeliveryFrom}}`), never typed-in ones.
  const page = {
    ...cms,
    title: fillDeliveryPromises(cms.title),
    content: fillDeliveryPromises(cms.content),
    metaTitle: cms.metaTitle && fillDeliveryPromises(cms.metaTitle),
    metaDescription: cms.metaDescription && fillDeliveryPromises(cms.metaDescription),
  };

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
    deliveryMethods: deliveryPromiseRows(cities, HOME_CITY_ID, locale),
  };
  return found(data, { tags: [localeTag(infoPageTag(page.slug), locale)] });
}
