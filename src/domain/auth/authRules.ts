import { personNameSchema } from '../../api/schemas/person.ts';
import { canonicalPhone, phoneFault, type PhoneFault } from '../validation/phoneDigits.ts';
import { OTP, PASSWORD_MIN_LENGTH, RESEND_SECONDS } from '../../api/schemas/user.ts';

/**
 * The auth modal's rules (companion spec accounts §5, §9): what a phone, a one-time code, a
 * password, a first name and the club's expected-birth date must be before a form is sent, and the
 * resend timer's arithmetic. A failed check names its rule; the island turns the name into the
 * spec's message (or ours where the spec gives none).
 */

// The contract's constants (src/api/schemas/user.ts): password minimum 6 and the 60 s resend timer
// (spec §9), one-time codes of OTP.length digits.

/** A rule a field broke. */
export type AuthRule =
  PhoneFault | 'codeFormat' | 'passwordShort' | 'mismatch' | 'alphaHyphen' | 'todayOrAfter' | 'security';

export type Checked<T> = { ok: true; value: T } | { ok: false; rule: AuthRule };

const fail = <T>(rule: AuthRule): Checked<T> => ({ ok: false, rule });

/**
 * Spec §5 required + phone-number (380 and 12 digits) by the shop's one phone rule: the value is the
 * canonical phone, a failure names its fault (missing, short, long, not Ukrainian; issue 29).
 */
export function checkPhone(raw: string): Checked<string> {
  const fault = phoneFault(raw);
  return fault === null ? { ok: true, value: canonicalPhone(raw) } : fail(fault);
}

/** Spec §5 "confirmation code: required"; the service's codes are 6 digits (spaces are let go). */
export function checkCode(raw: string): Checked<string> {
  const code = raw.replace(/\s/g, '');
  if (code === '') return fail('required');
  return new RegExp(`^\\d{${OTP.length}}$`).test(code) ? { ok: true, value: code } : fail('codeFormat');
}

/** Spec §5 password: required, at least 6 characters (taken as typed, spaces included). */
export function checkPassword(raw: string): Checked<string> {
  if (raw === '') return fail('required');
  return [...raw].length >= PASSWORD_MIN_LENGTH ? { ok: true, value: raw } : fail('passwordShort');
}

/** Spec §5 confirmed: the repeat must equal the password ('Не співпадає'). */
export function checkRepeat(password: string, repeat: string): Checked<string> {
  if (repeat === '') return fail('required');
  return repeat === password ? { ok: true, value: repeat } : fail('mismatch');
}

/**
 * Spec §5 first name: required, letters and hyphen only, trimmed. The user service's own rule
 * (person.ts personNameSchema: the apostrophe and the space of Ukrainian names too), so the form
 * never sends a name the service refuses nor refuses one it takes.
 */
export function checkFirstName(raw: string): Checked<string> {
  const name = raw.trim();
  if (name === '') return fail('required');
  const parsed = personNameSchema.safeParse(name);
  return parsed.success ? { ok: true, value: parsed.data } : fail('alphaHyphen');
}

/**
 * The club's expected-birth date (optional, YYYY-MM-DD from a date input): spec §5 today-or-after,
 * against `today` (YYYY-MM-DD in the shopper's own calendar). Empty is null.
 */
export function checkDueDate(raw: string, today: string): Checked<string | null> {
  if (raw === '') return { ok: true, value: null };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return fail('todayOrAfter');
  return raw >= today ? { ok: true, value: raw } : fail('todayOrAfter');
}

/** Spec §5 security check token: required. */
export function checkSecurityToken(token: string | null): Checked<string> {
  return token ? { ok: true, value: token } : fail('security');
}

/** A date as YYYY-MM-DD in the local calendar (the date input's own format). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * When another code may be asked for: `diff` seconds (the server's, spec §4) from `sentAt`
 * (ms), or the spec's 60 s when the server gave none.
 */
export function resendAt(sentAt: number, diff: number | null): number {
  return sentAt + (diff ?? RESEND_SECONDS) * 1000;
}

/** Whole seconds left until `until` at `now` (rounded up, never below 0): 0 shows the resend control. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** The timer as the modal shows it: 65 → '1:05', 9 → '0:09'. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
