import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientDir } from '../config.ts';
import type { ReadStylesheet } from './criticalCss.ts';

/**
 * The build's stylesheets by URL path, read once each: their names carry their content's hash, so
 * a read file never changes under the same name (a new build is a new process).
 */
const sheets = new Map<string, string | undefined>();

/** Reads `/_astro/….css` of the build (undefined for another path, a missing file, or no CLIENT_DIR). */
export const readBuildStylesheet: ReadStylesheet = (href) => {
  if (clientDir === undefined || !/^\/_astro\/[\w.-]+\.css$/.test(href)) return undefined;
  if (!sheets.has(href)) {
    let text: string | undefined;
    try {
      text = readFileSync(join(clientDir, href), 'utf8');
    } catch {
      text = undefined;
    }
    sheets.set(href, text);
  }
  return sheets.get(href);
};
