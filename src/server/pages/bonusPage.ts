import { log } from '../../log/log.ts';
import type { AstroGlobal } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import { BONUS_HISTORY_LIMIT } from '../../api/schemas/user.ts';
import { getBonusHistory, getBonusProfile } from '../../api/user.ts';
import { historyRows, memberBonus, queryPage } from '../../domain/account/bonusView.ts';
import type { BonusHistoryRow, MemberBonus } from '../../domain/account/bonusView.ts';
import { pageCount, pageLinks, type PageLinks } from '../../domain/catalog/pagination.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { notFound, personalPage, redirect, shopperTimeZone } from '../request/pageOutcome.ts';
import type { PageOutcome } from '../request/pageOutcome.ts';
import { authContext } from '../session/authContext.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';

/** `/profile/bonus` (and `/ua/…`): the cashback programme of the signed-in shopper. */
export type BonusPageModel =
  /** Spec §4: a failed bonus read clears the profile and marks the programme disabled: the page says so and lives. */
  | { state: 'unavailable' }
  | { state: 'guest'; joinFailed: boolean }
  | {
      state: 'member';
      bonus: MemberBonus;
      /** null when the history could not be read (the profile still shows). */
      history: { rows: BonusHistoryRow[]; links: PageLinks } | null;
    };

const isUnauthorized = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status === 401;

export async function loadBonusPage(astro: AstroGlobal): Promise<PageOutcome<BonusPageModel>> {
  const ctx = authContext(astro);
  const page = queryPage(astro.url.searchParams.get('page'));
  if (page === null) return notFound();
  const shopper = await shopperClient(ctx);
  const toLogin = redirect(`${routeUrl(routeName('main-page', ctx.locale))}#login`, 303);
  if (!shopper) return toLogin;
  const base = routeUrl(routeName('profile-bonus', ctx.locale));

  let profile;
  try {
    profile = await getBonusProfile(shopper.api);
  } catch (error) {
    if (isUnauthorized(error)) {
      await signOut(ctx);
      return toLogin;
    }
    if (!isApiError(error)) throw error;
    log.error('[account] the bonus profile cannot be read:', error.message);
    return personalPage({ state: 'unavailable' });
  }
  if (!profile.isMember) {
    if (page > 1) return notFound();
    return personalPage({ state: 'guest', joinFailed: astro.url.searchParams.get('join') === 'failed' });
  }

  let history: { rows: BonusHistoryRow[]; links: PageLinks } | null = null;
  try {
    const answer = await getBonusHistory(shopper.api, { page: page - 1, limit: BONUS_HISTORY_LIMIT });
    const count = pageCount(answer.total, BONUS_HISTORY_LIMIT);
    if (page > count) return notFound();
    history = {
      rows: historyRows(answer, ctx.locale, shopperTimeZone(astro)),
      links: pageLinks(page, count, (p) => (p === 1 ? base : `${base}?page=${p}`)),
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    log.error('[account] the bonus history cannot be read:', error.message);
  }
  return personalPage({ state: 'member', bonus: memberBonus(profile, ctx.locale, shopperTimeZone(astro)), history });
}
