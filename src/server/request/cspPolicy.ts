/**
 * Additions to a finished page's Content-Security-Policy (the middleware's: Astro's `csp.insert…`
 * calls work from a page's own frontmatter only). Directives are matched by name; a missing one is
 * made with `fallback` first, as `default-src` would have stood for it.
 */

/** `policy` with `source` added to directive `name` (made as `name fallback source` when missing; never twice). */
export function withSource(policy: string, name: string, fallback: string, source: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '');
  const at = directives.findIndex((directive) => directive.split(/\s+/)[0] === name);
  if (at === -1) directives.push(`${name} ${fallback} ${source}`);
  else if (!directives[at]?.split(/\s+/).includes(source)) directives[at] = `${directives[at] ?? name} ${source}`;
  return directives.join('; ');
}
