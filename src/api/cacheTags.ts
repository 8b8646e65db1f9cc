import type { Locale } from './schemas/common.ts';

/**
 * The cache-tag vocabulary shared by the storefront and the services (a contract, like the
 * schemas): pages tag their route-cache entries with these names, and a service that changes the
 * data behind them sends the same names to `POST /api/revalidate`. Which change sends which tags is
 * each service's own rule; only the names live here.
 *
 * Locale rule: what exists per language is tagged `<base>:<locale>` by a page (`localeTag`). A
 * change sends the bare tag and the suffixed one of every language it touches; since the route
 * cache drops an entry carrying *any* sent tag, a page carrying the bare form would also be
 * dropped by changes made in the other language.
 */

/** Every catalogue listing (categories, brands, search results, special catalogues, product strips). */
export const CATALOG_TAG = 'catalog';
/** Pages built from the category config (menus, category titles, the category sitemap). */
export const CATEGORY_CONFIG_TAG = 'category-config';
/** Search result pages. */
export const SEARCH_TAG = 'search';
/** The sitemap files. */
export const SITEMAP_TAG = 'sitemap';
/** Product sitemap file `n` (1-based), which a change of a product it lists drops on its own. */
export const productSitemapTag = (n: number): string => `sitemap:products:${n}`;

export const productTag = (id: number): string => `product:${id}`;
export const categoryTag = (slug: string): string => `category:${slug}`;
export const brandTag = (id: number): string => `brand:${id}`;
/** A special catalogue by its meta slug (`outlet`, `pakunok-malyuka`, a custom catalogue's slug). */
export const specialCatalogTag = (slug: string): string => `catalog:${slug}`;

/**
 * Listings of `scope` whose membership or order follows prices: sorted by price or discount, or
 * filtered by price. `scope` is the tag of what they list: `category:<slug>`, `brand:<id>`,
 * `catalog:<slug>` or `search` (every search result). A product's price change drops these for its
 * own category, brand and catalogues; the listings that merely show it carry `product:<id>`.
 */
export const priceListingTag = (scope: string): string => `by-price:${scope}`;
/** Listings of `scope` filtered by a warehouse: a change of where a product is stocked drops them. */
export const stockListingTag = (scope: string): string => `by-stock:${scope}`;

export const contentBlockTag = (slug: string): string => `content:${slug}`;
export const infoPageTag = (slug: string): string => `page:${slug}`;
export const sliderTag = (slug: string): string => `slider:${slug}`;
export const postTag = (slug: string): string => `post:${slug}`;
/** The blog (group 0) or news (group 1) lists. */
export const postListTag = (group: 0 | 1): string => (group === 0 ? 'blog' : 'news');
export const PROMOTIONS_TAG = 'promotion';
export const promotionTag = (slug: string): string => `promotion:${slug}`;

/** The tag a page in `locale` carries for what it shows of `base` (`content:S`, `slider:S`, `blog` …). */
export function localeTag(base: string, locale: Locale): string {
  return `${base}:${locale}`;
}

/**
 * A tag as it travels in the `Cache-Tag` / `Surrogate-Key` headers: header values are ASCII and
 * those headers separate tags with commas and spaces, so anything else is percent-encoded. A purge
 * by tag sends the same form (the wire cache and a CDN compare these strings).
 */
export function headerTag(tag: string): string {
  return tag.replace(/[^\x21-\x7e]|[,%]/gu, (c) => encodeURIComponent(c));
}
