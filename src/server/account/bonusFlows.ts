import { log } from '../../log/log.ts';
import { isApiError } from '../../api/apiError.ts';
import type { BonusSummaryAnswer } from '../../api/schemas/session.ts';
import { getBonusProfile, joinBonusProgram } from '../../api/user.ts';
import { levelNameFor } from '../../domain/account/bonusView.ts';
import { formatDate } from '../../domain/format/date.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer, redirectTo, refused } from '../endpoints/outcomes.ts';

/**
 * `POST /api/account/bonus/join`: spec §7 `POST /public/user/bonus-program/member` for the
 * session's shopper. The profile's «Стать участником» is a plain form (no script on the page), so
 * a form post is answered with a 303 to the bonus page (which then shows the member's profile, or
 * the join failure); a JSON request gets the bonus profile or a refusal.
 */
export const joinBonusFlow = defineEndpoint({
  who: 'shopper',
  async handle({ ctx, shopper, isForm }) {
    const page = routeUrl(routeName('profile-bonus', ctx.locale));
    try {
      const bonus = await joinBonusProgram(shopper.api);
      return isForm ? redirectTo(`${page}#bonus-program`) : answer({ bonus });
    } catch (error) {
      // A 401 goes on: the definition signs the shopper out.
      if (!isApiError(error) || (error.kind === 'http' && error.status === 401)) throw error;
      log.error('[account] joining the bonus programme failed:', error.message);
      return isForm ? redirectTo(`${page}?join=failed`) : refused(503, ctx.t('authErrors.unavailable'));
    }
  },
});

/**
 * `GET /api/account/bonus`: the auth modal's member banner (spec §2: status name, expiry, logo) and
 * the checkout's balance to pay with.
 * A non-member, or a bonus profile that cannot be read (spec §4: the programme is then disabled),
 * is `{ bonus: null }`: the banner simply does not show.
 */
export const bonusSummaryFlow = defineEndpoint({
  who: 'shopper',
  signedOutKey: 'authErrors.signInFirst',
  async handle({ ctx, shopper }) {
    try {
      const profile = await getBonusProfile(shopper.api);
      const bonus = profile.isMember
        ? {
            levelName: levelNameFor(profile, ctx.locale),
            validUntil: profile.validUntil ? formatDate(profile.validUntil) : null,
            activeAmount: Math.max(0, profile.activeAmount),
          }
        : null;
      return answer({ bonus } satisfies BonusSummaryAnswer);
    } catch (error) {
      if (!isApiError(error) || (error.kind === 'http' && error.status === 401)) throw error;
      log.error('[account] the bonus profile cannot be read:', error.message);
      return answer({ bonus: null } satisfies BonusSummaryAnswer);
    }
  },
});
