import { isApiError } from '../../api/apiError.ts';
import { loginBodySchema, passwordBodySchema, type SessionAnswer } from '../../api/schemas/session.ts';
import { getUser, login, setPasswordWithToken } from '../../api/user.ts';
import type { AuthContext } from './authContext.ts';
import {
  addressed,
  fieldRefusal,
  foreignOrigin,
  jsonAnswer,
  parseBody,
  refusalAnswer,
  serviceRefusal,
} from './authAnswers.ts';
import { refusal } from './authRefusals.ts';
import { checkedPhone, passwordProblem } from './formChecks.ts';
import { dropPasswordStep, passwordStepToken } from './pendingSteps.ts';
import { shopperClient } from './shopperClient.ts';
import { signIn, signOut } from './shopperTokens.ts';
import { SIGNED_OUT, signedInState } from './shopperView.ts';
import { SIGNED_OUT_COOKIE } from '../../domain/session/customerHint.ts';
import { claimPhoneOrders } from './orderClaim.ts';

/** The session as it stands: the shopper's profile from the user service, or signed out. */
async function currentSession(ctx: AuthContext): Promise<Response> {
  const shopper = await shopperClient(ctx);
  if (!shopper) {
    return jsonAnswer({ session: SIGNED_OUT } satisfies SessionAnswer);
  }
  try {
    const user = await getUser(shopper.api);
    return jsonAnswer({ session: signedInState(user) } satisfies SessionAnswer);
  } catch (error) {
    // A 401 that the refresh could not cure: the tokens are dead (a failed refresh already removed them).
    if (isApiError(error) && error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return jsonAnswer({ session: SIGNED_OUT } satisfies SessionAnswer);
    }
    // An outage signs nobody out: the island keeps what it knew and asks again later.
    return serviceRefusal(ctx, error, 'session');
  }
}

/** `GET /api/auth/me`: who is signed in (SessionAnswer). */
export function meFlow(ctx: AuthContext): Promise<Response> {
  return currentSession(ctx);
}

/** `POST /api/auth/login` `{login, password}`: spec §7 login; the tokens stay in the session. */
export async function loginFlow(ctx: AuthContext): Promise<Response> {
  const foreign = foreignOrigin(ctx);
  if (foreign) return foreign;
  const parsed = await parseBody(ctx, loginBodySchema, 'login');
  if (!parsed.ok) return parsed.answer;
  const phone = checkedPhone(parsed.body.login, 'login', ctx.t);
  if (!phone.ok) return fieldRefusal(phone.problem.field, phone.problem.message);
  const problem = passwordProblem(parsed.body.password, ctx.t);
  if (problem) return fieldRefusal(problem.field, problem.message);
  try {
    const answer = await login(
      ctx.clients.anonymous,
      { login: phone.phone, password: parsed.body.password },
      addressed(ctx),
    );
    await signIn(ctx, { ...answer, customerId: answer.profile.id });
    await claimPhoneOrders(ctx);
    return jsonAnswer({ session: signedInState(answer.profile) } satisfies SessionAnswer);
  } catch (error) {
    return serviceRefusal(ctx, error, 'login');
  }
}

/**
 * `POST /api/auth/logout`: spec §4 "Logout clears tokens": from the session, and the hint. A plain
 * form post (the profile page's button, no script) is answered 303 to the main page, with the mark
 * that lets that page's session effects clear this browser's customer data (customerHint.ts).
 */
export async function logoutFlow(ctx: AuthContext): Promise<Response> {
  const foreign = foreignOrigin(ctx);
  if (foreign) return foreign;
  await signOut(ctx);
  const type = ctx.request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) {
    return jsonAnswer({ session: SIGNED_OUT } satisfies SessionAnswer);
  }
  ctx.cookies.set(SIGNED_OUT_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    secure: ctx.secureCookies,
    httpOnly: false,
    maxAge: 300,
  });
  const home = ctx.locale === 'uk' ? '/ua/' : '/';
  return new Response(null, { status: 303, headers: { Location: home, 'Cache-Control': 'no-store' } });
}

/**
 * `POST /api/auth/password` `{password}`: sets the password with the one-time token the last
 * confirmed code (registration or recovery) left in the session; answers the session.
 */
export async function passwordFlow(ctx: AuthContext): Promise<Response> {
  const foreign = foreignOrigin(ctx);
  if (foreign) return foreign;
  const parsed = await parseBody(ctx, passwordBodySchema, 'password');
  if (!parsed.ok) return parsed.answer;
  const problem = passwordProblem(parsed.body.password, ctx.t);
  if (problem) return fieldRefusal(problem.field, problem.message);
  const token = await passwordStepToken(ctx);
  if (!token) return refusalAnswer(refusal(400, ctx.t('authErrors.noPasswordStep'), null));
  try {
    await setPasswordWithToken(ctx.clients.anonymous, { token, password: parsed.body.password });
  } catch (error) {
    return serviceRefusal(ctx, error, 'password');
  }
  dropPasswordStep(ctx);
  return currentSession(ctx);
}
