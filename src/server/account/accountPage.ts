import type { AstroGlobal } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import type { User } from '../../api/schemas/user.ts';
import { getUser } from '../../api/user.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { formState, type FormState } from '../../domain/account/formState.ts';
import { personalPage, redirect, unavailable, type PageOutcome } from '../request/pageOutcome.ts';
import { authContext, type AuthContext } from '../session/authContext.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';
import { takeFlash } from './accountFlash.ts';

/**
 * What every account page loads first (issue 11): the session's shopper from the user service
 * (bearer, one refresh), and the flash the last form post left. Nobody signed in, or tokens the
 * refresh could not cure: the main page with the login form. A user-service outage is the 503
 * page and signs nobody out.
 */
export interface AccountShell {
  ctx: AuthContext;
  api: HttpClient;
  user: User;
  locale: Locale;
  /** The state of the page's form `id` after a post came back. */
  form: (id: string) => FormState;
}

export { actionUrl } from '../../domain/account/accountPages.ts';

export async function loadAccountPage<T>(
  astro: AstroGlobal,
  build: (shell: AccountShell) => Promise<T>,
): Promise<PageOutcome<T>> {
  const ctx = authContext(astro);
  const toLogin = redirect(`${ctx.locale === 'uk' ? '/ua/' : '/'}#login`, 303);
  const shopper = await shopperClient(ctx);
  if (!shopper) return toLogin;
  let user: User;
  try {
    user = await getUser(shopper.api);
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return toLogin;
    }
    if (isApiError(error)) return unavailable();
    throw error;
  }
  const flash = await takeFlash(ctx.session);
  return personalPage(
    await build({ ctx, api: shopper.api, user, locale: ctx.locale, form: (id) => formState(flash, id) }),
  );
}
