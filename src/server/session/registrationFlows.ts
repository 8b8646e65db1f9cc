import {
  codeBodySchema,
  phoneBodySchema,
  registerBodySchema,
  socialRegisterBodySchema,
  type CodeSentAnswer,
  type SessionAnswer,
} from '../../api/schemas/session.ts';
import { confirmPhone, forgotPassword, registerByPhone, registerByPhoneOauth } from '../../api/user.ts';
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
import { checkedPhone, requiredProblem, type FieldProblem } from './formChecks.ts';
import { dropSocialPending, keepPasswordStep, socialPending } from './pendingSteps.ts';
import { signIn } from './shopperTokens.ts';
import { signedInState } from './shopperView.ts';
import { claimPhoneOrders } from './orderClaim.ts';

/**
 * Registration by phone (also finishing a social sign-in) and password recovery (spec §4): a code
 * by SMS, then the code signs the shopper in and leaves the one-time token for the password step.
 */

const problemAnswer = (problem: FieldProblem): Response => fieldRefusal(problem.field, problem.message);

/** `POST /api/auth/register` RegisterBody → `{diff}` (the resend timer). */
export async function registerFlow(ctx: AuthContext): Promise<Response> {
  const foreign = foreignOrigin(ctx);
  if (foreign) return foreign;
  const parsed = await parseBody(ctx, registerBodySchema, 'register');
  if (!parsed.ok) return parsed.answer;
  const { body } = parsed;
  const phone = checkedPhone(body.phone, 'phone', ctx.t);
  if (!phone.ok) return problemAnswer(phone.problem);
  const nameProblem = requiredProblem(body.firstName, 'firstName', ctx.t);
  if (nameProblem) return problemAnswer(nameProblem);
  // Spec §5: the security check's token is required; its message is the 1501 one.
  if (body.securityToken.trim() === '') return fieldRefusal('securityToken', ctx.t('authErrors.securityCheck'));
  try {
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
    return jsonAnswer({ diff: sent.diff } satisfies CodeSentAnswer);
  } catch (error) {
    return serviceRefusal(ctx, error, 'register');
  }
}

/** `POST /api/auth/register/social` `{phone, firstName, email}`: the 206's data from the session, plus the phone. */
export async function registerSocialFlow(ctx: AuthContext): Promise<Response> {
  const foreign = foreignOrigin(ctx);
  if (foreign) return foreign;
  const parsed = await parseBody(ctx, socialRegisterBodySchema, 'registerSocial');
  if (!parsed.ok) return parsed.answer;
  const pending = await socialPending(ctx);
  if (!pending) return refusalAnswer(refusal(400, ctx.t('authErrors.socialExpired'), null));
  const phone = checkedPhone(parsed.body.phone, 'phone', ctx.t);
  if (!phone.ok) return problemAnswer(phone.problem);
  const nameProblem = requiredProblem(parsed.body.firstName, 'firstName', ctx.t);
  if (nameProblem) return problemAnswer(nameProblem);
  try {
    const sent = await registerByPhoneOauth(
      ctx.clients.anonymous,
      {
        firstName: parsed.body.firstName.trim(),
        phone: phone.phone,
        email: parsed.body.email.trim(),
        oauthId: pending.oauthId,
        provider: pending.provider,
        language: ctx.locale,
      },
      addressed(ctx),
    );
    return jsonAnswer({ diff: sent.diff } satisfies CodeSentAnswer);
  } catch (error) {
    return serviceRefusal(ctx, error, 'registerSocial');
  }
}

/** The code of a registration or a recovery: signs in, keeps the password step. */
async function confirmCode(ctx: AuthContext, registration: boolean): Promise<Response> {
  const foreign = foreignOrigin(ctx);
  if (foreign) return foreign;
  const parsed = await parseBody(ctx, codeBodySchema, 'code');
  if (!parsed.ok) return parsed.answer;
  const codeProblem = requiredProblem(parsed.body.code, 'code', ctx.t);
  if (codeProblem) return problemAnswer(codeProblem);
  // The phone is the form's earlier step, not a field of this one: a bad one is the whole form's.
  const phone = checkedPhone(parsed.body.phone, 'phone', ctx.t);
  if (!phone.ok) return fieldRefusal('code', phone.problem.message);
  try {
    const confirmed = await confirmPhone(ctx.clients.anonymous, { phone: phone.phone, token: parsed.body.code.trim() });
    const { authorization } = confirmed;
    await signIn(ctx, { ...authorization, customerId: authorization.profile.id });
    keepPasswordStep(ctx, confirmed.token);
    await claimPhoneOrders(ctx);
    if (registration) dropSocialPending(ctx);
    // Spec §4 "a login event may carry a bonus flag": a registration that made the shopper a member.
    const bonusGranted = registration && authorization.profile.bonusProgramMember;
    return jsonAnswer({ session: signedInState(authorization.profile, bonusGranted) } satisfies SessionAnswer);
  } catch (error) {
    return serviceRefusal(ctx, error, 'code');
  }
}

/** `POST /api/auth/register/confirm` `{phone, code}`. */
export function registerConfirmFlow(ctx: AuthContext): Promise<Response> {
  return confirmCode(ctx, true);
}

/** `POST /api/auth/forgot` `{phone}` → `{diff}`: a recovery code by SMS. */
export async function forgotFlow(ctx: AuthContext): Promise<Response> {
  const foreign = foreignOrigin(ctx);
  if (foreign) return foreign;
  const parsed = await parseBody(ctx, phoneBodySchema, 'forgot');
  if (!parsed.ok) return parsed.answer;
  const phone = checkedPhone(parsed.body.phone, 'phone', ctx.t);
  if (!phone.ok) return problemAnswer(phone.problem);
  try {
    const sent = await forgotPassword(ctx.clients.anonymous, phone.phone, addressed(ctx));
    return jsonAnswer({ diff: sent.diff } satisfies CodeSentAnswer);
  } catch (error) {
    return serviceRefusal(ctx, error, 'forgot');
  }
}

/** `POST /api/auth/forgot/confirm` `{phone, code}`. */
export function forgotConfirmFlow(ctx: AuthContext): Promise<Response> {
  return confirmCode(ctx, false);
}
