import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethodSlug, DeliveryType } from '../../api/schemas/delivery.ts';
import type { PaymentType } from '../../api/schemas/order.ts';
import { isGift, roundMoney, type BasketItem } from '../basket/basketItem.ts';
import { specMessage } from '../validation/specMessages.ts';
import { INSTALMENT_MAX_MESSAGE, INSTALMENT_MIN_MESSAGE, ownMessage } from './checkoutMessages.ts';
import { METHOD_DELIVERY_TYPE } from './deliveryRules.ts';

/**
 * Which payment types each delivery allows (storefront spec §4 "Payment types", §5 "Delivery and
 * payment"). The spec names the types but not where each applies; this is the shop's table, and
 * the order service refuses an order that breaks it (compare it with `PAYMENT_TABLE` below).
 *
 * | delivery type | methods                                          | 1 | 2 | 3 | 5 | 7 | 8 | 10 |
 * |---------------|--------------------------------------------------|---|---|---|---|---|---|----|
 * | 1 branch      | np-warehouse, np-postbox, justin-warehouse, u-warehouse | ✓ | ✓ | – | – | b | i | i |
 * | 2 address     | im-courier (the shop's own courier)              | ✓ | ✓ | – | ✓ | b | i | i  |
 * | 2 address     | np-courier, meest-courier, ipost-courier         | ✓ | ✓ | – | – | b | i | i  |
 * | 3 pickup      | pick-and-collect                                 | ✓ | ✓ | ✓ | – | b | i | i  |
 *
 * b: only for a baby-bundle basket. i: only when the amount is 300 … 100 000 UAH.
 *
 * 1 cash: paid on receipt (cash on delivery at a branch or parcel locker, to the courier, at the
 * shop's till). 2 card online, on the bank's page. 3 card in shop: only where there is a shop's
 * terminal, at pickup. 5 card to courier: only the shop's own courier carries a terminal; a
 * carrier's courier takes cash on delivery (type 1). 7 the state «Пакунок малюка» card: only
 * for a baby-bundle basket (every bought line from the pakunok-malyuka catalogue), the goods the
 * card may pay for. 8, 10 instalments: for every delivery within the amount, in 3 … 10 payments
 * (as the shop's payment page and news promise).
 *
 * 6 and 9 (other online acquirers) are not offered: the shop takes card payments through one
 * acquirer (type 2, which also carries Apple Pay and Google Pay), and three buttons that all say
 * "card online" would only make the shopper guess. They remain codes of the contract: the order
 * service still accepts them, and an order paid that way reads as any (orderStatus.ts).
 *
 * The amount the limits apply to is the goods' amount to pay: the lines after discounts and
 * certificates, less the bonuses spent (the basket check's `cost` less `usedBonuses`), without
 * delivery, whose price carriers take on receipt; both sides compute it alike. When nothing is
 * left to pay, the online types (2, 7, 8, 10) are not offered: the bank has nothing to charge.
 */

/** Spec §4 payment types by name. */
export const PAYMENT_TYPE = {
  cash: 1,
  cardOnline: 2,
  cardInShop: 3,
  cardToCourier: 5,
  babyPackage: 7,
  instalments: 8,
  instalmentsSecondBank: 10,
} as const satisfies Record<string, PaymentType>;

/** Spec §4: every payment type code (6 and 9 are card online through other acquirers). */
export const PAYMENT_TYPES: readonly PaymentType[] = [1, 2, 3, 5, 6, 7, 8, 9, 10];

/** Types paid on the bank's page (mirrors the contract's ONLINE_PAYMENT_TYPES; a unit test keeps them equal). */
export const ONLINE_PAYMENT_TYPES: readonly PaymentType[] = [2, 6, 7, 8, 9, 10];

/** Spec §5 instalment types (mirrors the contract's INSTALMENT_PAYMENT_TYPES). */
export const INSTALMENT_PAYMENT_TYPES: readonly PaymentType[] = [8, 10];

/** Spec §5/§9 pay in parts: the amount from 300 to 100 000 UAH. */
export const PAY_IN_PARTS_AMOUNT = { min: 300, max: 100_000 } as const;

/** Payments of an instalment plan: 3 to 10, as the shop's payment page and news promise. */
export const PAYMENT_PARTS = { min: 3, max: 10 } as const;

/**
 * The banks behind the instalment types: a name for labels and, for the second bank, the mobile
 * app where the shopper confirms the purchase (spec §4: "Ожидается оплата в приложении" + the app).
 */
export const INSTALMENT_BANKS = {
  8: { name: 'ПриватБанк' },
  10: { name: 'monobank', app: 'monobank' },
} as const;

/** The shop's table: the payment types each delivery method permits, before the basket's facts. */
export const PAYMENT_TABLE: Readonly<Record<DeliveryMethodSlug, readonly PaymentType[]>> = {
  'np-warehouse': [1, 2, 7, 8, 10],
  'np-postbox': [1, 2, 7, 8, 10],
  'justin-warehouse': [1, 2, 7, 8, 10],
  'u-warehouse': [1, 2, 7, 8, 10],
  'im-courier': [1, 2, 5, 7, 8, 10],
  'np-courier': [1, 2, 7, 8, 10],
  'meest-courier': [1, 2, 7, 8, 10],
  'ipost-courier': [1, 2, 7, 8, 10],
  'pick-and-collect': [1, 2, 3, 7, 8, 10],
};

/** What the payment choice knows of the basket. */
export interface PaymentFacts {
  /** The goods' amount to pay in UAH (orderAmount). */
  amount: number;
  /** Every bought line is from the baby-bundle catalogue (isBabyBundleBasket). */
  isBabyBundle: boolean;
}

/** Why a payment type cannot pay this order. */
export type PaymentRefusal = 'delivery' | 'babyBundle' | 'nothingToPay' | 'instalmentMin' | 'instalmentMax';

/** The payment type when `value` is one of the spec's codes, else null. */
export function paymentTypeOf(value: unknown): PaymentType | null {
  return PAYMENT_TYPES.find((type) => type === value) ?? null;
}

/** Spec §5: an instalment type (8, 10). */
export function isInstalment(type: PaymentType): boolean {
  return INSTALMENT_PAYMENT_TYPES.includes(type);
}

/** Paid on the bank's page. */
export function isOnlinePayment(type: PaymentType): boolean {
  return ONLINE_PAYMENT_TYPES.includes(type);
}

/** The goods' amount to pay: the basket's final price (after certificates) less the bonuses spent, never below 0. */
export function orderAmount(basketFinalPrice: number, usedBonuses: number): number {
  const price = Number.isFinite(basketFinalPrice) ? basketFinalPrice : 0;
  const bonuses = Number.isFinite(usedBonuses) && usedBonuses > 0 ? usedBonuses : 0;
  return roundMoney(Math.max(0, price - bonuses));
}

/**
 * A baby-bundle basket: it has bought lines and every one is a product of the baby-bundle
 * catalogue (spec §1, slug pakunok-malyuka), whose product ids the caller read from that catalogue.
 * Gifts are free, so they do not count.
 */
export function isBabyBundleBasket(items: readonly BasketItem[], bundleProductIds: ReadonlySet<number>): boolean {
  const bought = items.filter((item) => !isGift(item) && item.errorCode === 0 && item.count > 0);
  return bought.length > 0 && bought.every((item) => bundleProductIds.has(item.productId));
}

/** Spec §5 pay-in-parts amount: the message when the amount is outside 300 … 100 000, else null. */
export function instalmentAmountMessage(amount: number): string | null {
  if (!(amount >= PAY_IN_PARTS_AMOUNT.min)) return INSTALMENT_MIN_MESSAGE;
  if (amount > PAY_IN_PARTS_AMOUNT.max) return INSTALMENT_MAX_MESSAGE;
  return null;
}

/** Why `type` cannot pay for this delivery and basket, or null when it can. */
export function paymentRefusal(
  type: PaymentType,
  deliveryType: DeliveryType,
  deliveryMethodSlug: DeliveryMethodSlug,
  facts: PaymentFacts,
): PaymentRefusal | null {
  if (METHOD_DELIVERY_TYPE[deliveryMethodSlug] !== deliveryType) return 'delivery';
  if (!PAYMENT_TABLE[deliveryMethodSlug].includes(type)) return 'delivery';
  if (type === PAYMENT_TYPE.babyPackage && !facts.isBabyBundle) return 'babyBundle';
  if (isOnlinePayment(type) && !(facts.amount > 0)) return 'nothingToPay';
  if (isInstalment(type)) {
    if (!(facts.amount >= PAY_IN_PARTS_AMOUNT.min)) return 'instalmentMin';
    if (facts.amount > PAY_IN_PARTS_AMOUNT.max) return 'instalmentMax';
  }
  return null;
}

/** The payment types that may pay for this delivery and basket, in the table's order (cash first). */
export function allowedPaymentTypes(
  deliveryType: DeliveryType,
  deliveryMethodSlug: DeliveryMethodSlug,
  facts: PaymentFacts,
): PaymentType[] {
  return paymentOptions(deliveryType, deliveryMethodSlug, facts)
    .filter((option) => option.refusal === null)
    .map((option) => option.type);
}

/** A payment type the delivery permits, and why the basket cannot use it (null when it can). */
export interface PaymentOption {
  type: PaymentType;
  refusal: PaymentRefusal | null;
}

/**
 * The payment types the chosen delivery permits, each with what the basket says of it, so the
 * island can show an instalment option greyed out with the spec's minimum/maximum message rather
 * than hide it. A baby-package option is left out unless the basket is a baby bundle.
 */
export function paymentOptions(
  deliveryType: DeliveryType,
  deliveryMethodSlug: DeliveryMethodSlug,
  facts: PaymentFacts,
): PaymentOption[] {
  if (METHOD_DELIVERY_TYPE[deliveryMethodSlug] !== deliveryType) return [];
  return PAYMENT_TABLE[deliveryMethodSlug]
    .map((type) => ({ type, refusal: paymentRefusal(type, deliveryType, deliveryMethodSlug, facts) }))
    .filter((option) => option.refusal !== 'babyBundle');
}

/** The message for a refusal, in the page's language where it is ours (spec messages as written). */
export function paymentRefusalMessage(refusal: PaymentRefusal, locale: Locale): string {
  switch (refusal) {
    case 'instalmentMin':
      return specMessage('instalmentMin', locale);
    case 'instalmentMax':
      return specMessage('instalmentMax', locale);
    case 'babyBundle':
      return ownMessage('babyBundleOnly', locale);
    case 'nothingToPay':
      return ownMessage('nothingToPayOnline', locale);
    case 'delivery':
      return ownMessage('paymentUnavailable', locale);
  }
}

/** Spec §5: payment parts are sent only for the instalment types; 0 otherwise. */
export function paymentPartsFor(type: PaymentType, parts: number): number {
  return isInstalment(type) ? parts : 0;
}

/** True for a number of payments an instalment plan may have (PAYMENT_PARTS). */
export function isValidPaymentParts(parts: number): boolean {
  return Number.isInteger(parts) && parts >= PAYMENT_PARTS.min && parts <= PAYMENT_PARTS.max;
}

const PAYMENT_LABELS: Readonly<Record<PaymentType, Readonly<Record<Locale, string>>>> = {
  1: { ru: 'Наличными при получении', uk: 'Готівкою при отриманні' },
  2: { ru: 'Картой онлайн', uk: 'Карткою онлайн' },
  3: { ru: 'Картой в магазине', uk: 'Карткою в магазині' },
  5: { ru: 'Картой курьеру', uk: 'Карткою кур’єру' },
  6: { ru: 'Картой онлайн', uk: 'Карткою онлайн' },
  7: { ru: 'Картой «Пакунок малюка»', uk: 'Карткою «Пакунок малюка»' },
  8: { ru: `Оплата частями ${INSTALMENT_BANKS[8].name}`, uk: `Оплата частинами ${INSTALMENT_BANKS[8].name}` },
  9: { ru: 'Картой онлайн', uk: 'Карткою онлайн' },
  10: {
    ru: `Покупка частями ${INSTALMENT_BANKS[10].name}`,
    uk: `Покупка частинами ${INSTALMENT_BANKS[10].name}`,
  },
};

/** The payment type's name as the checkout and the order pages show it. */
export function paymentTypeLabel(type: PaymentType, locale: Locale): string {
  return PAYMENT_LABELS[type][locale];
}

/**
 * What the bank is asked for (issue 29; docs/decisions.md "Orders": the order's total with
 * delivery): the goods' amount to pay (after codes, certificates and bonuses, as orderAmount) plus
 * the delivery the shop charges, never below 0. The instalment limits still go by the goods alone.
 * Shared by the checkout's and the order page's instalment previews.
 */
export function bankAmount(goodsAmount: number, deliveryPrice: number): number {
  const goods = Number.isFinite(goodsAmount) && goodsAmount > 0 ? goodsAmount : 0;
  const delivery = Number.isFinite(deliveryPrice) && deliveryPrice > 0 ? deliveryPrice : 0;
  return roundMoney(goods + delivery);
}

/**
 * One payment of an instalment plan as a preview shows it: the amount the bank is sent
 * (bankAmount) over the parts, rounded up to whole hryvnias, so the parts never add up to less
 * than the bank will ask. 0 when the plan has no valid number of parts.
 */
export function instalmentPayment(amountToBank: number, parts: number): number {
  if (!isValidPaymentParts(parts) || !(amountToBank > 0)) return 0;
  return Math.ceil(roundMoney(amountToBank) / parts);
}
