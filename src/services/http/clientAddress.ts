import type { Context } from 'hono';

/**
 * The shopper's address, for a service's per-address limits. A service is never exposed to
 * browsers: the storefront (or a proxy in front of a separately run service) calls it and says whom
 * for in X-Forwarded-For. The last entry is the one the nearest proxy, the caller we trust,
 * appended; entries before it are whatever the client claimed and could be forged to dodge a limit.
 * Without the header every request counts as one address ('unknown'): a limit then errs on the
 * strict side. One rule for the user and the order services.
 */
export function clientAddress(c: Context): string {
  const last = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  return last && last.length <= 64 ? last.toLowerCase() : 'unknown';
}
