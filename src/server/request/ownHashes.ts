import { directivesOf, hashSource } from './cspPolicy.ts';
import { SPECULATION_RULES_HASH } from '../../components/layout/speculationHash.ts';

/**
 * A public page's policy with only its own hashes (issue 27). Astro lists a hash for every inline
 * script of the whole build in each page's `script-src` (17 of them, ~1 KB of every page's headers,
 * a fourteenth of the first flight); a page runs three to five. Kept: the hash of each inline
 * `<script>` and `<style>` the page holds, and the scripts a page adds itself at run time
 * (`ADDED_AT_RUN_TIME`). External files are allowed by `'self'` whatever their hash.
 */

/** Inline scripts a page's own code inserts after load (the rules of nextPages.ts). */
const ADDED_AT_RUN_TIME: readonly string[] = [`'${SPECULATION_RULES_HASH}'`];

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const HASH_SOURCE = /^'sha(256|384|512)-[\w+/=-]+'$/;

/** The policy sources of the inline scripts and styles in `html`. */
export function inlineHashes(html: string): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>(ADDED_AT_RUN_TIME);
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (!/\bsrc\s*=/i.test(attributes)) scripts.add(hashSource(text));
  }
  const styles = new Set<string>();
  for (const [, text = ''] of html.matchAll(INLINE_STYLE)) styles.add(hashSource(text));
  return { scripts, styles };
}

/** `policy` whose `script-src` and `style-src` hash sources are only those in `own`; other sources as they were. */
export function withOwnHashes(policy: string, own: { scripts: Set<string>; styles: Set<string> }): string {
  return directivesOf(policy)
    .map((directive) => {
      const [name = '', ...sources] = directive.split(/\s+/);
      const kept = name === 'script-src' ? own.scripts : name === 'style-src' ? own.styles : null;
      if (kept === null) return directive;
      return [name, ...sources.filter((source) => !HASH_SOURCE.test(source) || kept.has(source))].join(' ');
    })
    .join('; ');
}
