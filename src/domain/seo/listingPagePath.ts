/**
 * The site-relative URL a listing's structured data names for the page itself: its canonical path,
 * or, for a page without one (a sort, several filter values, search results), the path and query
 * it was asked for.
 */
export function listingPagePath(canonicalPath: string | null, requested: URL): string {
  return canonicalPath ?? `${requested.pathname}${requested.search}`;
}
