import type { TFunction } from 'i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../api/schemas/user.ts';
import { validatePhone } from '../../domain/validation/phone.ts';

/**
 * The forms' own rules (spec accounts §5), checked before a service is asked so the message is in
 * the page's language and on the right field. The user service checks them again.
 */

/** A field's problem: its name and message. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** The phone as the service takes it (380 and 9 digits; '+38 (067) …' is accepted), or the problem. */
export function checkedPhone(
  raw: string,
  field: string,
  t: TFunction,
): { ok: true; phone: string } | { ok: false; problem: FieldProblem } {
  const result = validatePhone(raw, 'uk');
  if (result.ok) return { ok: true, phone: result.phone };
  return {
    ok: false,
    problem: { field, message: raw.trim() === '' ? t('authErrors.required') : t('authErrors.phone') },
  };
}

/** Spec §5: a password is required and at least 6 characters (login and set-password alike). */
export function passwordProblem(password: string, t: TFunction): FieldProblem | null {
  if (password === '') return { field: 'password', message: t('authErrors.required') };
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return { field: 'password', message: t('authErrors.passwordLength', { min: PASSWORD_MIN_LENGTH }) };
  }
  return null;
}

/** Spec §5 required (first name, confirmation code, …). */
export function requiredProblem(value: string, field: string, t: TFunction): FieldProblem | null {
  return value.trim() === '' ? { field, message: t('authErrors.required') } : null;
}
