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
 * True when `header` carries the configured `token`. Compared through fixed-length digests in
 * constant time, so the answer time says nothing about how much of a guess was right. An unset or
 * empty configured token authorises nobody.
 */
export function hasBearerToken(header: string | null | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const presented = BEARER.exec(header)?.[1];
  if (!presented) return false;
  return timingSafeEqual(digest(presented), digest(token));
}
