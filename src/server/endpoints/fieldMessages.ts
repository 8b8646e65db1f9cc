import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueFields } from '../../api/apiError.ts';
import { DATE_MESSAGE, MISMATCH_MESSAGE, PASSWORD_SHORT_MESSAGE } from '../../api/schemas/account.ts';
import type { FieldProblem } from '../../api/schemas/endpoint.ts';
import { EMAIL_MESSAGE, REQUIRED_MESSAGE } from '../../api/schemas/person.ts';
import { PASSWORD_MIN_LENGTH, TODAY_OR_AFTER_MESSAGE } from '../../api/schemas/user.ts';
import type { MessageKey } from '../../i18n/messageKey.ts';

/**
 * A field's message in the page's language, for every endpoint of the shop: the spec's own texts
 * (§5) as written on both sites (as the auth modal and the checkout show them), ours translated,
 * anything else (zod's wording, a service's) the plain «check this field».
 */

/** Spec §5 texts, shown as written on both sites. */
const SPEC_TEXTS: ReadonlySet<string> = new Set([
  REQUIRED_MESSAGE,
  MISMATCH_MESSAGE,
  TODAY_OR_AFTER_MESSAGE,
  EMAIL_MESSAGE,
]);
/** The user service's and the schemas' own wording (Russian) → our key in both languages. */
const OWN_TEXTS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['Допустимы только буквы, дефис и апостроф', 'accountErrors.name'],
  [PASSWORD_SHORT_MESSAGE, 'accountErrors.passwordShort'],
  [DATE_MESSAGE, 'accountErrors.date'],
  ['Дата рождения не может быть в будущем', 'accountErrors.birthFuture'],
]);

/** A field's message in the page's language. */
export function fieldMessage(message: string, t: TFunction): string {
  if (SPEC_TEXTS.has(message)) return message;
  return t(OWN_TEXTS.get(message) ?? 'accountErrors.field', { min: PASSWORD_MIN_LENGTH });
}

/** zod's problems with a body, one per field (the first), named by their path (`body` for the whole). */
export function issueProblems(issues: readonly z.core.$ZodIssue[], t: TFunction): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const { field, message } of issueFields(issues)) {
    if (!problems.some((problem) => problem.field === field))
      problems.push({ field, message: fieldMessage(message, t) });
  }
  return problems;
}
