import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ACCOUNT_PATHS } from '../../api/schemas/account.ts';
import { AUTH_PATHS } from '../../api/schemas/session.ts';
import { oauthProviderSchema } from '../../api/schemas/user.ts';
import { requestCookie } from '../sessionStore/sessionCookie.ts';
import type { AuthContext } from './authContext.ts';

/**
 * A social sign-in (or a connection on the profile) under way, kept in the browser instead of the
 * session: before, each `GET /api/auth/social/{provider}` stored a session, so any script could
 * create sessions by the thousand without a cookie. Now a short-lived cookie holds
 * `{state, provider, returnTo}`, signed with HMAC-SHA256 so the browser can neither make one up
 * nor change one. It defeats login CSRF as the session did: the callback goes on only when the
 * `state` the provider sends back is the one in this browser's cookie, and another site can
 * neither read our cookie nor plant one. One use: the callback clears it whatever it holds.
 *
 * HttpOnly, SameSite=Lax (the provider sends the shopper back with a top-level GET, which carries
 * Lax cookies), Secure where Astro's session cookie is, sent only to the one callback path.
 */

export type SocialPurpose = 'signIn' | 'connect';

/** A social round trip may take this long (seconds). */
export const SOCIAL_STATE_TTL_S = 10 * 60;

const COOKIES: Record<SocialPurpose, { name: string; path: string }> = {
  signIn: { name: 'shop_social_signin', path: AUTH_PATHS.socialCallback },
  connect: { name: 'shop_social_connect', path: ACCOUNT_PATHS.socialCallback },
};

const socialStateSchema = z.object({
  state: z.string().min(1).max(100),
  provider: oauthProviderSchema,
  returnTo: z.string().max(2000),
  /** Connecting: the shopper it started for (another one signed in meanwhile connects nothing). */
  customerId: z.number().int().positive().optional(),
});
export type SocialState = z.infer<typeof socialStateSchema>;

const payloadSchema = socialStateSchema.extend({
  purpose: z.enum(['signIn', 'connect']),
  /** Epoch seconds after which the cookie is refused, whatever the browser kept. */
  expires: z.number().int(),
});

const VERSION = 'v1';
/** A signed cookie is far shorter; anything longer is not ours and is not even parsed. */
const MAX_COOKIE_LENGTH = 4000;

/**
 * The signing key, derived from a secret the launcher always has (REVALIDATE_SECRET) with HKDF and
 * a label of its own, so this key and the revalidation bearer never meet. Set once per process by
 * src/server/sessionStore/sessionRuntime.ts; until then (unit tests, a dev server without the secret) a
 * random key of this process, which is right for one process.
 */
let secret: Buffer = randomBytes(32);
let key: Buffer | null = null;

export function useSocialStateSecret(configured: string | undefined): void {
  if (configured === undefined || configured === '') return;
  secret = Buffer.from(configured, 'utf8');
  key = null;
}

function signingKey(): Buffer {
  key ??= Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'bbs storefront: social sign-in state', 32));
  return key;
}

function mac(body: string): Buffer {
  return createHmac('sha256', signingKey()).update(`${VERSION}.${body}`).digest();
}

/** The cookie's value: version, payload and its MAC (base64url, so nothing needs escaping). */
export function signSocialState(purpose: SocialPurpose, state: SocialState, now = Date.now()): string {
  const payload = { ...state, purpose, expires: Math.floor(now / 1000) + SOCIAL_STATE_TTL_S };
  const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${VERSION}.${body}.${mac(body).toString('base64url')}`;
}

/** The state a cookie value holds, or null when it is not ours, was changed, expired or is for the other purpose. */
export function verifySocialState(purpose: SocialPurpose, value: string, now = Date.now()): SocialState | null {
  if (value.length > MAX_COOKIE_LENGTH) return null;
  const [version, body, signature, ...rest] = value.split('.');
  if (version !== VERSION || body === undefined || signature === undefined || rest.length > 0) return null;
  const expected = mac(body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success || parsed.data.purpose !== purpose || parsed.data.expires * 1000 <= now) return null;
  // The state alone: zod leaves out the purpose and the expiry.
  return socialStateSchema.parse(parsed.data);
}

type CookieContext = Pick<AuthContext, 'cookies' | 'secureCookies'>;

/** Remembers a social round trip about to start in this browser. */
export function keepSocialState(ctx: CookieContext, purpose: SocialPurpose, state: SocialState): void {
  const { name, path } = COOKIES[purpose];
  ctx.cookies.set(name, signSocialState(purpose, state), {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secureCookies,
    maxAge: SOCIAL_STATE_TTL_S,
  });
}

/** Takes the social round trip under way (good for one callback: the cookie is cleared either way). */
export function takeSocialState(
  ctx: CookieContext & Pick<AuthContext, 'request'>,
  purpose: SocialPurpose,
): SocialState | null {
  const { name, path } = COOKIES[purpose];
  const value = requestCookie(ctx.request, name);
  if (value === null) return null;
  ctx.cookies.delete(name, { path, sameSite: 'lax', secure: ctx.secureCookies });
  return verifySocialState(purpose, value);
}
