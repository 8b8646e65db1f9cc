import { errorReporting } from '../config.ts';

/**
 * With SENTRY_DSN set, a page's island errors are posted from the browser to the DSN's origin
 * (src/components/errors/), so that one origin joins the page's connect-src; unset, the policy
 * stays `connect-src 'self'`. Added by the middleware to the finished response, as the bot check's
 * origin is (src/server/request/captchaCsp.ts: Astro's `csp.insert…` works from a page only).
 */

/** `policy` with `origin` added to its connect-src (made if missing). */
export function withConnectOrigin(policy: string, origin: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '');
  const at = directives.findIndex((directive) => directive.split(/\s+/)[0] === 'connect-src');
  if (at === -1) directives.push(`connect-src 'self' ${origin}`);
  else if (!directives[at]?.split(/\s+/).includes(origin)) directives[at] = `${directives[at] ?? 'connect-src'} ${origin}`;
  return directives.join('; ');
}

/** Lets an HTML response's scripts post error reports to the configured collector (none: untouched). */
export function allowErrorCollector(response: Response): void {
  const policy = response.headers.get('Content-Security-Policy');
  if (!errorReporting || policy === null) return;
  response.headers.set('Content-Security-Policy', withConnectOrigin(policy, errorReporting.origin));
}
