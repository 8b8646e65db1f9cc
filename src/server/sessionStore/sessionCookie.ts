/**
 * The shopper's session cookie and how long a session lives (astro.config.mjs `session` reads them
 * too, so the cookie, the SQLite sweep and the Redis expiry can never disagree).
 */

/** Astro's session cookie (`session.cookie.name`). */
export const SESSION_COOKIE = 'shop_session';

/**
 * A session lives 30 days from its last write: as long as a shopper's refresh token
 * (REFRESH_TOKEN_TTL_S, src/api/schemas/user.ts), so closing the browser signs nobody out, and the
 * cookie (`maxAge`, renewed with every write) goes at the same moment as the stored session.
 */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/** Astro makes session ids with crypto.randomUUID(); a cookie of any other shape names no session. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The value of cookie `name` in a request's Cookie header, or null. */
export function requestCookie(request: Request, name: string): string | null {
  const header = request.headers.get('Cookie');
  if (header === null) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The session id the request's cookie names, when it has the shape of one. */
export function requestSessionId(request: Request): string | null {
  const value = requestCookie(request, SESSION_COOKIE);
  return value !== null && SESSION_ID.test(value) ? value : null;
}
