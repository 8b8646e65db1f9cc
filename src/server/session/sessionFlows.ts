import { isApiError } from '../../api/apiError.ts';
import { loginBodySchema, passwordBodySchema, type SessionAnswer } from '../../api/schemas/session.ts';
import { getUser, login, setPasswordWithToken } from '../../api/user.ts';
import { SIGNED_OUT_COOKIE } from '../../domain/session/customerHint.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer, type Outcome, redirectTo } from '../endpoints/outcomes.ts';
import { addressed } from './addressed.ts';
import type { AuthContext } from './authContext.ts';
import { authFormEndpoint } from './authEndpoint.ts';
import { authRefusal, authRefusalOf, problemRefusal } from './authRefusals.ts';
import { checkedPhone, passwordProblem } from './formChecks.ts';
import { claimPhoneOrders } from './orderClaim.ts';
import { dropPasswordStep, passwordStepToken } from './pendingSteps.ts';
import { shopperClient } from './shopperClient.ts';
import { signIn, signOut } from './shopperTokens.ts';
import { SIGNED_OUT, signedInState } from './shopperView.ts';

/** The session endpoints of the auth modal: who is signed in, login, logout, the password step. */

/** The session as it stands: the shopper's profile from the user service, or signed out. */
async function currentSession(ctx: AuthContext): Promise<Outcome> {
  const shopper = await shopperClient(ctx);
  if (!shopper) return answer({ session: SIGNED_OUT } satisfies SessionAnswer);
  try {
    const user = await getUser(shopper.api);
    return answer({ session: signedInState(user) } satisfies SessionAnswer);
  } catch (error) {
    // A 401 that the refresh could not cure: the tokens are dead (a failed refresh already removed them).
    if (isApiError(error) && error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return answer({ session: SIGNED_OUT } satisfies SessionAnswer);
    }
    // An outage signs nobody out: the island keeps what it knew and asks again later.
    const refused = authRefusalOf(error, 'session', ctx.t);
    if (!refused) throw error;
    return refused;
  }
}

/** `GET /api/auth/me`: who is signed in (SessionAnswer). */
export const meFlow = defineEndpoint({ who: 'anyone', handle: ({ ctx }) => currentSession(ctx) });

/** `POST /api/auth/login` `{login, password}`: spec §7 login; the tokens stay in the session. */
export const loginFlow = authFormEndpoint('login', loginBodySchema, async ({ ctx, body }) => {
  const phone = checkedPhone(body.login, 'login', ctx.locale);
  if (!phone.ok) return problemRefusal(phone.problem);
  const problem = passwordProblem(body.password, ctx.t, ctx.locale);
  if (problem) return problemRefusal(problem);
  const signedIn = await login(ctx.clients.anonymous, { login: phone.phone, password: body.password }, addressed(ctx));
  await signIn(ctx, { ...signedIn, customerId: signedIn.profile.id });
  await claimPhoneOrders(ctx);
  return answer({ session: signedInState(signedIn.profile) } satisfies SessionAnswer);
});

/**
 * `POST /api/auth/logout`: spec §4 "Logout clears tokens": from the session, and the hint. A plain
 * form post (the profile page's button, no script) is answered 303 to the main page, with the mark
 * that lets that page's session effects clear this browser's customer data (customerHint.ts).
 */
export const logoutFlow = defineEndpoint({
  who: 'anyone',
  async handle({ ctx, isForm }) {
    await signOut(ctx);
    if (!isForm) return answer({ session: SIGNED_OUT } satisfies SessionAnswer);
    ctx.cookies.set(SIGNED_OUT_COOKIE, '1', {
      path: '/',
      sameSite: 'lax',
      secure: ctx.secureCookies,
      httpOnly: false,
      maxAge: 300,
    });
    return redirectTo(ctx.locale === 'uk' ? '/ua/' : '/');
  },
});

/**
 * `POST /api/auth/password` `{password}`: sets the password with the one-time token the last
 * confirmed code (registration or recovery) left in the session; answers the session.
 */
export const passwordFlow = authFormEndpoint('password', passwordBodySchema, async ({ ctx, body }) => {
  const problem = passwordProblem(body.password, ctx.t, ctx.locale);
  if (problem) return problemRefusal(problem);
  const token = await passwordStepToken(ctx);
  if (!token) return authRefusal(400, ctx.t('authErrors.noPasswordStep'), null);
  await setPasswordWithToken(ctx.clients.anonymous, { token, password: body.password });
  dropPasswordStep(ctx);
  return currentSession(ctx);
});
