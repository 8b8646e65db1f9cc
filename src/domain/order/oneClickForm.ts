import type { Locale } from '../../api/schemas/common.ts';
import type { OneClickOrderPayload } from '../../api/schemas/order.ts';
import { ownMessage } from '../checkout/checkoutMessages.ts';
import { NAME_MAX_LENGTH, isPersonName } from '../checkout/checkoutValidation.ts';
import { validatePhone } from '../validation/phone.ts';
import { localizeSpecText, specMessage } from '../validation/specMessages.ts';

/**
 * «Купить в один клик» (storefront spec §6, §7 one-click order): a phone, a first name when the
 * shopper is anonymous, and the variant and quantity chosen on the product page. The shop calls
 * back to agree delivery and payment. The phone is the shop's one phone rule (spec §5: 380 and 12
 * digits, 'Номер телефону має починатись з +380'); the name the checkout's (accounts §5
 * alpha-hyphen). A signed-in shopper's order is theirs: the account knows the name, so it may be
 * left empty (the page hides the field for them).
 */

export const ONE_CLICK_FIELDS = ['phone', 'firstName', 'quantity'] as const;
export type OneClickField = (typeof ONE_CLICK_FIELDS)[number];

/** What the shopper typed, as typed. */
export type OneClickValues = Readonly<Record<OneClickField, string>>;
/** At most one message per field: the first rule it breaks. */
export type OneClickErrors = Partial<Record<OneClickField, string>>;

/** The variant the form buys: fixed by the page, not typed. */
export interface OneClickLine {
  productId: number;
  internalId: number;
}

/** Units of one variant in one order (BASKET_LIMITS.quantity; the order service holds at most its own lineMax). */
export const ONE_CLICK_MAX_QUANTITY = 999;

/** Ours (the spec has no quantity message): a count the page's own field allows. */
const QUANTITY_MESSAGE: Readonly<Record<Locale, string>> = {
  ru: `Количество: от 1 до ${ONE_CLICK_MAX_QUANTITY}`,
  uk: `Кількість: від 1 до ${ONE_CLICK_MAX_QUANTITY}`,
};

export type OneClickResult = { ok: true; payload: OneClickOrderPayload } | { ok: false; errors: OneClickErrors };

function nameMessage(text: string, signedIn: boolean, locale: Locale): string | null {
  const name = text.trim();
  if (name === '') return signedIn ? null : specMessage('required', locale);
  if (name.length > NAME_MAX_LENGTH) return ownMessage('tooLong', locale, { n: NAME_MAX_LENGTH });
  return isPersonName(name) ? null : ownMessage('alphaHyphen', locale);
}

/** A whole number of units 1 … ONE_CLICK_MAX_QUANTITY, or null. */
export function readQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return quantity >= 1 && quantity <= ONE_CLICK_MAX_QUANTITY ? quantity : null;
}

/** The order to send, or a message per field to show next to it. */
export function validateOneClick(
  values: OneClickValues,
  line: OneClickLine,
  { signedIn, locale }: { signedIn: boolean; locale: Locale },
): OneClickResult {
  const phone = validatePhone(values.phone, locale);
  const firstName = nameMessage(values.firstName, signedIn, locale);
  const quantity = readQuantity(values.quantity);
  if (phone.ok && firstName === null && quantity !== null) {
    return {
      ok: true,
      payload: {
        phone: phone.phone,
        firstName: values.firstName.trim(),
        items: [{ internalId: line.internalId, productId: line.productId, quantity }],
      },
    };
  }
  const errors: OneClickErrors = {};
  if (!phone.ok) errors.phone = phone.message;
  if (firstName !== null) errors.firstName = firstName;
  if (quantity === null) errors.quantity = QUANTITY_MESSAGE[locale];
  return { ok: false, errors };
}

/** A spec-worded message (ours or a service's) in the page's language; another as it is. */
const inPageLanguage = (message: string, locale: Locale) => localizeSpecText(message, locale) ?? message;

/**
 * The order service's refusal per field of this form: `phone`, `firstName`, and the line's
 * `items.0…` (not available, not that many, over the units one order may hold), shown by the
 * quantity. Null when it names none of them: the page then says the order failed.
 */
export function serviceErrors(
  fields: readonly { field: string; message: string }[],
  locale: Locale,
): OneClickErrors | null {
  const errors: OneClickErrors = {};
  for (const { field, message } of fields) {
    const own: OneClickField | undefined =
      field === 'phone' || field === 'firstName' ? field : /^items(\.|$)/.test(field) ? 'quantity' : undefined;
    if (own !== undefined && errors[own] === undefined) errors[own] = inPageLanguage(message, locale);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The empty form (one unit). */
export const EMPTY_ONE_CLICK: OneClickValues = { phone: '', firstName: '', quantity: '1' };

/** The form as its view renders it: on the product page (empty) and on the one-click page. */
export interface OneClickFormModel {
  /** `POST /one-click` of the page's language. */
  action: string;
  line: OneClickLine;
  /** Units the quantity field offers at most (the variant's stock as the catalogue said it). */
  max: number;
  values: OneClickValues;
  errors: OneClickErrors;
  /** The idempotency intent the form carried (kept when it comes back), '' for a new form. */
  intent: string;
}

/** The variant as the one-click page shows it above its form, in the page's language. */
export interface OneClickLineView {
  title: string;
  /** The variant's product page. */
  href: string;
  color: string | null;
  size: string | null;
  article: string;
  image: string | null;
  /** The catalogue's price of one unit (the order service prices the order). */
  price: number;
}

/** `/one-click`: the variant, the form, and after a failed order the word that nothing was ordered. */
export interface OneClickPageModel {
  line: OneClickLineView;
  form: OneClickFormModel;
  /** The order service did not answer: nothing was ordered, the form is kept. */
  failed: boolean;
}

/** The form with what was typed (none for a new form) and the messages to show. */
export function oneClickFormModel(
  action: string,
  line: OneClickLine,
  max: number,
  state: { values?: OneClickValues; errors?: OneClickErrors; intent?: string } = {},
): OneClickFormModel {
  return {
    action,
    line,
    max: Math.max(1, Math.min(max, ONE_CLICK_MAX_QUANTITY)),
    values: state.values ?? EMPTY_ONE_CLICK,
    errors: state.errors ?? {},
    intent: state.intent ?? '',
  };
}
