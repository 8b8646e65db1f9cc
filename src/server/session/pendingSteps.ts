import { z } from 'zod';
import { OTP, oauthProviderSchema, socialDataSchema, type SocialData } from '../../api/schemas/user.ts';
import type { AuthContext } from './authContext.ts';

/**
 * What the session keeps between two steps of a sign-in (spec §3 "Auth state": changePasswordToken,
 * fetched social data), server-side only: the one-time change-password token after a confirmed
 * code, the state of a social sign-in under way, and what a provider told of a shopper who still
 * needs a phone (the 206).
 */

export const PASSWORD_STEP_KEY = 'shopperPasswordStep';
export const SOCIAL_PENDING_KEY = 'shopperSocialPending';
const SOCIAL_STATE_KEY = 'shopperSocialState';

/** A social sign-in page left open longer than this has to start again (seconds). */
const SOCIAL_STATE_TTL_S = 10 * 60;
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

const socialStateSchema = z.object({
  state: z.string().min(1),
  provider: oauthProviderSchema,
  returnTo: z.string(),
});
export type SocialState = z.infer<typeof socialStateSchema>;

/** Remembers a social sign-in under way: the `state` the provider must send back, where to return. */
export function keepSocialState(ctx: Pick<AuthContext, 'session'>, state: SocialState): void {
  ctx.session.set(SOCIAL_STATE_KEY, state, { ttl: SOCIAL_STATE_TTL_S });
}

/** Takes the social sign-in under way (it is good for one callback only). */
export async function takeSocialState(ctx: Pick<AuthContext, 'session'>): Promise<SocialState | null> {
  if (!(await ctx.session.has(SOCIAL_STATE_KEY))) return null;
  const parsed = socialStateSchema.safeParse(await ctx.session.get(SOCIAL_STATE_KEY));
  ctx.session.delete(SOCIAL_STATE_KEY);
  return parsed.success ? parsed.data : null;
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
