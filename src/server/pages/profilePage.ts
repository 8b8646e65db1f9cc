import type { AstroGlobal } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import { getUser } from '../../api/user.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { formatPhone } from '../../domain/format/phone.ts';
import { personalPage, redirect, unavailable } from '../http/pageOutcome.ts';
import type { PageOutcome } from '../http/pageOutcome.ts';
import { authContext } from '../session/authContext.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';

/** What the account page shows of the signed-in shopper (the first account screen; issue 11). */
export interface ProfilePageModel {
  name: string;
  phone: string;
  email: string | null;
  isMember: boolean;
}

/**
 * `/profile`: the session's shopper read from the user service through their own client (bearer,
 * refresh once on 401). Nobody signed in, or tokens the refresh could not cure: the main page
 * with the login form (`#login`). An outage of the user service is the 503 page, never a sign-out.
 */
export async function loadProfilePage(astro: AstroGlobal): Promise<PageOutcome<ProfilePageModel>> {
  const ctx = authContext(astro);
  const toLogin = redirect(`${routeUrl(routeName('main-page', ctx.locale))}#login`, 303);
  const shopper = await shopperClient(ctx);
  if (!shopper) return toLogin;
  try {
    const user = await getUser(shopper.api);
    return personalPage({
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      phone: formatPhone(user.phone),
      email: user.email ? user.email : null,
      isMember: user.bonusProgramMember,
    });
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return toLogin;
    }
    if (isApiError(error)) return unavailable();
    throw error;
  }
}
