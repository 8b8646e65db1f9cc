import { z } from 'zod';
import { OTP, socialDataSchema, type SocialData } from '../../api/schemas/user.ts';
import type { AuthContext } from './authContext.ts';

/**
 * What the session keeps between two steps of a sign-in (spec §3 "Auth state": changePasswordToken,
 * fetched social data), server-side only: the one-time change-password token after a confirmed
 * code, and what a provider told of a shopper who still needs a phone (the 206). Each is kept only
 * once the shopper did what needs it (confirmed a code, came back from the provider), so no
 * anonymous request creates a session here; the state of a social sign-in under way is not in the
 * session at all but in a signed cookie (socialStateCookie.ts).
 */

export const PASSWORD_STEP_KEY = 'shopperPasswordStep';
export const SOCIAL_PENDING_KEY = 'shopperSocialPending';

/** How long the completion form may wait for the phone (seconds). */
const SOCIAL_PENDING_TTL_S = 30 * 60;

const passwordStepSchema = z.object({ token: z.string().min(1) });

/** Keeps the confirm answer's one-time token for setting the password next (as long as it is valid). */
export function keepPasswordStep(ctx: Pick<AuthContext, 'session'>, token: string): void {
  ctx.session.set(PASSWORD_STEP_KEY, { token }, { ttl: OTP.ttlSeconds });
}

/** The change-password token the last confirmed code allows, or null. */
export async function passwordStepToken(ctx: Pick<AuthContext, 'session'>): Promise<string | null> {
  const parsed = passwordStepSchema.safeParse(await ctx.session.get(PASSWORD_STEP_KEY));
  return parsed.success ? parsed.data.token : null;
}

export function dropPasswordStep(ctx: Pick<AuthContext, 'session'>): void {
  ctx.session.delete(PASSWORD_STEP_KEY);
}

/** Keeps what the provider told of a shopper who still needs a phone (spec §4: status 206). */
export function keepSocialPending(ctx: Pick<AuthContext, 'session'>, data: SocialData): void {
  ctx.session.set(SOCIAL_PENDING_KEY, data, { ttl: SOCIAL_PENDING_TTL_S });
}

export async function socialPending(ctx: Pick<AuthContext, 'session'>): Promise<SocialData | null> {
  const parsed = socialDataSchema.safeParse(await ctx.session.get(SOCIAL_PENDING_KEY));
  return parsed.success ? parsed.data : null;
}

export function dropSocialPending(ctx: Pick<AuthContext, 'session'>): void {
  ctx.session.delete(SOCIAL_PENDING_KEY);
}
