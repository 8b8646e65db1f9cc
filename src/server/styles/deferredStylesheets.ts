import { createHash } from 'node:crypto';
import { combinedStylesheetPath } from './combinedStylesheet.ts';
import { WIDE_SCREEN_MEDIA } from './wideScreen.ts';

/**
 * How a page's full stylesheets load once a narrow screen's first-screen rules are inline (issue
 * 27): as links for wide screens only, which a desktop waits for as it always did and a phone
 * fetches at low priority without holding its first paint, switched to all media by one small
 * script once each has loaded (switching earlier could make a still-loading sheet block after
 * all); `<noscript>` links for a browser without JavaScript, where they block as they always did.
 * The script is the same on every page, so one hash in the policy covers it.
 */

const LATER = 'data-css-later';

export const SWAP_SCRIPT = `document.querySelectorAll("link[${LATER}]").forEach(function(l){function a(){l.media="all"}l.sheet?a():l.addEventListener("load",a)})`;

/** The policy source that lets SWAP_SCRIPT run. */
export const SWAP_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SWAP_SCRIPT).digest('base64')}'`;

/** The policy source of an inline `<style>` with this text. */
export const styleHash = (css: string): string => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * What replaces a page's stylesheet links: its first screen's rules, then the full sheets, deferred,
 * as one URL when the launcher can answer it (combinedStylesheet.ts), else as they were.
 */
export function deferredStylesheets(critical: string, hrefs: readonly string[]): string {
  const combined = combinedStylesheetPath(hrefs);
  const sheets = combined === null ? hrefs : [combined];
  const later = sheets
    .map((href) => `<link rel="stylesheet" href="${href}" media="${WIDE_SCREEN_MEDIA}" ${LATER}>`)
    .join('');
  const fallback = sheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  return `<style>${critical}</style>${later}<noscript>${fallback}</noscript><script data-css-swap>${SWAP_SCRIPT}</script>`;
}
