import type { AstroGlobal } from 'astro';
import { serviceUrls } from '../config.ts';

/**
 * Lets a page's pay form be redirected to the bank: browsers apply the page's CSP `form-action` to
 * the redirect after a form post, and the site's policy allows only its own origin. With the order
 * service on an origin of its own (`npm run services`, whose sandbox bank is there), that origin is
 * added for this page. A real bank's origin is set in src/server/http/securityHeaders.ts
 * (docs/operations.md, "Payments with services apart").
 */
export function allowPaymentRedirect(astro: AstroGlobal): void {
  const order = serviceUrls.order;
  if (order.embedded) return;
  // Undefined only when the site's CSP is off (astro.config.mjs turns it on), and then nothing restricts the form.
  astro.csp?.insertDirective(`form-action 'self' ${new URL(order.url).origin}`);
}
