import type { AstroGlobal } from 'astro';
import { serviceUrls } from '../config.ts';
import { deployment } from '../request/deployment.ts';

/**
 * Lets a page's pay form be redirected to the bank: browsers apply the page's CSP `form-action` to
 * the redirect after a form post, and the site's policy allows only its own origin. With the order
 * service on an origin of its own (`npm run services`, whose sandbox bank is there), that origin is
 * added for this page, and so are a real bank's payment pages (PAYMENT_PAGE_ORIGINS, by default the
 * payment gateway's origin: docs/operations.md, "Payments with services apart").
 */
export function allowPaymentRedirect(astro: AstroGlobal): void {
  const order = serviceUrls.order;
  const origins = [...(order.embedded ? [] : [new URL(order.url).origin]), ...deployment().paymentPageOrigins];
  if (origins.length === 0) return;
  // Undefined only when the site's CSP is off (astro.config.mjs turns it on), and then nothing restricts the form.
  astro.csp?.insertDirective(`form-action 'self' ${[...new Set(origins)].join(' ')}`);
}
