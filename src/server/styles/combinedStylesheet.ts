/**
 * One request for a page's stylesheets (issue 27): a page links three to thirteen small built
 * files, each a request with ~0.8 KB of headers; on a phone's slow link and an HTTP/1.1
 * connection's six lanes they competed with the first screen's pictures once they no longer block
 * the paint. The page links them as one URL that names the files in the page's order, and the
 * launcher answers it with their concatenation (src/server/launcher/staticAssets.ts), compressed
 * once and kept: the names carry their content's hashes, so the URL is as immutable as they are
 * and any process of the shop can answer it from the build alone.
 */

const PREFIX = '/_astro/css/';
/** A built stylesheet's path, and its name within a combined one. */
const FILE = /^\/_astro\/([\w-]+(?:\.[\w-]+)*)\.css$/;
/** At most this many files in one URL: a page links a dozen at most; anything longer is not ours. */
export const MOST_FILES = 32;

/** The one URL of `hrefs` (each `/_astro/<name>.css`), or null when one is not a build stylesheet. */
export function combinedStylesheetPath(hrefs: readonly string[]): string | null {
  const names = hrefs.map((href) => FILE.exec(href)?.[1]);
  if (names.length === 0 || names.length > MOST_FILES || names.some((name) => name === undefined)) return null;
  return `${PREFIX}${names.join('+')}.css`;
}

/** The build stylesheets a combined URL names, in order; null when `path` is not one. */
export function stylesheetsOfCombined(path: string): string[] | null {
  if (!path.startsWith(PREFIX) || !path.endsWith('.css')) return null;
  const names = path.slice(PREFIX.length, -'.css'.length).split('+');
  if (names.length === 0 || names.length > MOST_FILES) return null;
  const hrefs = names.map((name) => `/_astro/${name}.css`);
  return hrefs.every((href) => FILE.test(href)) ? hrefs : null;
}
