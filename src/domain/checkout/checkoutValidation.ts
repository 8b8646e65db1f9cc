import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethod, Shop } from '../../api/schemas/delivery.ts';
import { localized } from '../../i18n/localized.ts';
import type { BasketCertificate } from '../basket/basketCertificates.ts';
import { isGift, type BasketItem } from '../basket/basketItem.ts';
import { basketTotals } from '../basket/basketTotals.ts';
import { formatAmount } from '../../i18n/amount.ts';
import { validatePhone } from '../validation/phone.ts';
import { bonusRefusal, type BonusRefusal } from './bonusPayment.ts';
import type { CheckoutForm } from './checkoutForm.ts';
import { specMessage } from '../validation/specMessages.ts';
import { ownMessage } from './checkoutMessages.ts';
import { DELIVERY_TYPE, METHOD_DELIVERY_TYPE } from './deliveryRules.ts';
import {
  PAYMENT_PARTS,
  isInstalment,
  isValidPaymentParts,
  orderAmount,
  paymentRefusal,
  paymentRefusalMessage,
  type PaymentFacts,
} from './paymentRules.ts';

/**
 * The checkout form checked field by field before the order is sent (accounts spec §5 messages,
 * storefront spec §5 "Delivery and payment"). At most one message per field, the first rule it
 * breaks, in the order the page shows the fields, so the island can put each next to its field and
 * focus the first. The order service answers a refused order with the same fields and texts.
 */

/** A field of the form, or `items` for the basket as a whole. */
export type CheckoutField = keyof CheckoutForm | 'items';

/** A message to show next to a field. */
export interface FieldError {
  field: CheckoutField;
  message: string;
}

/** The basket being ordered: its lines and its codes. */
export interface CheckoutBasket {
  items: readonly BasketItem[];
  certificates: readonly BasketCertificate[];
}

/** What the checkout knows besides the form. */
export interface CheckoutContext {
  /** The page's language (for our messages and the names sent). */
  locale: Locale;
  /** The delivery methods the shopper may choose in the city (availableDeliveryMethods). */
  methods: readonly DeliveryMethod[];
  /** The pickup points of the city that take the basket (pickupPoints). */
  pickupPoints: readonly Shop[];
  /** Every bought line is from the baby-bundle catalogue (isBabyBundleBasket). */
  isBabyBundle: boolean;
  /** The basket is free of delivery by the rule (basketFreeDelivery): its free methods read «free». */
  freeDelivery: boolean;
  /** The most bonus points the basket may be paid with (the check's bonusMaxPayment). */
  bonusMaxPayment: number;
  /** A signed-in shopper (spec §6: subscriptions and bonus spending need one). */
  signedIn: boolean;
  /** A signed-in member's active bonus balance (UAH); null for anyone else, or while it is not known. */
  bonusBalance: number | null;
}

/** Longest name the contract takes (first, last and recipient names). */
export const NAME_MAX_LENGTH = 60;
/** Longest street name, building and apartment the contract takes. */
export const STREET_MAX_LENGTH = 200;
/** Longest building and apartment the contract takes. */
export const BUILDING_MAX_LENGTH = 20;
/**
 * Longest comment the shopper may type: the contract takes 1000 characters and the spec §9
 * prefixes ('Примірка. Картой курьеру. ') need room in front of it.
 */
export const COMMENT_MAX_LENGTH = 900;

const LETTERS = 'A-Za-zА-Яа-яЁёІіЇїЄєҐґ';
/** Accounts spec §5 alpha-hyphen: Russian, Ukrainian or English letters; hyphens and apostrophes only between them. */
const NAME_PATTERN = new RegExp(`^[${LETTERS}]+(?:[-'’ʼ][${LETTERS}]+)*$`);

/** Accounts spec §5 alpha-hyphen (with the apostrophe of Ukrainian names: Мар'яна, Д’Артаньян), on the trimmed text. */
export function isPersonName(text: string): boolean {
  return NAME_PATTERN.test(text.trim());
}

/**
 * Spec §5 city-name: letters or digits separated by hyphen, comma or space (a comma may be followed
 * by a space). An apostrophe inside a word counts as part of it (Кам'янець-Подільський).
 */
const CITY_NAME_PATTERN = /^[\p{L}\p{N}]+(?:['’ʼ][\p{L}\p{N}]+)*(?:(?:, ?|-| )[\p{L}\p{N}]+(?:['’ʼ][\p{L}\p{N}]+)*)*$/u;

/** Spec §5 city-name rule, on the trimmed text. */
export function isCityName(text: string): boolean {
  return CITY_NAME_PATTERN.test(text.trim());
}

/**
 * The contract's e-mail rule (zod 4's `z.email()`, which the order service applies), so an address
 * the island accepts is never refused by the service.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Accounts spec §5 email, on the trimmed text. */
export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim());
}

/** A line the order carries: bought (at its price or on subscription), available, with a count. */
export function isOrderedLine(item: BasketItem): boolean {
  return !isGift(item) && item.isAvailableForOrder && item.errorCode === 0 && item.count > 0;
}

/** What the payment rules know of this basket and form: the goods' amount to pay and the baby bundle. */
export function checkoutPaymentFacts(
  form: Pick<CheckoutForm, 'usedBonuses'>,
  basket: CheckoutBasket,
  context: Pick<CheckoutContext, 'isBabyBundle'>,
): PaymentFacts {
  const totals = basketTotals(basket.items, basket.certificates);
  return { amount: orderAmount(totals.finalPrice, form.usedBonuses), isBabyBundle: context.isBabyBundle };
}

/** The words of a bonus refusal: the order service's own for the same refusal. */
export function bonusRefusalMessage(refusal: BonusRefusal, locale: Locale): string {
  switch (refusal.kind) {
    case 'whole':
      return ownMessage('bonusWhole', locale);
    case 'needAccount':
      return ownMessage('bonusesNeedAccount', locale);
    case 'needMember':
      return ownMessage('bonusesNeedMember', locale);
    case 'notAllowed':
      return ownMessage('bonusesNotAllowed', locale);
    case 'overMax':
      return ownMessage('bonusesOverMax', locale, { n: formatAmount(refusal.max) });
    case 'short':
      return ownMessage('bonusesShort', locale, { n: formatAmount(refusal.available) });
  }
}

function required(text: string, locale: Locale): string | null {
  return text.trim() === '' ? specMessage('required', locale) : null;
}

/** The phone rule's message (src/domain/validation/phone.ts): required, too short, too long, not Ukrainian. */
function phoneMessage(text: string, locale: Locale): string | null {
  const result = validatePhone(text, locale);
  return result.ok ? null : result.message;
}

function nameMessage(text: string, locale: Locale): string | null {
  const name = text.trim();
  if (name === '') return specMessage('required', locale);
  if (name.length > NAME_MAX_LENGTH) return ownMessage('tooLong', locale, { n: NAME_MAX_LENGTH });
  return isPersonName(name) ? null : ownMessage('alphaHyphen', locale);
}

function lengthMessage(text: string, max: number, locale: Locale): string | null {
  return text.trim().length > max ? ownMessage('tooLong', locale, { n: max }) : null;
}

/** The messages of the delivery part: the city, the method and what the method needs. */
function deliveryErrors(form: CheckoutForm, context: CheckoutContext): FieldError[] {
  const { locale } = context;
  if (form.city === null) return [{ field: 'city', message: specMessage('required', locale) }];
  const errors: FieldError[] = [];
  if (!isCityName(localized(locale, form.city.name, form.city.nameUkr)))
    errors.push({ field: 'city', message: ownMessage('cityName', locale) });

  const slug = form.deliveryMethodSlug;
  if (slug === null || form.deliveryType === null) {
    return [...errors, { field: 'deliveryMethodSlug', message: specMessage('required', locale) }];
  }
  if (METHOD_DELIVERY_TYPE[slug] !== form.deliveryType || !context.methods.some((m) => m.slug === slug)) {
    return [...errors, { field: 'deliveryMethodSlug', message: ownMessage('deliveryUnavailable', locale) }];
  }

  const check = (field: CheckoutField, message: string | null) => {
    if (message !== null) errors.push({ field, message });
  };
  switch (form.deliveryType) {
    case DELIVERY_TYPE.branch:
      check(
        'deliveryBranchRef',
        form.deliveryBranchRef.trim() === '' || form.deliveryServiceOffice.trim() === ''
          ? specMessage('required', locale)
          : null,
      );
      break;
    case DELIVERY_TYPE.address:
      check('street', required(form.street, locale) ?? lengthMessage(form.street, STREET_MAX_LENGTH, locale));
      check('building', required(form.building, locale) ?? lengthMessage(form.building, BUILDING_MAX_LENGTH, locale));
      check('apartment', lengthMessage(form.apartment, BUILDING_MAX_LENGTH, locale));
      break;
    case DELIVERY_TYPE.pickup:
      check(
        'shopRef',
        required(form.shopRef, locale) ??
          (context.pickupPoints.some((shop) => shop.ref === form.shopRef)
            ? null
            : ownMessage('shopUnavailable', locale)),
      );
      break;
  }
  return errors;
}

/**
 * The messages of the payment part: the type for this delivery and basket (judged only once the
 * delivery itself is sound, so one mistake gives one message), the parts, the bonuses.
 */
function paymentErrors(
  form: CheckoutForm,
  basket: CheckoutBasket,
  context: CheckoutContext,
  deliveryIsSound: boolean,
): FieldError[] {
  const { locale } = context;
  const errors: FieldError[] = [];
  const refusal = bonusRefusal(
    form.usedBonuses,
    { signedIn: context.signedIn, activeAmount: context.bonusBalance },
    context.bonusMaxPayment,
  );
  if (refusal !== null) errors.push({ field: 'usedBonuses', message: bonusRefusalMessage(refusal, locale) });

  if (deliveryIsSound && form.deliveryType !== null && form.deliveryMethodSlug !== null) {
    const facts = checkoutPaymentFacts(form, basket, context);
    const refusal = paymentRefusal(form.paymentType, form.deliveryType, form.deliveryMethodSlug, facts);
    if (refusal !== null) errors.push({ field: 'paymentType', message: paymentRefusalMessage(refusal, locale) });
  }
  if (isInstalment(form.paymentType) && !isValidPaymentParts(form.paymentParts)) {
    errors.push({
      field: 'paymentParts',
      message:
        form.paymentParts === 0
          ? specMessage('required', locale)
          : ownMessage('paymentParts', locale, { min: PAYMENT_PARTS.min, max: PAYMENT_PARTS.max }),
    });
  }
  return errors;
}

/**
 * Every message of the form, in the page's order: the basket (something to order; subscriptions
 * only for a signed-in shopper), the contact
 * (phone, names, e-mail, which may be left empty), the recipient when someone else receives the
 * order, the delivery (city, method, and the branch, the address or the shop it needs), the payment
 * (allowed for this delivery and amount, the instalment's payments, bonuses only for a signed-in
 * shopper and within the basket's maximum) and the comment.
 * An empty list means the order may be sent.
 */
export function validateCheckout(form: CheckoutForm, basket: CheckoutBasket, context: CheckoutContext): FieldError[] {
  const { locale } = context;
  const errors: FieldError[] = [];
  const check = (field: CheckoutField, message: string | null) => {
    if (message !== null) errors.push({ field, message });
  };

  const ordered = basket.items.filter(isOrderedLine);
  check(
    'items',
    ordered.length === 0
      ? ownMessage('emptyBasket', locale)
      : !context.signedIn && ordered.some((item) => item.itemType === 'subscription')
        ? ownMessage('subscriptionsNeedAccount', locale)
        : null,
  );
  check('phone', phoneMessage(form.phone, locale));
  check('firstName', nameMessage(form.firstName, locale));
  check('lastName', nameMessage(form.lastName, locale));
  check('email', form.email.trim() === '' || isEmail(form.email) ? null : specMessage('email', locale));
  if (form.otherRecipient) {
    check('recipientPhone', phoneMessage(form.recipientPhone, locale));
    check('recipientFirstName', nameMessage(form.recipientFirstName, locale));
    check('recipientLastName', nameMessage(form.recipientLastName, locale));
  }
  const delivery = deliveryErrors(form, context);
  const deliveryIsSound = !delivery.some((e) => e.field === 'city' || e.field === 'deliveryMethodSlug');
  errors.push(...delivery, ...paymentErrors(form, basket, context, deliveryIsSound));
  check('comment', lengthMessage(form.comment, COMMENT_MAX_LENGTH, locale));
  return errors;
}
