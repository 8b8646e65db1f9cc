import type { ProductCardModel } from './productCard.ts';
import type { PageLinks } from './pagination.ts';
import type { CatalogSort } from './routePath.ts';

/**
 * What every product listing shares (category pages, brands, search results, outlet, baby
 * bundle, custom catalogues): the page size, the sort choices and the `[page-N][/sort-…]` tail of
 * the flat listings' URLs.
 */

/** Spec §9: default catalogue page size. */
export const CATALOG_PAGE_SIZE = 24;

/** Sort choices offered on listings, as URL sort segments (null = the default order). */
export const SORT_CHOICES = [
  { key: 'popularity', sort: null },
  { key: 'price', sort: { field: 'price', desc: false } },
  { key: 'price-desc', sort: { field: 'price', desc: true } },
  { key: 'new-desc', sort: { field: 'new', desc: true } },
  { key: 'discount-desc', sort: { field: 'discount', desc: true } },
] as const;

export interface SortLink {
  /** Also the sort's label key (`catalog.sort.<key>`): a union, so a label cannot be missing. */
  key: (typeof SORT_CHOICES)[number]['key'];
  href: string;
  active: boolean;
}

/** The sort links of a listing sorted by `current`; `hrefFor` builds the URL of a sort (page 1). */
export function sortLinks(current: CatalogSort | null, hrefFor: (sort: CatalogSort | null) => string): SortLink[] {
  return SORT_CHOICES.map((choice) => ({
    key: choice.key,
    href: hrefFor(choice.sort ? { ...choice.sort } : null),
    active:
      choice.sort === null
        ? current === null
        : current?.field === choice.sort.field && current.desc === choice.sort.desc,
  }));
}

const PAGE = /^page-([1-9]\d{0,4})$/;
const SORT = /^sort-([a-z]+?)(-desc)?$/;

/**
 * `[page-N][/sort-field[-desc]]` after a flat listing's own path; null when it is anything else.
 * `page-1` parses (as page 1), so a hand-edited URL gets a 301 to the page without it, the same
 * rule as category pages (docs/decisions.md "Catalogue URLs").
 */
export function parseListingRest(rest: string | undefined): { page: number; sort: CatalogSort | null } | null {
  const segments = (rest ?? '').split('/').filter((segment) => segment !== '');
  let page = 1;
  let sort: CatalogSort | null = null;
  const first = segments[0];
  const pageMatch = first === undefined ? null : PAGE.exec(first);
  if (pageMatch) {
    page = Number(pageMatch[1]);
    segments.shift();
  }
  const sortMatch = segments[0] === undefined ? null : SORT.exec(segments[0]);
  if (sortMatch?.[1]) {
    sort = { field: sortMatch[1], desc: sortMatch[2] !== undefined };
    segments.shift();
  }
  return segments.length === 0 ? { page, sort } : null;
}

/** The canonical URL of page `page` sorted by `sort` of the listing at `base` (no `page-1`). */
export function listingPath(base: string, page: number, sort: CatalogSort | null = null): string {
  const pagePart = page > 1 ? `/page-${page}` : '';
  const sortPart = sort ? `/sort-${sort.field}${sort.desc ? '-desc' : ''}` : '';
  return `${base}${pagePart}${sortPart}`;
}

/** A flat product listing page (a search's hint, outlet, baby bundle, custom catalogues). */
export interface ListingPageModel {
  documentTitle: string;
  heading: string;
  /** Meta description, when there is one. */
  description: string | null;
  /** A paragraph under the heading (a brand's description). */
  intro: string | null;
  robots: 'index,follow' | 'noindex,nofollow';
  canonicalPath: string | null;
  /** Shown instead of results (a query too short to search). */
  hint: string | null;
  total: number;
  products: ProductCardModel[];
  links: PageLinks;
  sorts: SortLink[];
}
