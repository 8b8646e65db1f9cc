import { errorReporting } from '../config.ts';
import { withConnectOrigin } from './errorDsn.ts';

/**
 * With SENTRY_DSN set, a page's island errors are posted from the browser to the DSN's origin
 * (src/components/errors/), so that one origin joins the page's connect-src; unset, the policy
 * stays `connect-src 'self'`. Added by the middleware to the finished response, as the bot check's
 * origin is (src/server/request/captchaCsp.ts: Astro's `csp.insert…` works from a page only).
 */

/** Lets an HTML response's scripts post error reports to the configured collector (none: untouched). */
export function allowErrorCollector(response: Response): void {
  const policy = response.headers.get('Content-Security-Policy');
  if (!errorReporting || policy === null) return;
  response.headers.set('Content-Security-Policy', withConnectOrigin(policy, errorReporting.origin));
}
