import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The server side of `Authorization: Bearer <token>` (RFC 6750), the one scheme of the contract:
 * the services' admin and editor APIs and the storefront's revalidation endpoint judge callers
 * with it. Server-only (node:crypto); the browser never holds a token.
 */

// The scheme name is case-insensitive (RFC 9110 §11.1); the token is one run without white space.
const BEARER = /^Bearer\s+(\S+)\s*$/i;

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * True when a secret presented by a caller (a bearer token, a service token header) is the
 * configured one. Compared through fixed-length digests in constant time, so the answer time says
 * nothing about how much of a guess was right. An unset or empty configured secret matches nothing.
 */
export function sameSecret(presented: string | null | undefined, configured: string | undefined): boolean {
  if (!configured || !presented) return false;
  return timingSafeEqual(digest(presented), digest(configured));
}

/**
 * True when `header` carries the configured `token` (see `sameSecret`).
 */
export function hasBearerToken(header: string | null | undefined, token: string | undefined): boolean {
  return sameSecret(header ? BEARER.exec(header)?.[1] : null, token);
}
