/**
 * The customer hint: a cookie scripts may read (not HttpOnly) that says only "this browser has
 * signed in" (`bbs_customer=1`): no name, no id, no token. Public pages are cached and the same for
 * everyone, so they never read the session; their scripts ask `/api/auth/me` only when the hint is
 * there, and an anonymous visitor's page makes no session request at all. The server sets it on
 * sign-in and clears it on sign-out (and when it finds the session gone).
 */

export const CUSTOMER_HINT_COOKIE = 'bbs_customer';
export const CUSTOMER_HINT_VALUE = '1';

/** Whether a `document.cookie` string carries the hint. */
export function hasCustomerHint(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${CUSTOMER_HINT_COOKIE}=${CUSTOMER_HINT_VALUE}`);
}

/**
 * The window event src/stores/auth.ts announces a change of the session with (its
 * AUTH_CHANGE_EVENT; a unit test keeps the two equal). Spelled here too so the header's small
 * script can listen without loading the auth store (and zod) on an anonymous visitor's page.
 */
export const SESSION_CHANGE_EVENT = 'bbs:auth-change';

/**
 * Left by a sign-out posted as a plain form (the profile page ships no script): the next page's
 * session effects read it as that customer's sign-out (their basket and order data cleared, accounts
 * spec §4) rather than as a session that expired, and remove it.
 */
export const SIGNED_OUT_COOKIE = 'bbs_signed_out';

/** Whether a `document.cookie` string carries the sign-out mark. */
export function hasSignedOutMark(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${SIGNED_OUT_COOKIE}=1`);
}
