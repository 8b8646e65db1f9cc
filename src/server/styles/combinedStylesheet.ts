/**
 * One request for a page's stylesheets (issue 27): a page links three to thirteen small built
 * files, each a request with ~0.8 KB of headers; on a phone's slow link and an HTTP/1.1
 * connection's six lanes they competed with the first screen's pictures once they no longer block
 * the paint. The page links them as one URL that names the files by their content hashes, in the
 * page's order, and the launcher answers it with their concatenation
 * (src/server/launcher/staticAssets.ts), compressed once and kept: the hashes make the URL as
 * immutable as the files, and any process of the shop can answer it from the build alone. Hashes
 * rather than whole names: the names are ~160 bytes of every page's first flight.
 */

const PREFIX = '/_astro/css/';
/** A built stylesheet's path, `/_astro/<name>.<hash>.css`; the hash is the last part of its name. */
const FILE = /^\/_astro\/[\w-]+(?:\.[\w-]+)*\.([\w-]+)\.css$/;
const HASH = /^[\w-]+$/;
/** At most this many files in one URL: a page links a dozen at most; anything longer is not ours. */
export const MOST_FILES = 32;

/** The content hash in a build stylesheet's path, or undefined when it is not one. */
export function stylesheetHash(href: string): string | undefined {
  return FILE.exec(href)?.[1];
}

/** The one URL of `hrefs` (each `/_astro/<name>.<hash>.css`), or null when one is not a build stylesheet. */
export function combinedStylesheetPath(hrefs: readonly string[]): string | null {
  const hashes = hrefs.map(stylesheetHash);
  if (hashes.length === 0 || hashes.length > MOST_FILES || hashes.some((hash) => hash === undefined)) return null;
  return `${PREFIX}${hashes.join('+')}.css`;
}

/**
 * The build stylesheets a combined URL names, in order, found by `hrefOf` (a hash to its file's
 * path); null when `path` is not one or names a hash the build does not have.
 */
export function stylesheetsOfCombined(path: string, hrefOf: (hash: string) => string | undefined): string[] | null {
  if (!path.startsWith(PREFIX) || !path.endsWith('.css')) return null;
  const hashes = path.slice(PREFIX.length, -'.css'.length).split('+');
  if (hashes.length === 0 || hashes.length > MOST_FILES || !hashes.every((hash) => HASH.test(hash))) return null;
  const hrefs = hashes.map(hrefOf);
  return hrefs.every((href) => href !== undefined) ? hrefs : null;
}
