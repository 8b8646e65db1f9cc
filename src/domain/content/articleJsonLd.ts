import type { Locale } from '../../api/schemas/common.ts';
import { absoluteUrl, breadcrumbJsonLd, SCHEMA_CONTEXT, type Crumb } from '../seo/jsonLd.ts';
/**
 * Structured data of content pages (schema.org, JSON-LD): a blog post is a `BlogPosting`, a news
 * item a `NewsArticle` (both kinds of `Article`), an info page a `WebPage`; every page also gets its
 * `BreadcrumbList`. URLs come in site-relative and leave absolute.
 */

export type ArticleKind = 'blog' | 'news';

interface CommonLdInput {
  /** Origin of the site, e.g. `https://karapuz.ua`. */
  origin: string;
  /** Site-relative canonical URL of the page. */
  url: string;
  /** `ru` or `uk`: schema.org `inLanguage`. */
  locale: Locale;
  /** The shop's name: the publisher (and author) Organization. */
  publisherName: string;
  description: string | null;
  /** ISO instant of the last change, when known. */
  dateModified: string | null;
  /** Main page → … → this page. */
  crumbs: readonly Crumb[];
}

export interface ArticleLdInput extends CommonLdInput {
  kind: ArticleKind;
  headline: string;
  /** ISO instant. */
  datePublished: string;
  /** Site-relative or absolute picture URL; '' when the post has none. */
  image: string;
}

export interface WebPageLdInput extends CommonLdInput {
  name: string;
}

const CONTEXT = SCHEMA_CONTEXT;
const absolute = absoluteUrl;

/** An ISO instant as schema.org wants it, or null when it is not a date at all. */
function isoDate(value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function organization(input: CommonLdInput): object {
  return { '@type': 'Organization', name: input.publisherName, url: absolute(input.origin, '/') };
}

/** A post's `BlogPosting` or `NewsArticle`, then its `BreadcrumbList`. */
export function articleJsonLd(input: ArticleLdInput): object[] {
  const url = absolute(input.origin, input.url);
  const published = isoDate(input.datePublished);
  const modified = isoDate(input.dateModified);
  return [
    {
      '@context': CONTEXT,
      '@type': input.kind === 'news' ? 'NewsArticle' : 'BlogPosting',
      headline: input.headline,
      ...(input.description ? { description: input.description } : {}),
      ...(input.image ? { image: [absolute(input.origin, input.image)] } : {}),
      ...(published ? { datePublished: published } : {}),
      ...(modified ? { dateModified: modified } : {}),
      inLanguage: input.locale,
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      author: organization(input),
      publisher: organization(input),
    },
    breadcrumbJsonLd(input.origin, input.crumbs),
  ];
}

/** An info page's `WebPage`, then its `BreadcrumbList`. */
export function webPageJsonLd(input: WebPageLdInput): object[] {
  const modified = isoDate(input.dateModified);
  return [
    {
      '@context': CONTEXT,
      '@type': 'WebPage',
      name: input.name,
      headline: input.name,
      ...(input.description ? { description: input.description } : {}),
      ...(modified ? { dateModified: modified } : {}),
      inLanguage: input.locale,
      url: absolute(input.origin, input.url),
      publisher: organization(input),
    },
    breadcrumbJsonLd(input.origin, input.crumbs),
  ];
}
