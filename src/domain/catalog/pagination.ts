/** Pagination links of a listing, as a shopper scans them: first, last and two either side. */
export interface PageLinks {
  pages: { page: number; href: string; current: boolean }[];
  prevHref: string | null;
  nextHref: string | null;
}

/** Number of pages for `total` items (at least one, so an empty listing still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Links for page `current` of `count`; `hrefFor` builds the URL of a page. */
export function pageLinks(current: number, count: number, hrefFor: (page: number) => string): PageLinks {
  const shown = new Set([1, count, current - 2, current - 1, current, current + 1, current + 2]);
  return {
    pages: [...shown]
      .filter((p) => p >= 1 && p <= count)
      .sort((a, b) => a - b)
      .map((page) => ({ page, href: hrefFor(page), current: page === current })),
    prevHref: current > 1 ? hrefFor(current - 1) : null,
    nextHref: current < count ? hrefFor(current + 1) : null,
  };
}
