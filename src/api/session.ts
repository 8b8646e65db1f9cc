import { callEndpoint, type EndpointResult } from './endpointCall.ts';
import {
  AUTH_PATHS,
  bonusSummaryAnswerSchema,
  codeSentAnswerSchema,
  sessionAnswerSchema,
  socialPendingSchema,
  type BonusSummaryAnswer,
  type CodeBody,
  type CodeSentAnswer,
  type LoginBody,
  type RegisterBody,
  type SessionAnswer,
  type SocialPending,
  type SocialRegisterBody,
} from './schemas/session.ts';

/**
 * The auth modal's calls of the storefront's session endpoints (src/api/schemas/session.ts), over
 * the shop's one endpoint caller (src/api/endpointCall.ts): each answer is the endpoint's success
 * body, parsed with its schema, or its refusal (code, message in the page's language, fields).
 */

export type SessionResult<T> = EndpointResult<T>;

export type Lang = 'ru' | 'uk';

export const readSession = (locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  callEndpoint(AUTH_PATHS.me, sessionAnswerSchema, { locale });
export const postLogin = (body: LoginBody, locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  callEndpoint(AUTH_PATHS.login, sessionAnswerSchema, { body, locale });
export const postRegister = (body: RegisterBody, locale: Lang): Promise<SessionResult<CodeSentAnswer>> =>
  callEndpoint(AUTH_PATHS.register, codeSentAnswerSchema, { body, locale });
export const postSocialRegister = (body: SocialRegisterBody, locale: Lang): Promise<SessionResult<CodeSentAnswer>> =>
  callEndpoint(AUTH_PATHS.registerSocial, codeSentAnswerSchema, { body, locale });
export const postRegisterConfirm = (body: CodeBody, locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  callEndpoint(AUTH_PATHS.registerConfirm, sessionAnswerSchema, { body, locale });
export const postForgot = (phone: string, locale: Lang): Promise<SessionResult<CodeSentAnswer>> =>
  callEndpoint(AUTH_PATHS.forgot, codeSentAnswerSchema, { body: { phone }, locale });
export const postForgotConfirm = (body: CodeBody, locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  callEndpoint(AUTH_PATHS.forgotConfirm, sessionAnswerSchema, { body, locale });
export const postPassword = (password: string, locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  callEndpoint(AUTH_PATHS.password, sessionAnswerSchema, { body: { password }, locale });
export const readBonusSummary = (locale: Lang): Promise<SessionResult<BonusSummaryAnswer>> =>
  callEndpoint(AUTH_PATHS.bonusSummary, bonusSummaryAnswerSchema, { locale });
export const readSocialPending = (locale: Lang): Promise<SessionResult<SocialPending>> =>
  callEndpoint(AUTH_PATHS.socialPending, socialPendingSchema, { locale });

/** Where a social sign-in with `provider` starts; it comes back to `returnTo` (a path of the shop). */
export function socialStartUrl(provider: string, returnTo: string): string {
  return `${AUTH_PATHS.socialStart}/${encodeURIComponent(provider)}?${new URLSearchParams({ returnTo }).toString()}`;
}
