import type { TFunction } from 'i18next';
import type { Locale } from '../../api/schemas/common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../api/schemas/user.ts';
import { validatePhone } from '../../domain/validation/phone.ts';
import { specMessage } from '../../domain/validation/specMessages.ts';

/**
 * The forms' own rules (spec accounts §5), checked before a service is asked so the message is in
 * the page's language and on the right field. The user service checks them again.
 */

/** A field's problem: its name and message. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The phone as the service takes it (the shop's one phone rule: '093 123 45 67', '+38 (067) …' are
 * accepted), or the problem with its fault's message in the page's language (issue 29).
 */
export function checkedPhone(
  raw: string,
  field: string,
  locale: Locale,
): { ok: true; phone: string } | { ok: false; problem: FieldProblem } {
  const result = validatePhone(raw, locale);
  return result.ok ? { ok: true, phone: result.phone } : { ok: false, problem: { field, message: result.message } };
}

/** Spec §5: a password is required and at least 6 characters (login and set-password alike). */
export function passwordProblem(password: string, t: TFunction, locale: Locale): FieldProblem | null {
  if (password === '') return { field: 'password', message: specMessage('required', locale) };
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return { field: 'password', message: t('authErrors.passwordLength', { min: PASSWORD_MIN_LENGTH }) };
  }
  return null;
}

/** Spec §5 required (first name, confirmation code, …). */
export function requiredProblem(value: string, field: string, locale: Locale): FieldProblem | null {
  return value.trim() === '' ? { field, message: specMessage('required', locale) } : null;
}
