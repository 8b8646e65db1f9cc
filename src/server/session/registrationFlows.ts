import {
  codeBodySchema,
  phoneBodySchema,
  registerBodySchema,
  socialRegisterBodySchema,
  type CodeSentAnswer,
  type SessionAnswer,
} from '../../api/schemas/session.ts';
import { confirmPhone, forgotPassword, registerByPhone, registerByPhoneOauth } from '../../api/user.ts';
import { answer, type Outcome } from '../endpoints/outcomes.ts';
import { addressed } from './addressed.ts';
import type { AuthContext } from './authContext.ts';
import { authFormEndpoint } from './authEndpoint.ts';
import { authRefusal, problemRefusal } from './authRefusals.ts';
import { checkedPhone, requiredProblem } from './formChecks.ts';
import { claimPhoneOrders } from './orderClaim.ts';
import { dropSocialPending, keepPasswordStep, socialPending } from './pendingSteps.ts';
import { signIn } from './shopperTokens.ts';
import { signedInState } from './shopperView.ts';

/**
 * Registration by phone (also finishing a social sign-in) and password recovery (spec §4): a code
 * by SMS, then the code signs the shopper in and leaves the one-time token for the password step.
 */

/** `POST /api/auth/register` RegisterBody → `{diff}` (the resend timer). */
export const registerFlow = authFormEndpoint('register', registerBodySchema, async ({ ctx, body }) => {
  const phone = checkedPhone(body.phone, 'phone', ctx.locale);
  if (!phone.ok) return problemRefusal(phone.problem);
  const nameProblem = requiredProblem(body.firstName, 'firstName', ctx.locale);
  if (nameProblem) return problemRefusal(nameProblem);
  // Spec §5: the security check's token is required; its message is the 1501 one.
  if (body.securityToken.trim() === '') return authRefusal(400, ctx.t('authErrors.securityCheck'), 'securityToken');
  const sent = await registerByPhone(
    ctx.clients.anonymous,
    {
      phone: phone.phone,
      firstName: body.firstName.trim(),
      pregnancyDueDate: body.pregnancyDueDate,
      securityToken: body.securityToken,
      language: ctx.locale,
    },
    addressed(ctx),
  );
  return answer({ diff: sent.diff } satisfies CodeSentAnswer);
});

/** `POST /api/auth/register/social` `{phone, firstName, email}`: the 206's data from the session, plus the phone. */
export const registerSocialFlow = authFormEndpoint(
  'registerSocial',
  socialRegisterBodySchema,
  async ({ ctx, body }) => {
    const pending = await socialPending(ctx);
    if (!pending) return authRefusal(400, ctx.t('authErrors.socialExpired'), null);
    const phone = checkedPhone(body.phone, 'phone', ctx.locale);
    if (!phone.ok) return problemRefusal(phone.problem);
    const nameProblem = requiredProblem(body.firstName, 'firstName', ctx.locale);
    if (nameProblem) return problemRefusal(nameProblem);
    const sent = await registerByPhoneOauth(
      ctx.clients.anonymous,
      {
        firstName: body.firstName.trim(),
        phone: phone.phone,
        email: body.email.trim(),
        oauthId: pending.oauthId,
        provider: pending.provider,
        language: ctx.locale,
      },
      addressed(ctx),
    );
    return answer({ diff: sent.diff } satisfies CodeSentAnswer);
  },
);

/** The code of a registration or a recovery: signs in, keeps the password step. */
async function confirmCode(
  ctx: AuthContext,
  body: { phone: string; code: string },
  registration: boolean,
): Promise<Outcome> {
  const codeProblem = requiredProblem(body.code, 'code', ctx.locale);
  if (codeProblem) return problemRefusal(codeProblem);
  // The phone is the form's earlier step, not a field of this one: a bad one is the whole form's.
  const phone = checkedPhone(body.phone, 'phone', ctx.locale);
  if (!phone.ok) return authRefusal(400, phone.problem.message, 'code');
  const confirmed = await confirmPhone(ctx.clients.anonymous, { phone: phone.phone, token: body.code.trim() });
  const { authorization } = confirmed;
  await signIn(ctx, { ...authorization, customerId: authorization.profile.id });
  keepPasswordStep(ctx, confirmed.token);
  await claimPhoneOrders(ctx);
  if (registration) dropSocialPending(ctx);
  // Spec §4 "a login event may carry a bonus flag": a registration that made the shopper a member.
  const bonusGranted = registration && authorization.profile.bonusProgramMember;
  return answer({ session: signedInState(authorization.profile, bonusGranted) } satisfies SessionAnswer);
}

/** `POST /api/auth/register/confirm` `{phone, code}`. */
export const registerConfirmFlow = authFormEndpoint('code', codeBodySchema, ({ ctx, body }) =>
  confirmCode(ctx, body, true),
);

/** `POST /api/auth/forgot` `{phone}` → `{diff}`: a recovery code by SMS. */
export const forgotFlow = authFormEndpoint('forgot', phoneBodySchema, async ({ ctx, body }) => {
  const phone = checkedPhone(body.phone, 'phone', ctx.locale);
  if (!phone.ok) return problemRefusal(phone.problem);
  const sent = await forgotPassword(ctx.clients.anonymous, phone.phone, addressed(ctx));
  return answer({ diff: sent.diff } satisfies CodeSentAnswer);
});

/** `POST /api/auth/forgot/confirm` `{phone, code}`. */
export const forgotConfirmFlow = authFormEndpoint('code', codeBodySchema, ({ ctx, body }) =>
  confirmCode(ctx, body, false),
);
