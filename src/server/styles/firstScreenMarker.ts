/**
 * Where a page's first screen ends (issue 27): a page kind writes it once, after what a phone or a
 * desktop shows before any scrolling, and the CSS inlined into the page is only what the markup up
 * to here uses (criticalCss.ts). A page without it counts all of its markup as its first screen.
 */
export const FIRST_SCREEN_END = '<!--first-screen-end-->';
