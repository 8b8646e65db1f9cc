import type { Locale } from '../../api/schemas/common.ts';
import type { CertificatePurchase } from '../../api/schemas/order.ts';
import { CERTIFICATE_NOMINAL, validateCertificateNominal } from '../checkout/certificateNominal.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { STORAGE_NAMES, storageKey } from '../basket/basketKeys.ts';
import { ownMessage } from '../checkout/checkoutMessages.ts';
import { NAME_MAX_LENGTH, isEmail, isPersonName } from '../checkout/checkoutValidation.ts';
import { validatePhone } from '../validation/phone.ts';
import { localizeSpecText, specMessage } from '../validation/specMessages.ts';

/**
 * The gift certificate purchase form (storefront spec §3 "Gift certificate", §5 nominal and phone):
 * nominal, first name, phone and e-mail, each checked by the rule the checkout applies to the same
 * field, with the spec's messages in the page's language (issue 29). The e-mail is required here (the contract lets it be
 * empty): it is where a shop sends an electronic certificate, and the only way back to it besides
 * the page's address.
 */

/**
 * The browser key of the last certificate purchase: spec §4 keeps the hash "under the key
 * order-hash", and spec §9 says every local storage key is prefixed with the project code and
 * suffixed with the customer (`bbs_order-hash_anon`), as the basket's keys are.
 */
export const ORDER_HASH_STORAGE_KEY = storageKey(STORAGE_NAMES.orderHash);

/** Spec §3: the category whose page carries the purchase form. */
export const CERTIFICATE_CATEGORY_SLUG = 'elektronnyi-podarochnyi-sertifikat';

/** The form's fields, in the order the form shows them; the order service names the same ones. */
export const CERTIFICATE_FORM_FIELDS = ['nominal', 'firstName', 'phone', 'email'] as const;
export type CertificateFormField = (typeof CERTIFICATE_FORM_FIELDS)[number];

/** What the shopper typed, as typed. */
export type CertificateFormValues = Readonly<Record<CertificateFormField, string>>;
/** At most one message per field: the first rule it breaks. */
export type CertificateFormErrors = Partial<Record<CertificateFormField, string>>;

/** The purchase to send, or why not. */
export type CertificateFormResult =
  { ok: true; purchase: CertificatePurchase } | { ok: false; errors: CertificateFormErrors };

/** The empty form. */
export const EMPTY_CERTIFICATE_FORM: CertificateFormValues = { nominal: '', firstName: '', phone: '', email: '' };

/** Longest e-mail address (RFC 5321). */
const EMAIL_MAX_LENGTH = 254;

function nameMessage(text: string, locale: Locale): string | null {
  const name = text.trim();
  if (name === '') return specMessage('required', locale);
  if (name.length > NAME_MAX_LENGTH) return ownMessage('tooLong', locale, { n: NAME_MAX_LENGTH });
  return isPersonName(name) ? null : ownMessage('alphaHyphen', locale);
}

function emailMessage(text: string, locale: Locale): string | null {
  const email = text.trim();
  if (email === '') return specMessage('required', locale);
  if (email.length > EMAIL_MAX_LENGTH) return ownMessage('tooLong', locale, { n: EMAIL_MAX_LENGTH });
  return isEmail(email) ? null : specMessage('email', locale);
}

/** A spec-worded message (ours or a service's) in the page's language; another as it is. */
const inPageLanguage = (message: string, locale: Locale) => localizeSpecText(message, locale) ?? message;

/** The purchase to send, or a message per field to show next to it. */
export function validateCertificateForm(values: CertificateFormValues, locale: Locale): CertificateFormResult {
  const nominal = validateCertificateNominal(values.nominal, locale);
  const phone = validatePhone(values.phone, locale);
  const firstName = nameMessage(values.firstName, locale);
  const email = emailMessage(values.email, locale);
  if (nominal.ok && phone.ok && firstName === null && email === null) {
    return {
      ok: true,
      purchase: {
        nominal: nominal.nominal,
        firstName: values.firstName.trim(),
        phone: phone.phone,
        email: values.email.trim(),
      },
    };
  }
  const errors: CertificateFormErrors = {};
  // The checkout's nominal rule words the spec's limits as the spec does: said here in the page's language.
  if (!nominal.ok) errors.nominal = inPageLanguage(nominal.message, locale);
  if (firstName !== null) errors.firstName = firstName;
  if (!phone.ok) errors.phone = phone.message;
  if (email !== null) errors.email = email;
  return { ok: false, errors };
}

/**
 * The order service's refusal of a purchase, per field of this form (it names the same fields,
 * with the same messages); null when it names none of them, so the page says the purchase failed
 * rather than showing a form with nothing marked.
 */
export function serviceFieldErrors(
  fields: readonly { field: string; message: string }[],
  locale: Locale,
): CertificateFormErrors | null {
  const errors: CertificateFormErrors = {};
  for (const { field, message } of fields) {
    const known = CERTIFICATE_FORM_FIELDS.find((name) => name === field);
    if (known !== undefined && errors[known] === undefined) errors[known] = inPageLanguage(message, locale);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The purchase form as its view renders it: on the category page (empty) and on `/certificate`. */
export interface CertificateFormModel {
  /** `POST /certificate` of the page's language. */
  action: string;
  values: CertificateFormValues;
  errors: CertificateFormErrors;
  /** The idempotency key the form carried (kept when the form comes back), '' for a new form. */
  intent: string;
  /** Spec §5 nominal limits, for the hint. */
  limits: { min: number; max: number };
  /** Where the shopper's last purchase lives: this + '/' + the hash kept in the browser. */
  certificateBase: string;
  /** The browser key the script reads that hash from. */
  storageKey: string;
}

/** The form with what was typed (none for a new form) and the messages to show. */
export function certificateFormModel(
  locale: Locale,
  state: { values?: CertificateFormValues; errors?: CertificateFormErrors; intent?: string } = {},
): CertificateFormModel {
  const action = routeUrl(routeName('certificate-buy', locale));
  return {
    action,
    values: state.values ?? EMPTY_CERTIFICATE_FORM,
    errors: state.errors ?? {},
    intent: state.intent ?? '',
    limits: { min: CERTIFICATE_NOMINAL.min, max: CERTIFICATE_NOMINAL.max },
    // The certificate page's path is the purchase form's plus the hash (src/i18n/routes.ts).
    certificateBase: action,
    storageKey: ORDER_HASH_STORAGE_KEY,
  };
}

/** `/certificate`: the purchase form, and after a failed purchase the word that nothing was bought. */
export interface CertificatePurchasePageModel {
  form: CertificateFormModel;
  /** The order service did not take the purchase (unavailable): nothing was bought, the form is kept. */
  failed: boolean;
}
