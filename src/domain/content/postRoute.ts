/**
 * The segment after `/blog/` or `/news/` (either locale): a list page `page-N`, or a post slug.
 * `page-N` is reserved for pagination, so a post can never be called `page-2`.
 *
 * - `page-1` is the list itself: a 301 to `/blog` (one URL per page).
 * - `page-N`, N ≥ 2 written without leading zeros, is page N (whether it exists is the loader's
 *   question: past the last page is a 404).
 * - any other `page-…` (`page-0`, `page-02`, `page-x`) names nothing.
 * - a slug is lowercase latin letters, digits, `_` and `-`, not starting or ending with `_`/`-`,
 *   at most 200 characters (the content service's slug rule); anything else names nothing.
 */
export type PostSegment =
  { kind: 'list'; page: number } | { kind: 'firstPage' } | { kind: 'post'; slug: string } | { kind: 'invalid' };

/** Highest list page number a URL may name; far beyond any real list, it keeps N a safe integer. */
export const MAX_LIST_PAGE = 10_000;

const PAGE = /^page-(.*)$/;
const PAGE_NUMBER = /^[1-9]\d*$/;
const SLUG = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/;

/** A content slug (post or info page): the content service's rule, at most 200 characters. */
export function isContentSlug(segment: string): boolean {
  return segment.length <= 200 && SLUG.test(segment);
}

/** What a segment after a post list's path names. */
export function parsePostSegment(segment: string | undefined): PostSegment {
  if (segment === undefined || segment === '') return { kind: 'invalid' };
  const page = PAGE.exec(segment);
  if (page) {
    const digits = page[1] ?? '';
    if (!PAGE_NUMBER.test(digits) || digits.length > String(MAX_LIST_PAGE).length) return { kind: 'invalid' };
    const n = Number(digits);
    if (n > MAX_LIST_PAGE) return { kind: 'invalid' };
    return n === 1 ? { kind: 'firstPage' } : { kind: 'list', page: n };
  }
  if (!isContentSlug(segment)) return { kind: 'invalid' };
  return { kind: 'post', slug: segment };
}

/** Path of list page `page` under `base` (`/blog`, `/ua/news` …): the base itself for page 1. */
export function listPagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}/page-${page}`;
}
