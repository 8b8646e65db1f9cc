/**
 * Where a refusal of the session endpoints shows (companion spec accounts §8: "shown on the first
 * form field unless noted"; the server names the field). The server's field names are the
 * contract's bodies (`login`, `code`, `securityToken`, …); a form names its inputs by the same words
 * except where one input stands for several (the login form's phone is the body's `login`).
 */

/** Body field names that an input of another name stands for. */
const ALIASES: Readonly<Record<string, string>> = {
  login: 'phone',
  token: 'code',
  captcha: 'securityToken',
  newPassword: 'password',
};

/**
 * The input of `fields` (the current form's, in order) that a refusal naming `field` belongs on,
 * or null for the message above the form (no field, or one this form does not have).
 */
export function refusalField(field: string | null, fields: readonly string[]): string | null {
  if (field === null) return null;
  if (fields.includes(field)) return field;
  const alias = ALIASES[field];
  return alias !== undefined && fields.includes(alias) ? alias : null;
}
