/**
 * Rules of the catalogue's in-place navigation: the filters enhancer swaps server-rendered regions
 * of the next state into the page, and "load more" appends the next page's cards (spec §4
 * "Catalogue loading"). Pure: the DOM side lives in src/components/catalog/catalogEnhancer.ts, the
 * remote state in src/stores/catalogNavigation.ts.
 */

/** The parts of a listing page that change from one state to the next, marked `data-catalog-region`. */
export const CATALOG_REGIONS = [
  'heading',
  'banner',
  'count',
  'filterCount',
  'filters',
  'sort',
  'chips',
  'products',
  'loadMore',
  'pagination',
  'reviews',
  'description',
] as const;
export type CatalogRegion = (typeof CATALOG_REGIONS)[number];

/** `replace`: a new state (filter, sort, page, back/forward); `append`: the next page under the current one. */
export type NavigationMode = 'replace' | 'append';

/** Regions that "load more" replaces besides appending the cards: the new page's links. */
const APPEND_REPLACES: readonly CatalogRegion[] = ['loadMore', 'pagination'];

/** Head elements that follow the state (the title is set separately). */
export const HEAD_SELECTORS: readonly string[] = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
  'link[rel="prev"]',
  'link[rel="next"]',
];

export interface RegionPlan {
  /** Regions whose element is replaced by the incoming one, in page order. */
  replace: CatalogRegion[];
  /** Regions whose incoming children are appended to the current element. */
  append: CatalogRegion[];
}

/**
 * Which regions to swap, given the region names found on the current page and on the fetched one
 * (in document order, duplicates kept). Null when the two pages are not the same kind of listing
 * (a region on one side only, a region twice, no product grid): the caller then navigates normally.
 */
export function planRegionSwap(
  mode: NavigationMode,
  current: readonly string[],
  incoming: readonly string[],
): RegionPlan | null {
  const have = new Set(current);
  const got = new Set(incoming);
  if (have.size !== current.length || got.size !== incoming.length) return null;
  if (have.size !== got.size || [...have].some((name) => !got.has(name))) return null;
  if (!have.has('products')) return null;
  const present = CATALOG_REGIONS.filter((name) => have.has(name));
  if (mode === 'replace') return { replace: present, append: [] };
  return { replace: present.filter((name) => APPEND_REPLACES.includes(name)), append: ['products'] };
}

/** What a link click looks like to the enhancer (a MouseEvent and its anchor, reduced to data). */
export interface LinkClick {
  button: number;
  /** Ctrl, Meta, Shift or Alt held: the shopper wants a new tab or window. */
  modified: boolean;
  defaultPrevented: boolean;
  /** The anchor's `target` attribute ('' when absent). */
  target: string;
  download: boolean;
  href: string;
}

/**
 * The URL to load in place for a click, or null when the browser should handle it as usual: other
 * buttons, modifier keys, another window or a download, another origin, or a jump within the page.
 */
export function takeOverClick(click: LinkClick, currentHref: string): URL | null {
  if (click.defaultPrevented || click.button !== 0 || click.modified || click.download) return null;
  if (click.target !== '' && click.target.toLowerCase() !== '_self') return null;
  let url: URL;
  let current: URL;
  try {
    current = new URL(currentHref);
    url = new URL(click.href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (url.hash !== '' && url.pathname === current.pathname && url.search === current.search) return null;
  return url;
}

/** True when the address bar shows another state than the page (back/forward), hashes aside. */
export function needsRefetch(shownHref: string, locationHref: string): boolean {
  const shown = new URL(shownHref);
  const now = new URL(locationHref);
  return shown.pathname !== now.pathname || shown.search !== now.search;
}

/** The role of an enhanced link (`data-catalog-link`). */
export type LinkRole = 'filter' | 'chip' | 'sort' | 'page' | 'reset' | 'loadMore';
const LINK_ROLES: readonly string[] = ['filter', 'chip', 'sort', 'page', 'reset', 'loadMore'];

/** Identifies a link across a swap: the same filter value or sort choice on the new page. */
export interface LinkKey {
  role: LinkRole;
  topic?: string | undefined;
  value?: string | undefined;
  sort?: string | undefined;
}

/** The key of a link from its data attributes, or null for a link the enhancer does not handle. */
export function linkKeyOf(data: {
  catalogLink?: string | undefined;
  topic?: string | undefined;
  value?: string | undefined;
  sort?: string | undefined;
}): LinkKey | null {
  const role = data.catalogLink;
  if (role === undefined || !LINK_ROLES.includes(role)) return null;
  return { role: role as LinkRole, topic: data.topic, value: data.value, sort: data.sort };
}

/** Same role and the same filter value or sort choice. */
export function sameLink(a: LinkKey, b: LinkKey): boolean {
  return a.role === b.role && a.topic === b.topic && a.value === b.value && a.sort === b.sort;
}

/**
 * Where keyboard focus goes once the new state is shown.
 * - `link`: the same filter value or sort choice, so the shopper goes on choosing from where they were;
 * - `heading`: the page's h1, after a page change, a reset or a chip's removal (the clicked link is
 *   gone, the content is new);
 * - `firstNew`: the first appended card after "load more";
 * - `none`: back/forward, where the shopper did not click anything on the page.
 */
export type FocusTarget =
  { kind: 'link'; key: LinkKey } | { kind: 'heading' } | { kind: 'firstNew' } | { kind: 'none' };

/** The focus rule for a navigation started by `trigger` (null: back/forward). */
export function focusAfter(mode: NavigationMode, trigger: LinkKey | null): FocusTarget {
  if (mode === 'append') return { kind: 'firstNew' };
  if (trigger === null) return { kind: 'none' };
  if (trigger.role === 'filter' || trigger.role === 'sort') return { kind: 'link', key: trigger };
  return { kind: 'heading' };
}

/** How many cards "load more" brings after page `page` of `total` items (0 on the last page). */
export function nextPageSize(total: number, page: number, pageSize: number): number {
  return Math.max(0, Math.min(pageSize, total - page * pageSize));
}

/** The "load more" link of a listing page: the next page's URL and its number of cards, or null on the last page. */
export function loadMoreLink(
  links: { pages: readonly { page: number; current: boolean }[]; nextHref: string | null },
  total: number,
  pageSize: number,
): { href: string; count: number } | null {
  const page = links.pages.find((p) => p.current)?.page ?? 1;
  const count = nextPageSize(total, page, pageSize);
  return links.nextHref !== null && count > 0 ? { href: links.nextHref, count } : null;
}
