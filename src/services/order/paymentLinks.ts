import type { Context } from 'hono';

/**
 * The addresses a payment's bank is given. Mounted in the storefront, src/services/index.ts routes
 * `/svc/order/…` here and says so in X-Forwarded-Prefix (always set by that router, so a client's
 * own header never gets here); served on its own port there is no prefix and the service's own
 * origin is where its routes are.
 */

/** The prefix the service is mounted at (`/svc/order`), or null on its own origin. */
function mountPrefix(c: Context): string | null {
  const prefix = c.req.header('x-forwarded-prefix');
  return prefix !== undefined && /^(?:\/[a-z0-9-]+)+$/.test(prefix) ? prefix : null;
}

/**
 * Where a shopper's browser finds the sandbox bank's page of a payment: a path of the shop's own
 * origin when mounted in the storefront, else an absolute URL of the order service's own origin.
 */
export function sandboxPageUrl(c: Context): (paymentHash: string) => string {
  const base = mountPrefix(c) ?? new URL(c.req.url).origin;
  return (paymentHash) => `${base}/sandbox/bank/${encodeURIComponent(paymentHash)}`;
}

export interface GatewayLinks {
  /** The shop's page the gateway sends the shopper back to, absolute, with `?payment=<paymentHash>`. */
  returnUrl: (returnPath: string, paymentHash: string) => string;
  /** Where the gateway posts its signed outcome (gatewayRoutes.ts), absolute. */
  callbackUrl: string;
}

/**
 * A real gateway is another site: every address it is given is absolute, made from the shop's
 * public origin (`shopUrl`, SITE_URL), never from the request's Host. The callback is the shop's
 * origin and mount path, or the order service's own origin when it runs on its own.
 */
export function gatewayLinks(c: Context, shopUrl: string): GatewayLinks {
  const shop = shopUrl.replace(/\/+$/, '');
  const prefix = mountPrefix(c);
  const service = prefix === null ? new URL(c.req.url).origin : `${shop}${prefix}`;
  return {
    returnUrl: (returnPath, paymentHash) => `${shop}${returnPath}?payment=${encodeURIComponent(paymentHash)}`,
    callbackUrl: `${service}/public/payment/callback`,
  };
}
