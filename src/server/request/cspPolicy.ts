/**
 * Additions to a finished page's Content-Security-Policy (the middleware's: Astro's `csp.insert…`
 * calls work from a page's own frontmatter only). Directives are matched by name; a missing one is
 * made with `fallback` first, as `default-src` would have stood for it.
 */

import { createHash } from 'node:crypto';

/** The policy source (`'sha256-…'`) that allows an inline script or style with this text. */
export const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A policy's directives, each trimmed, the empty ones left out. */
export const directivesOf = (policy: string): string[] =>
  policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '');

/** `policy` with `source` added to directive `name` (made as `name fallback source` when missing; never twice). */
export function withSource(policy: string, name: string, fallback: string, source: string): string {
  const directives = directivesOf(policy);
  const at = directives.findIndex((directive) => directive.split(/\s+/)[0] === name);
  if (at === -1) directives.push(`${name} ${fallback} ${source}`);
  else if (!directives[at]?.split(/\s+/).includes(source)) directives[at] = `${directives[at] ?? name} ${source}`;
  return directives.join('; ');
}
