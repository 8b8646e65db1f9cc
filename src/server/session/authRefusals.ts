import type { TFunction } from 'i18next';
import { isApiError } from '../../api/apiError.ts';
import { PASSWORD_MIN_LENGTH, USER_ERROR } from '../../api/schemas/user.ts';
import { userErrorOf } from '../../api/user.ts';
import { type Refused, refusedWith } from '../endpoints/outcomes.ts';
import type { AuthContext } from './authContext.ts';
import type { MessageKey } from '../../i18n/messageKey.ts';

/**
 * Refusals of the session endpoints, in the shop's one envelope (src/api/schemas/endpoint.ts): the
 * code (the user service's, spec accounts §8, or our own HTTP status), the message in the page's
 * language (the `authErrors` section; the spec's wording where it has one) and the form field it is
 * shown on ("on the first form field unless noted": 1501 on the security check, 429 on the phone,
 * 1105 as a notification, with no field).
 */

/** The forms of the modal and their first field (where a refusal shows unless noted). */
export const FORM_FIRST_FIELD = {
  login: 'login',
  register: 'phone',
  registerSocial: 'phone',
  code: 'code',
  forgot: 'phone',
  password: 'password',
  session: null,
} as const satisfies Record<string, string | null>;
export type AuthForm = keyof typeof FORM_FIRST_FIELD;

/** Message key and field of each service code; `first` is the form's first field. */
const BY_CODE: ReadonlyMap<number, { key: MessageKey; field: 'first' | 'securityToken' | null }> = new Map<
  number,
  { key: MessageKey; field: 'first' | 'securityToken' | null }
>([
  [USER_ERROR.alreadyRegistered, { key: 'authErrors.alreadyRegistered', field: 'first' }],
  [USER_ERROR.registrationLimit, { key: 'authErrors.registrationLimit', field: 'first' }],
  [USER_ERROR.notRegistered, { key: 'authErrors.notRegistered', field: 'first' }],
  [USER_ERROR.wrongCredentials, { key: 'authErrors.wrongCredentials', field: 'first' }],
  // Spec §8: a notification, not a field's message.
  [USER_ERROR.phoneTaken, { key: 'authErrors.phoneTaken', field: null }],
  [USER_ERROR.hourlyLimit, { key: 'authErrors.hourlyLimit', field: 'first' }],
  [USER_ERROR.minuteLimit, { key: 'authErrors.minuteLimit', field: 'first' }],
  [USER_ERROR.requestLimit, { key: 'authErrors.requestLimit', field: 'first' }],
  [USER_ERROR.wrongCode, { key: 'authErrors.wrongCode', field: 'first' }],
  [USER_ERROR.passwordNotSet, { key: 'authErrors.passwordNotSet', field: 'first' }],
  [USER_ERROR.phoneNotConfirmed, { key: 'authErrors.phoneNotConfirmed', field: 'first' }],
  [USER_ERROR.securityCheck, { key: 'authErrors.securityCheck', field: 'securityToken' }],
  [USER_ERROR.emailTokenUnknown, { key: 'authErrors.emailTokenUnknown', field: null }],
]);

/** A refusal with its message on `field` (null: the whole form's); the code is the status unless a service gave one. */
export function authRefusal(status: number, message: string, field: string | null, code: number = status): Refused {
  return refusedWith(status, message, field === null ? [] : [{ field, message }], code);
}

/** A form's own check that failed (formChecks.ts), as its refusal: 400 on the field. */
export function problemRefusal(problem: { field: string; message: string }): Refused {
  return authRefusal(400, problem.message, problem.field);
}

/** The service's field names where the modal's forms name them differently. */
const FIELD_NAMES: Readonly<Record<string, string>> = { token: 'code' };

/** Our message for a field the service refused, where we have one in the page's language. */
function fieldMessage(t: TFunction, field: string, serviceMessage: string): string {
  if (field === 'phone' || field === 'login') return t('authErrors.phone');
  if (field === 'password') return t('authErrors.passwordLength', { min: PASSWORD_MIN_LENGTH });
  return serviceMessage;
}

/**
 * The refusal for a failed user-service call, or null when `error` is not one (a bug: the 500
 * page). An outage (no answer, a 5xx, an answer off the contract) is a 503 with the generic
 * message; it never signs anyone out.
 */
export function authRefusalOf(error: unknown, form: AuthForm, t: TFunction): Refused | null {
  if (!isApiError(error)) return null;
  const first = FORM_FIRST_FIELD[form];
  const status = error.kind === 'http' && error.status >= 400 && error.status < 500 ? error.status : 503;
  if (status === 503) return authRefusal(503, t('authErrors.unavailable'), null);
  // Spec §8: "HTTP 429 on registration shows 'Превышен лимит попыток регистрации.' on the phone field".
  if (status === 429 && form === 'register') {
    return authRefusal(status, t('authErrors.registrationLimit'), 'phone', USER_ERROR.registrationLimit);
  }
  const service = userErrorOf(error);
  const known = service ? BY_CODE.get(service.code) : undefined;
  if (service && known) {
    const field = known.field === 'first' ? first : known.field;
    return authRefusal(status, t(known.key), field, service.code);
  }
  const invalid = service?.fields[0];
  if (service && invalid) {
    const field = FIELD_NAMES[invalid.field] ?? invalid.field;
    return authRefusal(status, fieldMessage(t, field, invalid.message), field, service.code);
  }
  // Spec §8: 400, 403, 500 and anything unnamed: the generic authorization error.
  return authRefusal(status, t('authErrors.generic'), first, service?.code ?? status);
}

/** A definition's `serviceRefusal` for the modal's form `form` (src/server/endpoints/defineEndpoint.ts). */
export function authServiceRefusal(form: AuthForm): (error: unknown, ctx: Pick<AuthContext, 't'>) => Refused | null {
  return (error, ctx) => authRefusalOf(error, form, ctx.t);
}
