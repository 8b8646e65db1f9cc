import type { Locale } from '../../api/schemas/common.ts';
import type {
  Branch,
  DeliveryMethod,
  DeliveryMethodSlug,
  DeliveryType,
  Settlement,
  Shop,
  Street,
} from '../../api/schemas/delivery.ts';
import type { PaymentType } from '../../api/schemas/order.ts';
import { localized } from '../../i18n/localized.ts';
import { ANONYMOUS_SUFFIX, SHOP_PROJECT_CODE } from '../basket/basketKeys.ts';
import { formatBranchLine, streetTypeFullName } from './addressFormat.ts';
import { CARRIER, DELIVERY_TYPE, METHOD_DELIVERY_TYPE, deliveryMethodSlugOf } from './deliveryRules.ts';
import {
  PAYMENT_PARTS,
  PAYMENT_TYPE,
  isInstalment,
  isValidPaymentParts,
  paymentRefusal,
  paymentTypeOf,
  type PaymentFacts,
} from './paymentRules.ts';
import { isFields, parseJson } from '../storage/lenientJson.ts';

/**
 * The checkout form as the island holds it (storefront spec §3 "Checkout order fields"), how it
 * starts, how it changes when the shopper picks a city, a delivery, a branch, a street, a shop or
 * a payment, the spec §4 reset, and the draft that keeps what the shopper typed across a reload.
 * Every change gives a new form back (never mutating), so a store can hold it as is.
 */

/** Spec §3 "city (object)": the chosen settlement, in both languages (the shopper may switch the site's language). */
export type CheckoutCity = Pick<
  Settlement,
  | 'id'
  | 'ref'
  | 'name'
  | 'nameUkr'
  | 'type'
  | 'typeUkr'
  | 'regionName'
  | 'regionNameUkr'
  | 'districtName'
  | 'districtNameUkr'
>;

/** Spec §3 checkout order fields (form state). Texts are kept as typed; rules trim them. */
export interface CheckoutForm {
  city: CheckoutCity | null;
  /** The city's ref (the delivery service's settlement ref); '' without a city. */
  cityRef: string;
  /** As typed; the order gets its digits (380XXXXXXXXX). */
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Spec §4: 1 branch, 2 address, 3 pickup; null until a delivery is chosen. */
  deliveryType: DeliveryType | null;
  /** The chosen method's carrier (0 for pickup); null until a delivery is chosen. */
  deliveryCarrier: number | null;
  deliveryMethodSlug: DeliveryMethodSlug | null;
  /** The chosen branch as one line (formatBranchLine), sent as the order's deliveryBranch. */
  deliveryServiceOffice: string;
  deliveryBranchRef: string;
  paymentType: PaymentType;
  /** Payments of an instalment plan; 0 for any other payment type (spec §5). */
  paymentParts: number;
  /** The city's oblast and raion names in the language the city was chosen in. */
  region: string;
  district: string;
  street: string;
  /** The street's ref when chosen from the list; '' when typed. */
  streetRef: string;
  /** 'вулиця' / 'улица'; the short form 'вул.' / 'ул.' is streetTypeShortName. */
  streetTypeName: string;
  streetTypeShortName: string;
  building: string;
  apartment: string;
  /** An order request is on its way (the island disables the button); never restored from a draft. */
  newOrderRequest: boolean;
  /** The shopper's own comment, without the spec §9 prefixes (orderPayload adds them). */
  comment: string;
  usedBonuses: number;
  /** The pickup shop's ref (pickup only). */
  shopRef: string;
  /** Spec §3: default true, the shop calls to confirm. */
  callBack: boolean;
  otherRecipient: boolean;
  recipientPhone: string;
  recipientFirstName: string;
  recipientLastName: string;
  /** Try the clothes on at the door: only with the shop's courier (spec §9 'Примірка'). */
  tryClothes: boolean;
}

/** The location and delivery part of the form: what the spec §4 reset and a new city clear. */
const NO_LOCATION = {
  city: null,
  cityRef: '',
  region: '',
  district: '',
  street: '',
  streetRef: '',
  streetTypeName: '',
  streetTypeShortName: '',
  building: '',
  apartment: '',
  deliveryType: null,
  deliveryCarrier: null,
  deliveryMethodSlug: null,
  deliveryServiceOffice: '',
  deliveryBranchRef: '',
  shopRef: '',
  tryClothes: false,
} as const satisfies Partial<CheckoutForm>;

/** The form as a new checkout starts: nothing chosen, cash, the shop calls back. */
export function initialCheckoutForm(): CheckoutForm {
  return {
    ...NO_LOCATION,
    phone: '',
    firstName: '',
    lastName: '',
    email: '',
    paymentType: PAYMENT_TYPE.cash,
    paymentParts: 0,
    newOrderRequest: false,
    comment: '',
    usedBonuses: 0,
    callBack: true,
    otherRecipient: false,
    recipientPhone: '',
    recipientFirstName: '',
    recipientLastName: '',
  };
}

/**
 * Spec §4 checkout reset: clears the location, the city, the delivery method and the branches
 * (the street and address typed, the pickup shop and try-on go with them), sets the payment type
 * back to cash, paymentParts to 0, empties the comment and sets usedBonuses to 0. Who the shopper
 * is (phone, names, e-mail), the call-back wish and the recipient stay.
 */
export function resetCheckout(form: CheckoutForm): CheckoutForm {
  return {
    ...form,
    ...NO_LOCATION,
    paymentType: PAYMENT_TYPE.cash,
    paymentParts: 0,
    comment: '',
    usedBonuses: 0,
    newOrderRequest: false,
  };
}

/** The city's fields of the form from a settlement (the rest of a settlement is not kept). */
export function checkoutCity(settlement: CheckoutCity): CheckoutCity {
  return {
    id: settlement.id,
    ref: settlement.ref,
    name: settlement.name,
    nameUkr: settlement.nameUkr,
    type: settlement.type,
    typeUkr: settlement.typeUkr,
    regionName: settlement.regionName,
    regionNameUkr: settlement.regionNameUkr,
    districtName: settlement.districtName,
    districtNameUkr: settlement.districtNameUkr,
  };
}

/**
 * The form after choosing a city: its ref, oblast and raion in the page's language. Another city
 * clears the location and the delivery chosen for the last one (its methods, branches, streets and
 * shops are not this city's); the same city changes nothing.
 */
export function withCity(form: CheckoutForm, settlement: CheckoutCity, locale: Locale): CheckoutForm {
  if (form.city !== null && form.city.id === settlement.id) return form;
  const city = checkoutCity(settlement);
  return {
    ...form,
    ...NO_LOCATION,
    city,
    cityRef: city.ref,
    region: localized(locale, city.regionName, city.regionNameUkr),
    district: localized(locale, city.districtName ?? '', city.districtNameUkr),
  };
}

/**
 * The payment type kept if this delivery and basket allow it, otherwise cash (spec §4's default),
 * with the payment parts that go with it.
 */
export function withAllowedPayment(form: CheckoutForm, facts: PaymentFacts): CheckoutForm {
  if (form.deliveryType === null || form.deliveryMethodSlug === null) return form;
  if (paymentRefusal(form.paymentType, form.deliveryType, form.deliveryMethodSlug, facts) === null) return form;
  return withPaymentType(form, PAYMENT_TYPE.cash);
}

/**
 * The form after choosing a delivery method: its type, carrier and slug. What belonged to the last
 * method goes (its branch, a shop when leaving pickup, try-on unless it is the shop's courier);
 * the street and building typed stay for any courier. A payment type the new delivery does not
 * allow falls back to cash.
 */
export function withDeliveryMethod(
  form: CheckoutForm,
  method: Pick<DeliveryMethod, 'slug' | 'type' | 'carrier'>,
  facts: PaymentFacts,
): CheckoutForm {
  const sameMethod = form.deliveryMethodSlug === method.slug;
  const next: CheckoutForm = {
    ...form,
    deliveryType: method.type,
    deliveryCarrier: method.type === DELIVERY_TYPE.pickup ? CARRIER.shop : method.carrier,
    deliveryMethodSlug: method.slug,
    deliveryServiceOffice: sameMethod ? form.deliveryServiceOffice : '',
    deliveryBranchRef: sameMethod ? form.deliveryBranchRef : '',
    shopRef: method.type === DELIVERY_TYPE.pickup ? form.shopRef : '',
    tryClothes: method.slug === 'im-courier' && form.tryClothes,
  };
  return withAllowedPayment(next, facts);
}

/** The form after choosing a carrier's branch (or parcel locker). */
export function withBranch(
  form: CheckoutForm,
  branch: Pick<Branch, 'ref' | 'deliverySlug' | 'number' | 'title' | 'titleUkr' | 'address' | 'addressUkr'>,
  locale: Locale,
): CheckoutForm {
  return { ...form, deliveryServiceOffice: formatBranchLine(branch, locale), deliveryBranchRef: branch.ref };
}

/** The form after choosing a street from the city's list: its name, ref and type, short and full. */
export function withStreet(
  form: CheckoutForm,
  street: Pick<Street, 'ref' | 'name' | 'nameUkr' | 'type' | 'typeUkr'>,
  locale: Locale,
): CheckoutForm {
  const short = localized(locale, street.type, street.typeUkr);
  return {
    ...form,
    street: localized(locale, street.name, street.nameUkr),
    streetRef: street.ref,
    streetTypeShortName: short,
    streetTypeName: streetTypeFullName(short, locale),
  };
}

/** The form after the shopper types a street that is not in the list: no ref, no type. */
export function withTypedStreet(form: CheckoutForm, street: string): CheckoutForm {
  return { ...form, street, streetRef: '', streetTypeName: '', streetTypeShortName: '' };
}

/** The form after choosing a pickup shop. */
export function withShop(form: CheckoutForm, shop: Pick<Shop, 'ref'>): CheckoutForm {
  return { ...form, shopRef: shop.ref };
}

/**
 * The form after choosing a payment type: an instalment type keeps a valid number of payments or
 * starts at the fewest; any other type has 0 (spec §5: parts only for instalments).
 */
export function withPaymentType(form: CheckoutForm, type: PaymentType): CheckoutForm {
  const paymentParts = isInstalment(type)
    ? isValidPaymentParts(form.paymentParts)
      ? form.paymentParts
      : PAYMENT_PARTS.min
    : 0;
  return { ...form, paymentType: type, paymentParts };
}

/** The storage name of the draft, beside the basket's (src/domain/basket/basketKeys.ts). */
export const CHECKOUT_DRAFT_NAME = 'checkout_draft';

/**
 * The draft's sessionStorage key `bbs_checkout_draft_<customer|anon>`: sessionStorage, because the
 * draft holds a name, a phone and an address and needs to outlive a reload, not the tab.
 */
export function checkoutDraftKey(customerId?: string | number | null): string {
  const id = customerId === null || customerId === undefined ? '' : String(customerId).trim();
  return `${SHOP_PROJECT_CODE}_${CHECKOUT_DRAFT_NAME}_${id === '' ? ANONYMOUS_SUFFIX : encodeURIComponent(id)}`;
}

/** The draft's JSON: the form less the request flag, which belongs to this page only. */
export function serializeCheckoutDraft(form: CheckoutForm): string {
  const { newOrderRequest: _inFlight, ...draft } = form;
  return JSON.stringify(draft);
}

/** Longest text a draft field keeps (a field's own limit is the validation's business). */
const DRAFT_TEXT_LIMIT = 300;
const DRAFT_COMMENT_LIMIT = 1000;
const DRAFT_REF_LIMIT = 64;
/** Highest carrier id of the contract (spec §4: carrier ids 0 to 7). */
const MAX_CARRIER = 7;

const textOf = (value: unknown, limit = DRAFT_TEXT_LIMIT): string =>
  typeof value === 'string' ? value.slice(0, limit) : '';
const refOf = (value: unknown): string =>
  typeof value === 'string' && value.length <= DRAFT_REF_LIMIT ? value.trim() : '';
const flagOf = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? value.slice(0, DRAFT_TEXT_LIMIT) : null;

/** Pickup's carrier is always the shop's (spec §4); any other method keeps a stored carrier id of the contract (0–7). */
function carrierOf(slug: DeliveryMethodSlug, value: unknown): number | null {
  if (METHOD_DELIVERY_TYPE[slug] === DELIVERY_TYPE.pickup) return CARRIER.shop;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_CARRIER ? value : null;
}

/** A stored city, or null when what makes it a city (id, ref, name) is not sound. */
function parseCity(value: unknown): CheckoutCity | null {
  if (!isFields(value)) return null;
  const { id, name } = value;
  const ref = refOf(value['ref']);
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null;
  if (ref === '' || typeof name !== 'string' || name.trim() === '') return null;
  return {
    id,
    ref,
    name: name.slice(0, DRAFT_TEXT_LIMIT),
    nameUkr: textOrNull(value['nameUkr']) ?? name.slice(0, DRAFT_TEXT_LIMIT),
    type: textOf(value['type']),
    typeUkr: textOf(value['typeUkr']),
    regionName: textOf(value['regionName']),
    regionNameUkr: textOf(value['regionNameUkr']),
    districtName: textOrNull(value['districtName']),
    districtNameUkr: textOrNull(value['districtNameUkr']),
  };
}

/**
 * The form from a saved draft (the JSON string, or null when there is none). Never throws: what is
 * unreadable falls back to the initial form, field by field. What derives from something else is
 * derived again, not read: the city's ref from the city, the delivery type from the method's slug.
 * A draft without a sound city keeps no location or delivery (they belong to a city); branch fields
 * are kept only for a branch delivery, the shop only for pickup, try-on only for the shop's courier.
 * Whether the payment type suits the delivery and the basket is for withAllowedPayment to say once
 * the basket is known; the request flag is never restored.
 */
export function parseCheckoutDraft(raw: string | null | undefined): CheckoutForm {
  const initial = initialCheckoutForm();
  const value = parseJson(raw);
  if (!isFields(value)) return initial;

  const bonuses = value['usedBonuses'];
  const parts = value['paymentParts'];
  const paymentType = paymentTypeOf(value['paymentType']) ?? PAYMENT_TYPE.cash;
  const form: CheckoutForm = {
    ...initial,
    phone: textOf(value['phone']),
    firstName: textOf(value['firstName']),
    lastName: textOf(value['lastName']),
    email: textOf(value['email']),
    paymentType,
    paymentParts: isInstalment(paymentType)
      ? typeof parts === 'number' && isValidPaymentParts(parts)
        ? parts
        : PAYMENT_PARTS.min
      : 0,
    comment: textOf(value['comment'], DRAFT_COMMENT_LIMIT),
    usedBonuses: typeof bonuses === 'number' && Number.isSafeInteger(bonuses) && bonuses > 0 ? bonuses : 0,
    callBack: flagOf(value['callBack'], initial.callBack),
    otherRecipient: flagOf(value['otherRecipient'], initial.otherRecipient),
    recipientPhone: textOf(value['recipientPhone']),
    recipientFirstName: textOf(value['recipientFirstName']),
    recipientLastName: textOf(value['recipientLastName']),
  };

  const city = parseCity(value['city']);
  if (city === null) return form;
  const storedSlug = deliveryMethodSlugOf(value['deliveryMethodSlug']);
  const carrier = storedSlug === null ? null : carrierOf(storedSlug, value['deliveryCarrier']);
  // A method without a sound carrier cannot be sent: the shopper picks it again.
  const slug = carrier === null ? null : storedSlug;
  const deliveryType = slug === null ? null : METHOD_DELIVERY_TYPE[slug];
  return {
    ...form,
    city,
    cityRef: city.ref,
    region: textOf(value['region']),
    district: textOf(value['district']),
    street: textOf(value['street']),
    streetRef: refOf(value['streetRef']),
    streetTypeName: textOf(value['streetTypeName']),
    streetTypeShortName: textOf(value['streetTypeShortName']),
    building: textOf(value['building']),
    apartment: textOf(value['apartment']),
    deliveryType,
    deliveryMethodSlug: slug,
    deliveryCarrier: carrier,
    deliveryServiceOffice: deliveryType === DELIVERY_TYPE.branch ? textOf(value['deliveryServiceOffice']) : '',
    deliveryBranchRef: deliveryType === DELIVERY_TYPE.branch ? refOf(value['deliveryBranchRef']) : '',
    shopRef: deliveryType === DELIVERY_TYPE.pickup ? refOf(value['shopRef']) : '',
    tryClothes: slug === 'im-courier' && value['tryClothes'] === true,
  };
}
