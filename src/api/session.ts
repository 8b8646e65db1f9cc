import type { z } from 'zod';
import {
  AUTH_PATHS,
  authRefusalSchema,
  bonusSummaryAnswerSchema,
  codeSentAnswerSchema,
  sessionAnswerSchema,
  socialPendingSchema,
  type AuthRefusal,
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
 * The islands' client of the storefront's session endpoints (src/api/schemas/session.ts): same
 * origin, the session cookie rides along, no token is ever sent or received. An answer is either
 * the endpoint's success body or its refusal (code, message in the page's language, field).
 */

export type SessionResult<T> = { ok: true; value: T } | { ok: false; refusal: AuthRefusal };

const TIMEOUT_MS = 15_000;

/** What a failure without the endpoint's answer (network, timeout, a broken body) says. */
function unreachable(detail: string): AuthRefusal {
  return { code: 0, message: detail, field: null };
}

async function call<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { method: 'GET' | 'POST'; body?: unknown; locale: 'ru' | 'uk' },
): Promise<SessionResult<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(`${path}${path.includes('?') ? '&' : '?'}locale=${init.locale}`, {
      method: init.method,
      headers: init.body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, refusal: unreachable(error instanceof Error ? error.message : 'network error') };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = schema.safeParse(json);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, refusal: unreachable('bad answer') };
  }
  const refusal = authRefusalSchema.safeParse(json);
  return {
    ok: false,
    refusal: refusal.success ? refusal.data : unreachable(`HTTP ${response.status}`),
  };
}

export type Lang = 'ru' | 'uk';

export const readSession = (locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  call(AUTH_PATHS.me, sessionAnswerSchema, { method: 'GET', locale });
export const postLogin = (body: LoginBody, locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  call(AUTH_PATHS.login, sessionAnswerSchema, { method: 'POST', body, locale });
export const postRegister = (body: RegisterBody, locale: Lang): Promise<SessionResult<CodeSentAnswer>> =>
  call(AUTH_PATHS.register, codeSentAnswerSchema, { method: 'POST', body, locale });
export const postSocialRegister = (body: SocialRegisterBody, locale: Lang): Promise<SessionResult<CodeSentAnswer>> =>
  call(AUTH_PATHS.registerSocial, codeSentAnswerSchema, { method: 'POST', body, locale });
export const postRegisterConfirm = (body: CodeBody, locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  call(AUTH_PATHS.registerConfirm, sessionAnswerSchema, { method: 'POST', body, locale });
export const postForgot = (phone: string, locale: Lang): Promise<SessionResult<CodeSentAnswer>> =>
  call(AUTH_PATHS.forgot, codeSentAnswerSchema, { method: 'POST', body: { phone }, locale });
export const postForgotConfirm = (body: CodeBody, locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  call(AUTH_PATHS.forgotConfirm, sessionAnswerSchema, { method: 'POST', body, locale });
export const postPassword = (password: string, locale: Lang): Promise<SessionResult<SessionAnswer>> =>
  call(AUTH_PATHS.password, sessionAnswerSchema, { method: 'POST', body: { password }, locale });
export const readBonusSummary = (locale: Lang): Promise<SessionResult<BonusSummaryAnswer>> =>
  call(AUTH_PATHS.bonusSummary, bonusSummaryAnswerSchema, { method: 'GET', locale });
export const readSocialPending = (locale: Lang): Promise<SessionResult<SocialPending>> =>
  call(AUTH_PATHS.socialPending, socialPendingSchema, { method: 'GET', locale });

/** Where a social sign-in with `provider` starts; it comes back to `returnTo` (a path of the shop). */
export function socialStartUrl(provider: string, returnTo: string): string {
  return `${AUTH_PATHS.socialStart}/${encodeURIComponent(provider)}?${new URLSearchParams({ returnTo }).toString()}`;
}
