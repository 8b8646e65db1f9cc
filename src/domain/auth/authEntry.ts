/**
 * How a page gets into the auth modal: which tab a page hash asks for (companion spec accounts §2:
 * the modal opens from `#login` or `#registration`, a special name opens the registration tab in the
 * club mode, and a social sign-in that needs a phone comes back to `#social`), and whether this
 * browser is signed in, for a page whose cached HTML is the same for everyone. No imports: the
 * header's opener script carries this module to every page.
 */

export type AuthMode = 'login' | 'registration' | 'club' | 'social';

const HASH_MODES: Readonly<Record<string, AuthMode>> = {
  '#login': 'login',
  '#registration': 'registration',
  '#club': 'club',
  '#social': 'social',
};

/** The mode a hash opens (`'#login'` → `'login'`), or null for any other hash. */
export function authModeOfHash(hash: string): AuthMode | null {
  return HASH_MODES[hash] ?? null;
}

/**
 * The session endpoints' hint cookie (not HttpOnly, no token in it): present with a value while the
 * browser has a signed-in session. Only what the header shows depends on it; every request is
 * still decided by the session itself.
 */
export const CUSTOMER_HINT_COOKIE = 'bbs_customer';

/** Whether `document.cookie` says this browser is signed in (the hint cookie with any value). */
export function signedInHint(cookies: string): boolean {
  return new RegExp(`(?:^|;)\\s*${CUSTOMER_HINT_COOKIE}=[^;\\s]`).test(cookies);
}

/**
 * The name of the auth store's session-change event (src/stores/auth.ts AUTH_CHANGE_EVENT, which a
 * unit test holds equal), for the header's script, which must not bring the store along. The
 * session endpoints set or clear the hint cookie in the answer that changed the session, so after
 * the event the cookie already tells the new state.
 */
export const AUTH_CHANGE = 'bbs:auth-change';
