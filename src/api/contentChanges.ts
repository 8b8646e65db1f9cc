import {
  categoryTag,
  contentBlockTag,
  infoPageTag,
  localeTag,
  postListTag,
  postTag,
  productTag,
  PROMOTIONS_TAG,
  promotionTag,
  sliderTag,
} from './cacheTags.ts';
import type { Locale } from './schemas/common.ts';
import { MAIN_PAGE_SLUGS, NAV_BANNERS_SLUG } from './schemas/content.ts';

/**
 * The content service's promise: what an editor's change invalidates, as cache tags
 * (authoritative, names from cacheTags.ts) and page paths (a hint). A contract, not a storefront
 * rule: the service sends these, and the editor screen looks up when the first of them went live.
 *
 * Every tag comes bare and, for each locale the change touches, suffixed (`localeTag`, see
 * cacheTags.ts for why pages carry only the suffixed form).
 *
 * | change                                   | tags                                                   |
 * |------------------------------------------|--------------------------------------------------------|
 * | content block S in locale L              | `content:S`, `content:S:L`                             |
 * | info page S in locale L                  | `page:S`, `page:S:L`                                   |
 * | slider S in L, or any of its slides      | `slider:S`, `slider:S:L`                               |
 * | blog post S, locales Ls                  | `blog`, `blog:L`…, `post:S`, `post:S:L`…               |
 * | news item S, locales Ls                  | `news`, `news:L`…, `post:S`, `post:S:L`…               |
 * | promotion S, locales Ls                  | `promotion`, `promotion:L`…, `promotion:S`, `promotion:S:L`… |
 * | a review of product P (written, changed, deleted, answered) | `product:P`, `category:<folder>`, `category:<sub>` |
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

function localized(path: string, locale: Locale): string {
  if (locale === 'ru') return path;
  return path === '/' ? `${UA}/` : `${UA}${path}`;
}

function tagsFor(base: string, locales: readonly Locale[]): string[] {
  return [base, ...locales.map((locale) => localeTag(base, locale))];
}

const MAIN_PAGE = new Set<string>([...Object.values(MAIN_PAGE_SLUGS), NAV_BANNERS_SLUG]);

function mainPagePaths(slug: string, locale: Locale): string[] {
  return MAIN_PAGE.has(slug) ? [localized('/', locale)] : [];
}

export function contentBlockChange(slug: string, locale: Locale): ContentChange {
  return { tags: tagsFor(contentBlockTag(slug), [locale]), paths: mainPagePaths(slug, locale) };
}

export function pageChange(slug: string, locale: Locale): ContentChange {
  return { tags: tagsFor(infoPageTag(slug), [locale]), paths: [localized(`/info/${slug}`, locale)] };
}

export function sliderChange(slug: string, locale: Locale): ContentChange {
  return { tags: tagsFor(sliderTag(slug), [locale]), paths: mainPagePaths(slug, locale) };
}

export function postChange(group: 0 | 1, slug: string, locales: readonly Locale[]): ContentChange {
  const list = postListTag(group);
  return {
    tags: [...tagsFor(list, locales), ...tagsFor(postTag(slug), locales)],
    paths: locales.map((locale) => localized(`/${list}`, locale)),
  };
}

export function promotionChange(slug: string, locales: readonly Locale[]): ContentChange {
  return { tags: [...tagsFor(PROMOTIONS_TAG, locales), ...tagsFor(promotionTag(slug), locales)], paths: [] };
}

/**
 * A review of a product was written, changed, deleted or answered: the product's page (its list,
 * average and JSON-LD) and the listings of its categories (the stars on its card, the category's
 * top reviews). Reviews are not per language: every language's pages. Paths: the product page in
 * both languages, when the product's slug is known.
 */
export function reviewChange(place: {
  productId: number;
  folderCategory: string;
  category: string | null;
  slug: string | null;
}): ContentChange {
  const categories = [
    place.folderCategory,
    ...(place.category && place.category !== place.folderCategory ? [place.category] : []),
  ];
  return {
    tags: [productTag(place.productId), ...categories.map(categoryTag)],
    paths: place.slug === null ? [] : [`/product/${place.slug}`, `/ua/product/${place.slug}`],
  };
}
