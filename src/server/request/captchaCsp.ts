import { withSource } from './cspPolicy.ts';
import { deployment } from './deployment.ts';

/**
 * The real bot check's script runs on the page and its challenge in a frame, both from the
 * provider's origin (spec accounts §2; Turnstile by default). Every page may open the auth modal,
 * so every page's policy allows that origin. Astro's `csp.insert…` calls take effect only from a
 * page's own frontmatter, so the middleware adds it to the policy of the finished response instead
 * (kept so by the route cache, which stores what the middleware returns).
 */

/** `policy` with `origin` added to its script-src and frame-src (each made if missing). */
export function withProviderOrigin(policy: string, origin: string): string {
  return withSource(withSource(policy, 'script-src', "'self'", origin), 'frame-src', "'self'", origin);
}

/** Lets an HTML response's policy load the configured bot-check provider (no provider: untouched). */
export function allowCaptchaProvider(response: Response): void {
  const captcha = deployment().auth.captcha;
  const policy = response.headers.get('Content-Security-Policy');
  if (!captcha || policy === null) return;
  response.headers.set('Content-Security-Policy', withProviderOrigin(policy, new URL(captcha.scriptUrl).origin));
}
