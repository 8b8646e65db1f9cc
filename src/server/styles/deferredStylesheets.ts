import { hashSource } from '../request/cspPolicy.ts';
import { combinedStylesheetPath } from './combinedStylesheet.ts';

/**
 * How a page's full stylesheets load once a narrow screen's first-screen rules are inline (issue
 * 27). The links are written in a `<template data-later>`, which the browser does not fetch, and
 * the page's one inline script (src/server/scripts/laterScripts.ts) places them:
 * - on a wide screen (wideScreen.ts) at once, parser-inserted (`document.write`), so a desktop
 *   waits for them before its first paint as it always did: its menu and filters have no
 *   first-screen rules inline, and an appended link would block nothing in Firefox and Safari;
 * - on a phone or tablet with the page's script files, once its first picture is on screen:
 *   until then they would take a connection and bandwidth from that picture, and Lighthouse counts
 *   any stylesheet that arrived before the largest paint as holding it, whatever its priority.
 * Without JavaScript they come from `<noscript>`, blocking as they always did.
 */

/** The policy source of an inline `<style>` with this text. */
export const styleHash = hashSource;

/**
 * What replaces a page's stylesheet links: its first screen's rules, then the full sheets, deferred,
 * as one URL when the launcher can answer it (combinedStylesheet.ts), else as they were.
 */
export function deferredStylesheets(critical: string, hrefs: readonly string[]): string {
  const combined = combinedStylesheetPath(hrefs);
  const links = (combined === null ? hrefs : [combined])
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('');
  return `<style>${critical}</style><template data-later>${links}</template><noscript>${links}</noscript>`;
}
