/**
 * The customer hint: a cookie scripts may read (not HttpOnly) that says only "this browser has
 * signed in" (`bbs_customer=<tag>`): a random tag of that sign-in, no name, no id, no token. Public
 * pages are cached and the same for everyone, so they never read the session; their scripts ask
 * `/api/auth/me` only when the hint's tag is one this browser has not looked at yet, so neither an
 * anonymous visitor's page nor a signed-in shopper's every further page makes a session request or
 * loads the session's code. The server sets it on sign-in and clears it on sign-out and whenever it
 * finds the session gone.
 */

export const CUSTOMER_HINT_COOKIE = 'bbs_customer';
/** What a tag may look like (the server makes 16 base64url characters; anything else is not ours). */
const HINT_TAG = /^[A-Za-z0-9_-]{1,32}$/;
/** localStorage: the hint's tag whose session this browser has looked at (sessionEffects records it). */
export const SESSION_SEEN_KEY = 'bbs_session_seen';

/** The hint's tag in a `document.cookie` string, or null. */
export function customerHintOf(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === CUSTOMER_HINT_COOKIE && value !== undefined && HINT_TAG.test(value)) return value;
  }
  return null;
}

/** Whether a `document.cookie` string carries the hint. */
export function hasCustomerHint(cookieHeader: string): boolean {
  return customerHintOf(cookieHeader) !== null;
}

/**
 * Whether a page must look at the session as it starts: a sign-in this browser has not seen yet
 * (the basket may need merging), or no sign-in any more while a customer's basket is in use
 * (signed out elsewhere, or the session ended). Otherwise nothing changed since the last look.
 */
export function sessionNeedsLook(hint: string | null, seen: string | null, recordedOwner: string | null): boolean {
  return hint !== null ? hint !== seen : recordedOwner !== null;
}

/**
 * The window event src/stores/auth.ts announces every change of the session with (`detail`: the
 * new SessionState, which listeners parse: anyone may send the event). Declared here, the one
 * place, so the header's small scripts can listen without loading the auth store (and zod) on an
 * anonymous visitor's page.
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
