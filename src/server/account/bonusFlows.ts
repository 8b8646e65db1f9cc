import { isApiError } from '../../api/apiError.ts';
import type { BonusSummaryAnswer } from '../../api/schemas/session.ts';
import { getBonusProfile, joinBonusProgram } from '../../api/user.ts';
import { levelNameFor } from '../../domain/account/bonusView.ts';
import { formatDate } from '../../domain/format/date.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import type { AuthContext } from '../session/authContext.ts';
import { foreignOrigin, jsonAnswer, refusalAnswer } from '../session/authAnswers.ts';
import { refusal } from '../session/authRefusals.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signedOutAnswer } from './accountKit.ts';
import { signOut } from '../session/shopperTokens.ts';

/**
 * `POST /api/account/bonus/join`: spec §7 `POST /public/user/bonus-program/member` for the
 * session's shopper. The profile's «Стать участником» is a plain form (no script on the page), so
 * a form post is answered with a 303 to the bonus page (which then shows the member's profile, or
 * the join failure); a JSON request gets the bonus profile or a refusal.
 */
export async function joinBonusFlow(ctx: AuthContext): Promise<Response> {
  const foreign = foreignOrigin(ctx);
  if (foreign) return foreign;
  const isForm = (ctx.request.headers.get('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded');
  const page = routeUrl(routeName('profile-bonus', ctx.locale));
  const seeOther = (location: string) =>
    new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
  const shopper = await shopperClient(ctx);
  // As every account form (accountKit.ts): a form post gets a small page with the way to sign in.
  if (!shopper) return signedOutAnswer(ctx, isForm);
  try {
    const bonus = await joinBonusProgram(shopper.api);
    return isForm ? seeOther(`${page}#bonus-program`) : jsonAnswer({ bonus });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return signedOutAnswer(ctx, isForm);
    }
    console.error('[account] joining the bonus programme failed:', error.message);
    return isForm
      ? seeOther(`${page}?join=failed`)
      : refusalAnswer(refusal(503, ctx.t('authErrors.unavailable'), null));
  }
}

/**
 * `GET /api/account/bonus`: the auth modal's member banner (spec §2: status name, expiry, logo) and
 * the checkout's balance to pay with.
 * A non-member, or a bonus profile that cannot be read (spec §4: the programme is then disabled),
 * is `{ bonus: null }`: the banner simply does not show.
 */
export async function bonusSummaryFlow(ctx: AuthContext): Promise<Response> {
  const shopper = await shopperClient(ctx);
  if (!shopper) return refusalAnswer(refusal(401, ctx.t('authErrors.signInFirst'), null));
  try {
    const profile = await getBonusProfile(shopper.api);
    const bonus = profile.isMember
      ? {
          levelName: levelNameFor(profile, ctx.locale),
          validUntil: profile.validUntil ? formatDate(profile.validUntil) : null,
          activeAmount: Math.max(0, profile.activeAmount),
        }
      : null;
    return jsonAnswer({ bonus } satisfies BonusSummaryAnswer);
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return refusalAnswer(refusal(401, ctx.t('authErrors.signInFirst'), null));
    }
    console.error('[account] the bonus profile cannot be read:', error.message);
    return jsonAnswer({ bonus: null } satisfies BonusSummaryAnswer);
  }
}
