import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { TokenPair, TokenStore } from '../../api/http.ts';
import { REFRESH_TOKEN_TTL_S } from '../../api/schemas/user.ts';
import { CUSTOMER_HINT_COOKIE } from '../../domain/session/customerHint.ts';
import type { AuthContext } from './authContext.ts';
import { SOCIAL_PENDING_KEY, PASSWORD_STEP_KEY } from './pendingSteps.ts';

/**
 * The shopper's tokens in the Astro session (DESIGN §7): the browser holds only Astro's random
 * session id (HttpOnly), never a token. Signing in stores the pair under a fresh session id and
 * sets the customer hint; signing out (or a failed refresh) removes them.
 */

const TOKENS_KEY = 'shopperTokens';

/** Session data is read back from a store another process or an older build may have written. */
const storedTokensSchema = z.object({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  customerId: z.number().int().positive(),
});
export type StoredTokens = z.infer<typeof storedTokensSchema>;

/** The session's tokens, or null (signed out, expired, unreadable). */
export async function readShopperTokens(ctx: Pick<AuthContext, 'session'>): Promise<StoredTokens | null> {
  const parsed = storedTokensSchema.safeParse(await ctx.session.get(TOKENS_KEY));
  return parsed.success ? parsed.data : null;
}

function writeTokens(ctx: Pick<AuthContext, 'session'>, tokens: StoredTokens): void {
  // As long as the refresh token lives: a session older than that could not refresh anyway.
  ctx.session.set(TOKENS_KEY, tokens, { ttl: REFRESH_TOKEN_TTL_S });
}

const HINT_MAX_AGE_S = REFRESH_TOKEN_TTL_S;

function setHint(ctx: Pick<AuthContext, 'cookies' | 'secureCookies'>): void {
  // A new tag per sign-in: pages compare it with the one they last looked at (customerHint.ts).
  ctx.cookies.set(CUSTOMER_HINT_COOKIE, randomBytes(12).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure: ctx.secureCookies,
    // Deliberately readable by scripts: it is the one thing the cached pages' scripts may know.
    httpOnly: false,
    maxAge: HINT_MAX_AGE_S,
  });
}

/** Clears the hint cookie when the browser sent one. */
export function clearHint(ctx: Pick<AuthContext, 'cookies' | 'secureCookies'>): void {
  if (ctx.cookies.has(CUSTOMER_HINT_COOKIE)) {
    ctx.cookies.delete(CUSTOMER_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: ctx.secureCookies });
  }
}

/** Signs the shopper in: a new session id (no fixation), the pair in the session, the hint cookie. */
export async function signIn(
  ctx: Pick<AuthContext, 'session' | 'cookies' | 'secureCookies'>,
  pair: { token: string; refresh_token: string; customerId: number },
): Promise<void> {
  await ctx.session.regenerate();
  writeTokens(ctx, { token: pair.token, refreshToken: pair.refresh_token, customerId: pair.customerId });
  setHint(ctx);
}

const SHOPPER_KEYS = [TOKENS_KEY, PASSWORD_STEP_KEY, SOCIAL_PENDING_KEY];

/** Removes every trace of the shopper from the session, and the hint. Touches only what exists. */
export async function signOut(ctx: Pick<AuthContext, 'session' | 'cookies' | 'secureCookies'>): Promise<void> {
  for (const key of SHOPPER_KEYS) {
    // Deleting from a session that does not exist would store an empty one for nobody.
    if (await ctx.session.has(key)) ctx.session.delete(key);
  }
  clearHint(ctx);
}

/**
 * The http client's view of the session's tokens (src/api/http.ts TokenStore). `get` is
 * synchronous, so the pair read at the start of the request is kept here; a refresh writes the new
 * pair through to the session, and `set(null)` (the refresh failed: spec §8 "failed token refresh
 * logs the user out") signs the shopper out. `fresher` lets a pair another request of the same
 * session refreshed meanwhile win over this request's stale copy.
 */
export function sessionTokenStore(
  ctx: Pick<AuthContext, 'session' | 'cookies' | 'secureCookies'>,
  initial: StoredTokens,
  fresher: () => TokenPair | null = () => null,
): TokenStore {
  let current: StoredTokens | null = initial;
  return {
    get() {
      if (current === null) return null;
      const newer = fresher();
      if (newer?.refreshToken) current = { ...current, token: newer.token, refreshToken: newer.refreshToken };
      return { token: current.token, refreshToken: current.refreshToken };
    },
    set(pair) {
      if (pair === null || pair.refreshToken === null || current === null) {
        current = null;
        // Synchronous on purpose (the session surely exists: it held the tokens), so the removal
        // is part of this request's session write.
        for (const key of SHOPPER_KEYS) ctx.session.delete(key);
        clearHint(ctx);
        return;
      }
      current = { ...current, token: pair.token, refreshToken: pair.refreshToken };
      writeTokens(ctx, current);
    },
  };
}
