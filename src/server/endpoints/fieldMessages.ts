import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueFields } from '../../api/apiError.ts';
import { DATE_MESSAGE, PASSWORD_SHORT_MESSAGE } from '../../api/schemas/account.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { FieldProblem } from '../../api/schemas/endpoint.ts';
import { PASSWORD_MIN_LENGTH } from '../../api/schemas/user.ts';
import { localizeSpecText } from '../../domain/validation/specMessages.ts';
import type { MessageKey } from '../../i18n/messageKey.ts';

/**
 * A field's message in the page's language, for every endpoint of the shop: the spec's own texts
 * (§5) as written on the pages of the spec's language and translated on the other's (issue 29,
 * src/domain/validation/specMessages.ts), ours translated, anything else (zod's wording, a
 * service's) the plain «check this field».
 */

/** What a field's message is said in: the page's language and its messages. */
export interface MessageLanguage {
  t: TFunction;
  locale: Locale;
}
/** The user service's and the schemas' own wording (Russian) → our key in both languages. */
const OWN_TEXTS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['Допустимы только буквы, дефис и апостроф', 'accountErrors.name'],
  [PASSWORD_SHORT_MESSAGE, 'accountErrors.passwordShort'],
  [DATE_MESSAGE, 'accountErrors.date'],
  ['Дата рождения не может быть в будущем', 'accountErrors.birthFuture'],
]);

/** A field's message in the page's language. */
export function fieldMessage(message: string, { t, locale }: MessageLanguage): string {
  const spec = localizeSpecText(message, locale);
  if (spec !== null) return spec;
  return t(OWN_TEXTS.get(message) ?? 'accountErrors.field', { min: PASSWORD_MIN_LENGTH });
}

/** zod's problems with a body, one per field (the first), named by their path (`body` for the whole). */
export function issueProblems(issues: readonly z.core.$ZodIssue[], language: MessageLanguage): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const { field, message } of issueFields(issues)) {
    if (!problems.some((problem) => problem.field === field))
      problems.push({ field, message: fieldMessage(message, language) });
  }
  return problems;
}
