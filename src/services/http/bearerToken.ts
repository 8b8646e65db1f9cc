import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * Constant-time check of `Authorization: Bearer <token>` against the configured token, through
 * fixed-length digests so the answer time says nothing about a guess. An unset or empty configured
 * token authorises nobody.
 */
export function hasBearerToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}
