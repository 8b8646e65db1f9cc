import type { DeliveryMethodSlug, DeliveryType } from '../../api/schemas/delivery.ts';
import type { PaymentCheckout, PaymentType } from '../../api/schemas/order.ts';
import { paymentStatusKind } from '../checkout/orderStatus.ts';
import {
  INSTALMENT_BANKS,
  PAYMENT_PARTS,
  PAYMENT_TYPE,
  isInstalment,
  isOnlinePayment,
  orderAmount,
  paymentOptions,
} from '../checkout/paymentRules.ts';

/**
 * What the order and certificate pages say about paying online (storefront spec §4 "Payment
 * types", payment status codes): the banner for the payment the bank sent the shopper back with
 * (`?payment=<paymentHash>`), and whether the page offers to pay (again). The spec words none of
 * it; the texts are the pages' own (i18n `orderPage.banner_*`).
 */

/** Spec §4 status 3: paid. */
const PAID = 3;
/** Spec §4 order status 5: a canceled order is not paid. */
const CANCELED = 5;

/** What the bank's answer means for the shopper who just came back from it. */
export type PaymentBannerKind =
  | 'paid'
  | 'failed'
  | 'error'
  | 'notBankClient'
  /** Type 10 left pending: the shopper confirms in the second bank's app. */
  | 'waitingInApp'
  /** Pending otherwise: the bank has not answered yet (or the shopper left its page). */
  | 'processing';

export interface PaymentBanner {
  kind: PaymentBannerKind;
  /** The bank's app to confirm in (waitingInApp), else null. */
  app: string | null;
}

/** What a payment was for, as the page knows it. */
export interface PaymentSubject {
  kind: PaymentCheckout['kind'];
  hash: string;
  /** Paid by now (spec §4 status 3), whichever attempt paid it. */
  paid: boolean;
}

/**
 * The banner for the payment the bank returned with, or null when that payment is not this
 * page's: another order's (or a certificate's) payment hash in the URL says nothing here, so
 * nobody learns of someone else's payment by pasting its hash. Once the subject is paid, an
 * older attempt's failure (an address kept from before, the back button) is no news either.
 */
export function paymentBanner(checkout: PaymentCheckout, subject: PaymentSubject): PaymentBanner | null {
  if (checkout.kind !== subject.kind || checkout.orderHash !== subject.hash) return null;
  if (subject.paid && checkout.status !== PAID) return null;
  switch (paymentStatusKind(checkout.status)) {
    case 'success':
      return { kind: 'paid', app: null };
    case 'failed':
      return { kind: 'failed', app: null };
    case 'error':
      return { kind: 'error', app: null };
    case 'notBankClient':
      return { kind: 'notBankClient', app: null };
    case 'pending':
      return checkout.paymentType === PAYMENT_TYPE.instalmentsSecondBank
        ? { kind: 'waitingInApp', app: INSTALMENT_BANKS[10].app }
        : { kind: 'processing', app: null };
    case null:
      return null;
  }
}

/** The pay button: a first payment, or another try after one that did not pay. */
export interface PayOffer {
  retry: boolean;
}

/** What decides whether an order may be paid online now. */
export interface PayableOrder {
  /** Null for a one-click order (paid as agreed on the shop's call). */
  paymentType: PaymentType | null;
  /** The latest payment's status; 0 before the first. */
  paymentStatus: number | null;
  status: number;
  totalPrice: number;
}

/**
 * The pay button of an order: only for the types paid on the bank's page, not yet paid, not
 * canceled and with something to pay (what the order service accepts a payment for). After a
 * payment that did not pay (declined, an error, not a client of the bank, or one left unfinished)
 * it offers another try; a new payment replaces a pending one at the bank.
 */
export function orderPayOffer(order: PayableOrder): PayOffer | null {
  if (order.paymentType === null || !isOnlinePayment(order.paymentType)) return null;
  if (order.paymentStatus === PAID || order.status === CANCELED || !(order.totalPrice > 0)) return null;
  return { retry: (order.paymentStatus ?? 0) !== 0 };
}

/** The pay button of a certificate purchase: until it is paid. */
export function certificatePayOffer(paymentStatus: number): PayOffer | null {
  return paymentStatus === PAID ? null : { retry: paymentStatus !== 0 };
}

/** Spec §4 order statuses 0, 1 and 7: new, the shop has not taken it into work. */
const NEW_STATUSES: readonly number[] = [0, 1, 7];

/** What decides which other payment types an unpaid order may switch to. */
export interface SwitchableOrder extends PayableOrder {
  kind: 'order' | 'one-click';
  deliveryType: DeliveryType | null;
  deliveryMethodSlug: DeliveryMethodSlug | null;
  paymentParts: number;
  /** Lines after promo codes, UAH. */
  price: number;
  certificateAmount: number;
  usedBonuses: number;
}

/** The payment types an order's shopper may choose instead, and the instalment plan's payments. */
export interface PaymentTypeChoice {
  types: PaymentType[];
  /** The type checked when the form opens: the order's own. */
  current: PaymentType;
  /** Payments an instalment plan may have (3 … 10) and the one preselected. */
  parts: { options: number[]; selected: number };
  /** The last attempt failed (declined, an error, not a client of the bank): the form opens unfolded. */
  afterFailure: boolean;
}

/**
 * The payment types an order awaiting its online payment may switch to (the order service's
 * `POST /public/anon/order/{hash}/payment-type` judges the same): a new order (status 0, 1, 7) of the
 * checkout, not paid, not canceled, with the delivery's types (src/domain/checkout/paymentRules.ts)
 * that the order's goods amount allows. The «Пакунок малюка» card only when the order was placed
 * with it (its goods were checked then). Null when there is nothing to choose.
 */
export function paymentTypeChoice(order: SwitchableOrder): PaymentTypeChoice | null {
  const { paymentType, deliveryType, deliveryMethodSlug } = order;
  if (order.kind !== 'order' || paymentType === null || deliveryType === null || deliveryMethodSlug === null) {
    return null;
  }
  if (orderPayOffer(order) === null || !NEW_STATUSES.includes(order.status)) return null;
  const amount = orderAmount(order.price - order.certificateAmount, order.usedBonuses);
  const types = paymentOptions(deliveryType, deliveryMethodSlug, {
    amount,
    isBabyBundle: paymentType === PAYMENT_TYPE.babyPackage,
  })
    .filter((option) => option.refusal === null)
    .map((option) => option.type);
  if (types.length < 2) return null;
  const options: number[] = [];
  for (let parts = PAYMENT_PARTS.min; parts <= PAYMENT_PARTS.max; parts++) options.push(parts);
  const selected =
    isInstalment(paymentType) && options.includes(order.paymentParts) ? order.paymentParts : PAYMENT_PARTS.min;
  const status = order.paymentStatus ?? 0;
  return { types, current: paymentType, parts: { options, selected }, afterFailure: status >= 4 && status <= 9 };
}
