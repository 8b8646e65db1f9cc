import type { OrderPayload } from '../../api/schemas/order.ts';
import { localized } from '../../i18n/localized.ts';
import { GIFT_CERTIFICATE, type BasketCertificate } from '../basket/basketCertificates.ts';
import type { BasketItem } from '../basket/basketItem.ts';
import { CERTIFICATE_LIMIT, isGift } from '../basket/basketItem.ts';
import { chosenGifts } from '../basket/basketTotals.ts';
import { canonicalPhone } from '../validation/phone.ts';
import type { CheckoutForm } from './checkoutForm.ts';
import { specMessage } from '../validation/specMessages.ts';
import {
  isOrderedLine,
  validateCheckout,
  type CheckoutBasket,
  type CheckoutContext,
  type FieldError,
} from './checkoutValidation.ts';
import { DELIVERY_TYPE } from './deliveryRules.ts';
import { PAYMENT_TYPE, paymentPartsFor } from './paymentRules.ts';

/**
 * The order payload (storefront spec §3 "Order payload sent") from the checkout form and the
 * basket: the common fields, and what each delivery type adds. It is built only from a form that
 * validateCheckout passes, and it satisfies the contract's orderPayloadSchema (a unit test parses
 * it with the schema itself). The service prices, checks and reserves everything again.
 */

/** The payload of a branch delivery (type 1). */
export type BranchOrderPayload = Extract<OrderPayload, { deliveryType: 1 }>;
/** The payload of an address delivery (type 2). */
export type AddressOrderPayload = Extract<OrderPayload, { deliveryType: 2 }>;
/** The payload of a pickup (type 3). */
export type PickupOrderPayload = Extract<OrderPayload, { deliveryType: 3 }>;
type CommonPayload = Omit<PickupOrderPayload, 'deliveryType' | 'deliveryShop'>;

/**
 * Spec §9 order comment prefixes, for the shop's operators (so in the words the spec gives, on
 * both sites): try-on at the door, the baby-package card, a card payment to the courier.
 */
export const COMMENT_PREFIX = {
  tryOn: 'Примірка',
  babyPackage: 'Пакунок малюка',
  cardToCourier: 'Картой курьеру',
} as const;

/** Longest branch line the contract takes (deliveryBranch). */
const BRANCH_LINE_MAX_LENGTH = 200;

/**
 * Spec §9 'Примірка': try-on is asked for an address delivery without a carrier, that is by the
 * shop's own courier (im-courier, Kyiv): a carrier's courier does not wait while clothes are tried on.
 */
export function tryOnApplies(form: Pick<CheckoutForm, 'tryClothes' | 'deliveryType' | 'deliveryMethodSlug'>): boolean {
  return form.tryClothes && form.deliveryType === DELIVERY_TYPE.address && form.deliveryMethodSlug === 'im-courier';
}

/**
 * The comment sent: the spec §9 prefixes that apply, then the shopper's comment, joined by '. ':
 * `Примірка. Картой курьеру. Подзвоніть за годину`, `Пакунок малюка`, or the comment alone.
 */
export function orderComment(
  form: Pick<CheckoutForm, 'comment' | 'paymentType' | 'tryClothes' | 'deliveryType' | 'deliveryMethodSlug'>,
): string {
  const parts: string[] = [];
  if (tryOnApplies(form)) parts.push(COMMENT_PREFIX.tryOn);
  if (form.paymentType === PAYMENT_TYPE.babyPackage) parts.push(COMMENT_PREFIX.babyPackage);
  if (form.paymentType === PAYMENT_TYPE.cardToCourier) parts.push(COMMENT_PREFIX.cardToCourier);
  const comment = form.comment.trim();
  if (comment !== '') parts.push(comment);
  return parts.join('. ');
}

/** The lines of the order: bought lines, subscriptions and chosen gifts, from the basket's available lines. */
export function orderLines(
  items: readonly BasketItem[],
): Pick<CommonPayload, 'items' | 'subscriptionItems' | 'chosenGiftItems'> {
  const ordered = items.filter(isOrderedLine);
  return {
    items: ordered
      .filter((item) => item.itemType === 'price')
      .map((item) => ({ internalId: item.id, productId: item.productId, quantity: item.count })),
    subscriptionItems: ordered.flatMap((item) =>
      item.itemType === 'subscription' && item.intervalDays !== null && item.startDate !== null
        ? [
            {
              internalId: item.id,
              productId: item.productId,
              quantity: item.count,
              isActive: true,
              intervalDays: item.intervalDays,
              startDate: item.startDate,
            },
          ]
        : [],
    ),
    // A gift the last check refused (errorCode) is not asked for again.
    chosenGiftItems: chosenGifts(items.filter((item) => isGift(item) && item.errorCode === 0)),
  };
}

/** The codes the order carries: those the check accepted (no error message), as (type, key). */
export function orderCertificates(certificates: readonly BasketCertificate[]): CommonPayload['certificates'] {
  return (
    certificates
      .filter((c) => c.errorMessage === null && c.key !== '')
      .slice(0, CERTIFICATE_LIMIT)
      // A certificate says what the shopper was shown it paying: if another order spent from it
      // meanwhile, the order is refused with a 409 rather than paid in part without a word.
      .map((c) =>
        c.type === GIFT_CERTIFICATE
          ? { type: c.type, key: c.key, amount: c.orderDiscount }
          : { type: c.type, key: c.key },
      )
  );
}

/** The payload, or the messages of the fields that keep it from being sent. */
export type OrderPayloadResult = { ok: true; payload: OrderPayload } | { ok: false; errors: FieldError[] };

/**
 * Spec §3 order payload: validates the form (validateCheckout), then builds the common fields
 * (names trimmed, the phone's digits, callBack 0/1, payment parts only for instalments, the
 * comment with its prefixes, the recipient only when someone else receives the order) and what the
 * delivery type adds. The city, oblast and raion are sent in the page's language, from the chosen
 * city; the carrier from the chosen method as the delivery service gave it.
 */
export function buildOrderPayload(
  form: CheckoutForm,
  basket: CheckoutBasket,
  context: CheckoutContext,
): OrderPayloadResult {
  const errors = validateCheckout(form, basket, context);
  if (errors.length > 0) return { ok: false, errors };
  const { locale } = context;
  const other = form.otherRecipient;
  const common: CommonPayload = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    phone: canonicalPhone(form.phone),
    email: form.email.trim(),
    paymentType: form.paymentType,
    paymentParts: paymentPartsFor(form.paymentType, form.paymentParts),
    callBack: form.callBack ? 1 : 0,
    ...orderLines(basket.items),
    certificates: orderCertificates(basket.certificates),
    comment: orderComment(form),
    usedBonuses: form.usedBonuses,
    otherRecipient: other,
    recipientPhone: other ? canonicalPhone(form.recipientPhone) : '',
    recipientFirstName: other ? form.recipientFirstName.trim() : '',
    recipientLastName: other ? form.recipientLastName.trim() : '',
  };

  const method = context.methods.find((m) => m.slug === form.deliveryMethodSlug);
  const { city } = form;
  // validateCheckout has made sure of both; the guard only tells the types so.
  if (method === undefined || city === null) {
    return {
      ok: false,
      errors: [{ field: city === null ? 'city' : 'deliveryMethodSlug', message: specMessage('required', locale) }],
    };
  }
  if (method.type === DELIVERY_TYPE.pickup) {
    return { ok: true, payload: { ...common, deliveryType: 3, deliveryShop: form.shopRef.trim() } };
  }
  const place = {
    deliveryCarrier: method.carrier,
    deliveryMethodSlug: method.slug,
    region: localized(locale, city.regionName, city.regionNameUkr),
    district: localized(locale, city.districtName ?? '', city.districtNameUkr),
    city: localized(locale, city.name, city.nameUkr),
    cityRef: city.ref,
    cityId: city.id,
  };
  if (method.type === DELIVERY_TYPE.branch) {
    const payload: BranchOrderPayload = {
      ...common,
      ...place,
      deliveryType: 1,
      // The ref names the branch; the line is for people, so an overlong one is cut, not refused.
      deliveryBranch: form.deliveryServiceOffice.trim().slice(0, BRANCH_LINE_MAX_LENGTH),
      deliveryBranchRef: form.deliveryBranchRef.trim(),
    };
    return { ok: true, payload };
  }
  const payload: AddressOrderPayload = {
    ...common,
    ...place,
    deliveryType: 2,
    street: form.street.trim(),
    streetTypeName: form.streetTypeName.trim(),
    streetRef: form.streetRef.trim(),
    building: form.building.trim(),
    apartment: form.apartment.trim(),
    tryClothes: tryOnApplies(form),
  };
  return { ok: true, payload };
}
