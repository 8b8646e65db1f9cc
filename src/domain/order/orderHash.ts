/**
 * An order's, a certificate purchase's or a payment's hash as a URL may carry it. The contract
 * types it as a string; the order service makes 22 URL-safe characters. Anything that is not a
 * short run of URL-safe characters is nobody's order: the page is a 404 without asking the
 * service, and the hash never needs escaping where it is put back into a path or a query.
 */
const HASH_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** True for text shaped like a hash of the order service. */
export function isOrderHash(value: unknown): value is string {
  return typeof value === 'string' && HASH_PATTERN.test(value);
}
