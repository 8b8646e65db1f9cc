import { createHash } from 'node:crypto';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';

/**
 * Astro writes its island runtime (the `<astro-island>` element, ~3.9 KB, 1.5 KB brotli) inline into
 * every page that has an island, by design (withastro/astro#17017): the same bytes in every HTML
 * answer, never cached by the browser, and pushing the first screen out of the first 14.6 KB flight
 * (issue 27). The build writes it once as a file of its own (islandRuntimeFile.ts), and each page's
 * inline copy is replaced by a deferred script tag on the way out (externalizeIslandRuntime.ts).
 *
 * Deferred is enough: the islands' directive scripts stay inline and only set `Astro.<directive>`,
 * and an `<astro-island>` parsed before its element is defined is upgraded when the runtime runs
 * (after parsing, before DOMContentLoaded), which is when its children are complete anyway. No
 * island hydrates before the shopper acts (client:focus) or before the page is parsed (client:only),
 * so nothing waits longer than it did.
 *
 * The name carries the content's hash, so it is served `immutable` like the rest of /_astro, and a
 * new Astro with another runtime gets another file. The development server's runtime is another
 * string (the prebuilt-dev one): nothing matches it there and its pages keep the inline copy.
 */
export const ISLAND_RUNTIME: string = islandRuntime;

/** The path of the runtime's file under the build's client folder (also its URL path without the leading slash). */
export const ISLAND_RUNTIME_PATH = `_astro/island-runtime.${createHash('sha256').update(ISLAND_RUNTIME).digest('base64url').slice(0, 10)}.js`;

/** What Astro writes into a page: the runtime as an inline classic script. */
export const INLINE_RUNTIME = `<script>${ISLAND_RUNTIME}</script>`;

/** What the page gets instead. */
export const EXTERNAL_RUNTIME = `<script src="/${ISLAND_RUNTIME_PATH}" defer></script>`;
