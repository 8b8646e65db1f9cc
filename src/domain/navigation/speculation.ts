/**
 * Instant next pages (issue 27): which links the browser may fetch before the tap, as Speculation
 * Rules (Chromium; other browsers ignore them and lose nothing). docs/decisions.md "Next pages".
 *
 * - Product pages (from cards, strips, quick search): the pages a shopper opens next. Public pages
 *   only: no rule can name the basket, checkout, account or orders. (A listing's next page and
 *   "load more" are fetched in place by the catalogue's own script, which a prefetched navigation
 *   would not serve: src/stores/catalogNavigation.ts fetches those ahead itself.)
 * - `prefetch`, not `prerender`: a prerendered page would run its scripts and count a page view the
 *   shopper may never make.
 * - `moderate`: after a 200 ms hover on a desktop, on touch-down (or Chrome's viewport heuristics)
 *   on a phone. Chrome keeps at most two such prefetches; each is the page's HTML alone (no
 *   pictures, styles or scripts), ≤ 15 KB brotli: **the budget is 30 KB in flight at any time**.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ source: 'document', where: { href_matches: ['/product/*', '/ua/product/*'] }, eagerness: 'moderate' }],
});

/**
 * Whether this visit may fetch ahead at all: never for a shopper who asked to save data, nor on a
 * connection the browser rates 2G (or slower), where one extra page is seconds of someone's wait.
 */
export function mayFetchAhead(connection: { saveData?: unknown; effectiveType?: unknown } | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}
