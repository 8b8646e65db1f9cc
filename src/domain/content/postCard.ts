import type { Locale } from '../../api/schemas/common.ts';
import type { PostKind } from '../../api/schemas/content.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { formatDate } from '../format/date.ts';
import { safeImage } from './slides.ts';

/** What a post card needs of a post of the blog or news list. */
export interface PostSource {
  slug: string;
  title: string;
  preview: string;
  image: string;
  imageAlt: string;
  publishedAt: string;
}

/** A post as the lists and strips show it. */
export interface PostCard {
  slug: string;
  href: string;
  title: string;
  preview: string;
  /** A picture URL that is safe to load, or null. */
  image: string | null;
  imageAlt: string;
  /** ISO instant, for `<time datetime>`. */
  publishedAt: string;
  /** DD.MM.YYYY (Kyiv). */
  date: string;
}

const LIST_ROUTE = { blog: 'blog-page', news: 'news-page' } as const;
const POST_ROUTE = { blog: 'blog-post-page', news: 'news-post-page' } as const;

/** The list page of `kind` in `locale` (`/blog`, `/ua/news` …). */
export function postListPath(kind: PostKind, locale: Locale): string {
  return routeUrl(routeName(LIST_ROUTE[kind], locale));
}

/** A post's page (`/blog/{slug}`, `/ua/news/{slug}` …). */
export function postPath(kind: PostKind, locale: Locale, slug: string): string {
  return routeUrl(routeName(POST_ROUTE[kind], locale), { slug });
}

export function postCard(kind: PostKind, locale: Locale, post: PostSource): PostCard {
  return {
    slug: post.slug,
    href: postPath(kind, locale, post.slug),
    title: post.title,
    preview: post.preview,
    image: safeImage(post.image),
    imageAlt: post.imageAlt,
    publishedAt: post.publishedAt,
    date: formatDate(post.publishedAt),
  };
}
