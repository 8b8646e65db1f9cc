import type { TFunction } from 'i18next';
import { isApiError } from '../../api/apiError.ts';
import type { AuthRefusal } from '../../api/schemas/session.ts';
import { PASSWORD_MIN_LENGTH, USER_ERROR } from '../../api/schemas/user.ts';
import { userErrorOf } from '../../api/user.ts';

/**
 * Refusals of the session endpoints (authRefusalSchema): the code (the user service's, spec
 * accounts §8, or our own HTTP status), the message in the page's language (the `authErrors`
 * section; the spec's wording where it has one) and the form field it is shown on ("on the first
 * form field unless noted": 1501 on the security check, 429 on the phone, 1105 as a notification).
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

/** A refusal with the HTTP status it is answered with. */
export interface Refused {
  status: number;
  refusal: AuthRefusal;
}

/** Message key and field of each service code; `first` is the form's first field. */
const BY_CODE: ReadonlyMap<number, { key: string; field: 'first' | 'securityToken' | null }> = new Map([
  [USER_ERROR.alreadyRegistered, { key: 'alreadyRegistered', field: 'first' }],
  [USER_ERROR.registrationLimit, { key: 'registrationLimit', field: 'first' }],
  [USER_ERROR.notRegistered, { key: 'notRegistered', field: 'first' }],
  [USER_ERROR.wrongCredentials, { key: 'wrongCredentials', field: 'first' }],
  // Spec §8: a notification, not a field's message.
  [USER_ERROR.phoneTaken, { key: 'phoneTaken', field: null }],
  [USER_ERROR.hourlyLimit, { key: 'hourlyLimit', field: 'first' }],
  [USER_ERROR.minuteLimit, { key: 'minuteLimit', field: 'first' }],
  [USER_ERROR.requestLimit, { key: 'requestLimit', field: 'first' }],
  [USER_ERROR.wrongCode, { key: 'wrongCode', field: 'first' }],
  [USER_ERROR.passwordNotSet, { key: 'passwordNotSet', field: 'first' }],
  [USER_ERROR.phoneNotConfirmed, { key: 'phoneNotConfirmed', field: 'first' }],
  [USER_ERROR.securityCheck, { key: 'securityCheck', field: 'securityToken' }],
  [USER_ERROR.emailTokenUnknown, { key: 'emailTokenUnknown', field: null }],
]);

/** The storefront's own refusal (a bad body, a foreign origin, an outage …). */
export function refusal(status: number, message: string, field: string | null): Refused {
  return { status, refusal: { code: status, message, field } };
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
 * The refusal for a failed user-service call, or null when `error` is not one (a bug: the caller
 * rethrows it and the 500 page shows). An outage (no answer, a 5xx, an answer off the contract) is
 * a 503 with the generic message; it never signs anyone out.
 */
export function refusalOf(error: unknown, form: AuthForm, t: TFunction): Refused | null {
  if (!isApiError(error)) return null;
  const first = FORM_FIRST_FIELD[form];
  const status = error.kind === 'http' && error.status >= 400 && error.status < 500 ? error.status : 503;
  if (status === 503) return refusal(503, t('authErrors.unavailable'), null);
  // Spec §8: "HTTP 429 on registration shows 'Превышен лимит попыток регистрации.' on the phone field".
  if (status === 429 && form === 'register') {
    return {
      status,
      refusal: { code: USER_ERROR.registrationLimit, message: t('authErrors.registrationLimit'), field: 'phone' },
    };
  }
  const service = userErrorOf(error);
  const known = service ? BY_CODE.get(service.code) : undefined;
  if (service && known) {
    const field = known.field === 'first' ? first : known.field;
    return { status, refusal: { code: service.code, message: t(`authErrors.${known.key}`), field } };
  }
  const invalid = service?.fields[0];
  if (service && invalid) {
    const field = FIELD_NAMES[invalid.field] ?? invalid.field;
    return { status, refusal: { code: service.code, message: fieldMessage(t, field, invalid.message), field } };
  }
  // Spec §8: 400, 403, 500 and anything unnamed: the generic authorization error.
  return { status, refusal: { code: service?.code ?? status, message: t('authErrors.generic'), field: first } };
}
