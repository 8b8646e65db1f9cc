/**
 * What an account form shows after a post came back (the one-time flash, src/server/account/
 * accountFlash.ts): its message, each field's problem, and what was typed in place of the stored
 * value. Pure, so a view only renders it.
 */

export interface FlashView {
  form: string;
  ok: boolean;
  message: string;
  fields: Readonly<Record<string, string>>;
  values: Readonly<Record<string, string>>;
}

export interface FormState {
  /** The form's message after a post (null: no post came back to this form). */
  message: { ok: boolean; text: string } | null;
  /** The problem of a field, or null. */
  error(field: string): string | null;
  /** What the shopper typed (after a refusal), else `stored`. */
  value(field: string, stored: string): string;
  /** A checkbox: as posted after a refusal, else `stored`. */
  checked(field: string, stored: boolean): boolean;
}

export function formState(flash: FlashView | null, form: string): FormState {
  const mine = flash !== null && flash.form === form ? flash : null;
  const refusedPost = mine !== null && !mine.ok;
  return {
    message: mine ? { ok: mine.ok, text: mine.message } : null,
    error: (field) => mine?.fields[field] ?? null,
    value: (field, stored) => (refusedPost ? (mine.values[field] ?? '') : stored),
    checked: (field, stored) => (refusedPost ? field in mine.values : stored),
  };
}
