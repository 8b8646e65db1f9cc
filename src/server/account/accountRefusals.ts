import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { DATE_MESSAGE, MISMATCH_MESSAGE, PASSWORD_SHORT_MESSAGE } from '../../api/schemas/account.ts';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '../../api/schemas/person.ts';
import { PASSWORD_MIN_LENGTH, TODAY_OR_AFTER_MESSAGE, USER_ERROR } from '../../api/schemas/user.ts';
import { userErrorOf } from '../../api/user.ts';

/**
 * What an account action ends in (src/server/account/accountKit.ts answers it as JSON or as a
 * flash and a 303), and how a refused body or a refused service call becomes one: the problem on
 * the field it concerns, in the page's language, with the spec's own texts (§5) as written.
 */

export type ActionResult =
  /** `location`: where a form post goes next (default: its form on its page); `form`: the form the flash is for. */
  | { ok: true; message: string; location?: string; form?: string; data?: unknown }
  | { ok: false; status: number; message: string; fields: Record<string, string> };

export function done(message: string, location?: string, form?: string): ActionResult {
  return {
    ok: true,
    message,
    ...(location === undefined ? {} : { location }),
    ...(form === undefined ? {} : { form }),
  };
}

export function refused(status: number, message: string, fields: Record<string, string> = {}): ActionResult {
  return { ok: false, status, message, fields };
}

/** Spec §5 texts, shown as written on both sites (as the auth modal and the checkout do). */
const SPEC_TEXTS: ReadonlySet<string> = new Set([
  REQUIRED_MESSAGE,
  MISMATCH_MESSAGE,
  TODAY_OR_AFTER_MESSAGE,
  EMAIL_MESSAGE,
]);
/** The user service's and the schemas' own wording (Russian) → our key in both languages. */
const OWN_TEXTS: ReadonlyMap<string, string> = new Map([
  ['Допустимы только буквы, дефис и апостроф', 'name'],
  [PASSWORD_SHORT_MESSAGE, 'passwordShort'],
  [DATE_MESSAGE, 'date'],
  ['Дата рождения не может быть в будущем', 'birthFuture'],
]);

/** A field's message in the page's language. */
export function fieldMessage(message: string, t: TFunction): string {
  if (SPEC_TEXTS.has(message)) return message;
  const key = OWN_TEXTS.get(message) ?? 'field';
  return t(`accountErrors.${key}`, { min: PASSWORD_MIN_LENGTH });
}

/** zod's problems as one message per field (the first), `body` when the body as a whole is wrong. */
export function issueFields(issues: readonly z.core.$ZodIssue[], t: TFunction): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path[0];
    const field = typeof name === 'string' ? name : 'body';
    fields[field] ??= fieldMessage(issue.message, t);
  }
  return fields;
}

/**
 * The result of a failed user-service call; `signedOut` for a 401 the refresh could not cure; null
 * when `error` is no service failure (a bug: the caller rethrows it). An outage is a 503 with our
 * message and never signs anyone out.
 */
export function serviceResult(error: unknown, t: TFunction): ActionResult | 'signedOut' | null {
  if (!isApiError(error)) return null;
  if (error.kind !== 'http' || error.status >= 500) return refused(503, t('accountErrors.unavailable'));
  if (error.status === 401) return 'signedOut';
  if (error.status === 429) return refused(429, t('accountErrors.tooOften'));
  // Another shopper's id, or one that is gone: the same answer (the service does not tell them apart).
  if (error.status === 404) return refused(404, t('accountErrors.notFound'));
  const service = userErrorOf(error);
  if (service?.code === USER_ERROR.wrongCredentials) {
    return refused(400, t('accountErrors.wrongPassword'), { password: t('accountErrors.wrongPassword') });
  }
  if (service?.code === USER_ERROR.passwordNotSet) {
    return refused(400, t('accountErrors.passwordNotSet'), { password: t('accountErrors.passwordNotSet') });
  }
  if (error.status === 409 || service?.code === USER_ERROR.phoneTaken) {
    return refused(409, t('accountErrors.socialTaken'));
  }
  const fields: Record<string, string> = {};
  for (const problem of service?.fields ?? []) {
    // `body` is the service's limit of locations or children: the form's message, not a field's.
    if (problem.field !== 'body') fields[problem.field] ??= fieldMessage(problem.message, t);
  }
  const tooMany = service?.fields.some((problem) => problem.field === 'body') ?? false;
  return refused(error.status, t(tooMany ? 'accountErrors.tooMany' : 'accountErrors.check'), fields);
}
