import type { ContentLocale } from '../../api/schemas/content.ts';
import { MAIN_PAGE_SLUGS, NAV_BANNERS_SLUG } from '../../api/schemas/content.ts';

/**
 * What an editor's change invalidates: cache tags (authoritative) and page paths (a hint).
 *
 * Tag rules. Every tag comes bare and, for each locale the change touches, suffixed with
 * `:<locale>` (`ru` or `uk`). A page in locale L tags itself with the suffixed form only
 * (`localeTag`): the route cache drops an entry that carries *any* of the sent tags, so a page
 * carrying the bare form would also be dropped by every change made in the other language. The
 * bare form is for pages that show both languages at once, and for callers outside the shop.
 *
 * | change                                   | tags                                                   |
 * |------------------------------------------|--------------------------------------------------------|
 * | content block S in locale L              | `content:S`, `content:S:L`                             |
 * | info page S in locale L                  | `page:S`, `page:S:L`                                   |
 * | slider S in L, or any of its slides      | `slider:S`, `slider:S:L`                               |
 * | blog post S, locales Ls                  | `blog`, `blog:L`…, `post:S`, `post:S:L`…               |
 * | news item S, locales Ls                  | `news`, `news:L`…, `post:S`, `post:S:L`…               |
 * | promotion S, locales Ls                  | `promotion`, `promotion:L`…, `promotion:S`, `promotion:S:L`… |
 *
 * "Locales touched": a post's or promotion's text change touches its own locale; a change of what
 * both languages show (image, date, activity, products) or a creation or deletion touches every
 * locale the post or promotion has. Pages that show promotions for a product (the for-product
 * call) should carry `promotion:L`, as any promotion change in their language may alter that answer.
 *
 * Paths follow the storefront's route patterns (src/i18n/routes.ts): info pages `/info/S`,
 * `/blog`, `/news`, and `/` for main-page content, each with the `/ua` prefix for Ukrainian.
 */
export interface ContentChange {
  tags: string[];
  paths: string[];
}

const UA = '/ua';

function localized(path: string, locale: ContentLocale): string {
  if (locale === 'ru') return path;
  return path === '/' ? `${UA}/` : `${UA}${path}`;
}

/** The tag a page in `locale` carries for what it shows of `base` (`content:S`, `slider:S`, `blog` …). */
export function localeTag(base: string, locale: ContentLocale): string {
  return `${base}:${locale}`;
}

function tagsFor(base: string, locales: readonly ContentLocale[]): string[] {
  return [base, ...locales.map((locale) => localeTag(base, locale))];
}

const MAIN_PAGE = new Set<string>([...Object.values(MAIN_PAGE_SLUGS), NAV_BANNERS_SLUG]);

function mainPagePaths(slug: string, locale: ContentLocale): string[] {
  return MAIN_PAGE.has(slug) ? [localized('/', locale)] : [];
}

export function contentBlockChange(slug: string, locale: ContentLocale): ContentChange {
  return { tags: tagsFor(`content:${slug}`, [locale]), paths: mainPagePaths(slug, locale) };
}

export function pageChange(slug: string, locale: ContentLocale): ContentChange {
  return { tags: tagsFor(`page:${slug}`, [locale]), paths: [localized(`/info/${slug}`, locale)] };
}

export function sliderChange(slug: string, locale: ContentLocale): ContentChange {
  return { tags: tagsFor(`slider:${slug}`, [locale]), paths: mainPagePaths(slug, locale) };
}

export function postChange(group: 0 | 1, slug: string, locales: readonly ContentLocale[]): ContentChange {
  const list = group === 0 ? 'blog' : 'news';
  return {
    tags: [...tagsFor(list, locales), ...tagsFor(`post:${slug}`, locales)],
    paths: locales.map((locale) => localized(`/${list}`, locale)),
  };
}

export function promotionChange(slug: string, locales: readonly ContentLocale[]): ContentChange {
  return { tags: [...tagsFor('promotion', locales), ...tagsFor(`promotion:${slug}`, locales)], paths: [] };
}
