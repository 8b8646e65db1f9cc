import type { Locale } from '../../api/schemas/common.ts';
import type { Order, OrderLine, PaymentCheckout } from '../../api/schemas/order.ts';
import { localized } from '../../i18n/localized.ts';
import { analyticsOrder } from '../analytics/analyticsItems.ts';
import { jsonLdText } from '../seo/jsonLd.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import {
  lineStatusLabel,
  orderStatusView,
  paymentStatusView,
  type OrderStatusView,
  type PaymentStatusView,
} from '../checkout/orderStatus.ts';
import { instalmentPayment, isInstalment, paymentTypeLabel } from '../checkout/paymentRules.ts';
import { formatDate } from '../format/date.ts';
import { formatPhone } from '../format/phone.ts';
import { deliveryMethodLabel } from './deliveryMethodLabel.ts';
import { statusHistoryView, type StatusStepView } from './statusHistory.ts';
import {
  orderPayOffer,
  paymentBanner,
  paymentTypeChoice,
  type PaymentBanner,
  type PaymentTypeChoice,
  type PayOffer,
} from './paymentOutcome.ts';

/** Spec §4 payment status 3: paid. */
const PAID = 3;

/** A line of the order as the page shows it. */
export interface OrderLineView {
  title: string;
  /** The product page, or null when the line names no product slug. */
  href: string | null;
  image: string | null;
  color: string | null;
  size: string | null;
  article: string;
  quantity: number;
  /** Unit price after promo-code discounts (0 for a gift). */
  price: number;
  total: number;
  isGift: boolean;
  /**
   * A subscription line (spec §3 `subscriptionItems`): days between deliveries and the first
   * delivery as DD.MM.YYYY (spec §9); null for a line bought once or a gift.
   */
  subscription: { intervalDays: number; start: string } | null;
  /** Spec §4 line status label; '' when the code is unknown. */
  status: string;
}

/**
 * The money of the order, each row in UAH. `goods` is the lines before promo codes, so the rows
 * add up: goods − discount − certificates − bonuses + delivery = total.
 */
export interface OrderSumsView {
  goods: number;
  discount: number;
  certificates: number;
  bonuses: number;
  /** Null for a one-click order: the delivery is agreed on the shop's call. */
  delivery: number | null;
  total: number;
  /** Paid online by now: the total reads «Оплачено» / «Сплачено» instead of «К оплате» / «До сплати». */
  paid: boolean;
}

/** Where the order page's phone confirmation stands (`?phone-code=…`, src/server/order/phoneConfirmForms.ts). */
export type PhoneCodeState = 'sent' | 'wrong' | 'limit' | 'unavailable' | 'confirmed';
const PHONE_CODE_STATES: readonly PhoneCodeState[] = ['sent', 'wrong', 'limit', 'unavailable', 'confirmed'];

/** The `?phone-code=` value as a state, or null. */
export function phoneCodeStateOf(value: string | null): PhoneCodeState | null {
  return PHONE_CODE_STATES.find((state) => state === value) ?? null;
}

/** The order page (`/order/{hash}`) as its view renders it. */
export interface OrderPageModel {
  number: string;
  /** DD.MM.YYYY in Kyiv (spec §9). */
  date: string;
  /** Came from the checkout (`?placed=1`): the thank-you line. */
  placed: boolean;
  /** A one-click order: the shop calls back to agree delivery and payment. */
  callBack: boolean;
  status: OrderStatusView;
  /** Each status the order has had, oldest first; shown once the order has moved past placed. */
  statusHistory: StatusStepView[];
  /** A subscription's repeat delivery: the number of the order it repeats. */
  repeatOf: string | null;
  lines: OrderLineView[];
  sums: OrderSumsView;
  /** Null for a one-click order. */
  delivery: { method: string | null; address: string } | null;
  /**
   * Null for a one-click order. `parts`, for an instalment plan: how many payments and each one
   * (the amount the bank is sent, delivery included, over the parts).
   */
  payment: {
    label: string;
    parts: { count: number; each: number } | null;
    status: PaymentStatusView | null;
  } | null;
  /**
   * The headline: an online payment is still due (`awaitingPayment`: the amount and the pay
   * button come first), paid online, or neither (paid on receipt, one-click).
   */
  headline: 'awaitingPayment' | 'paid' | 'placed';
  /** `firstName` alone presets the auth modal when the shopper is asked to confirm the phone. */
  contact: { name: string; firstName: string; phone: string; email: string | null };
  /** Another payment type the shopper may choose herself (an unpaid new order), with the form's address. */
  paymentChoice:
    (Omit<PaymentTypeChoice, 'types'> & { action: string; types: { type: number; label: string }[] }) | null;
  /** The pay form (an online type not paid yet), or null. */
  pay: (PayOffer & { action: string; amount: number }) | null;
  /** The payment the bank sent the shopper back with, when it is this order's. */
  banner: PaymentBanner | null;
  /** The pay endpoint could not reach the bank (`?pay=unavailable`) and the order is still to pay. */
  payUnavailable: boolean;
  /** The payment type the shopper chose could not be taken (`?payment-type=refused`). */
  paymentTypeRefused: boolean;
  /** The purchase for analytics, escaped for a data script: on arrival from the checkout or the bank. */
  analyticsJson: string | null;
  /**
   * Accounts spec §6 "an anonymous user who left a phone at checkout is asked to confirm it": one
   * inline step whenever the order is no account's (also after the bank), or the word that it is
   * done. Null for an account's order with nothing to say.
   */
  confirmPhone: {
    state: PhoneCodeState | null;
    phone: string;
    /** Send (again) the code: a form post. */
    sendAction: string;
    /** Confirm with the code: a form post. */
    confirmAction: string;
  } | null;
}

/** What the page knows besides the order. */
export interface OrderPageFacts {
  locale: Locale;
  /** `?placed=1`. */
  placed: boolean;
  /** `?pay=unavailable`. */
  payUnavailable: boolean;
  /** `?payment-type=refused`: the order service refused the type the form sent (the order changed meanwhile). */
  paymentTypeRefused?: boolean;
  /** `?phone-code=…`: where the phone confirmation stands. */
  phoneCode?: PhoneCodeState | null;
  /** The payment of `?payment=`, when it could be read (whoever's it is: checked here). */
  payment: PaymentCheckout | null;
  /**
   * Colour and size of each variant in the page's language, by internalId, when the catalogue
   * answered; an order line carries them in Russian only.
   */
  presentations: ReadonlyMap<number, { color: string | null; size: string | null }>;
  /** The shopper's time zone for the page's dates (null or absent: Kyiv). */
  timeZone?: string | null;
}

function lineView(line: OrderLine, facts: OrderPageFacts): OrderLineView {
  const { locale } = facts;
  const shown = facts.presentations.get(line.internalId);
  return {
    title: localized(locale, line.title, line.titleUkr),
    href: line.slug === '' ? null : routeUrl(routeName('product-page', locale), { slug: line.slug }),
    image: line.image,
    color: shown ? shown.color : line.colorPresentation,
    size: shown ? shown.size : line.sizePresentation,
    article: line.displayArticle,
    quantity: line.quantity,
    price: line.price,
    total: line.totalPrice,
    isGift: line.isGift,
    subscription:
      line.intervalDays === null
        ? null
        : { intervalDays: line.intervalDays, start: formatDate(line.startDate ?? '', facts.timeZone) },
    status: lineStatusLabel(line.status, locale),
  };
}

/** The order page's model: everything in the page's language, nothing the view must decide. */
export function orderPageModel(order: Order, facts: OrderPageFacts): OrderPageModel {
  const { locale } = facts;
  const type = order.paymentType;
  const offer = orderPayOffer(order);
  const paid = type !== null && order.paymentStatus === PAID;
  const choice = paymentTypeChoice(order);
  const name = [order.firstName, order.lastName].filter((part) => part.trim() !== '').join(' ');
  return {
    number: order.number,
    date: formatDate(order.createdAt, facts.timeZone),
    placed: facts.placed,
    // Card payers go from the checkout straight to the bank (issue 29) and arrive here with the
    // payment it returned with, never with `placed`: their purchase is counted then (the runtime
    // counts an order once per browser).
    analyticsJson: facts.placed || facts.payment?.kind === 'order' ? jsonLdText(analyticsOrder(order)) : null,
    callBack: order.kind === 'one-click',
    status: orderStatusView(order.status, locale),
    statusHistory: statusHistoryView(order.statusHistory, locale, facts.timeZone),
    repeatOf: order.repeatOf,
    lines: order.activeOrderItems.map((line) => lineView(line, facts)),
    sums: {
      goods: order.price + order.discountAmount,
      discount: order.discountAmount,
      certificates: order.certificateAmount,
      bonuses: order.usedBonuses,
      delivery: order.kind === 'one-click' ? null : order.deliveryPrice,
      total: order.totalPrice,
      paid,
    },
    headline: offer !== null ? 'awaitingPayment' : paid ? 'paid' : 'placed',
    delivery:
      order.kind === 'one-click'
        ? null
        : {
            method: order.deliveryMethodSlug === null ? null : deliveryMethodLabel(order.deliveryMethodSlug, locale),
            address: order.deliveryAddress,
          },
    payment:
      type === null
        ? null
        : {
            label: paymentTypeLabel(type, locale),
            parts:
              isInstalment(type) && order.paymentParts > 0
                ? {
                    count: order.paymentParts,
                    // The bank is sent the order's total, delivery included (payments.ts).
                    each: instalmentPayment(order.totalPrice, order.paymentParts),
                  }
                : null,
            status: paymentStatusView(type, order.paymentStatus, locale),
          },
    contact: {
      name,
      firstName: order.firstName,
      phone: formatPhone(order.phone),
      email: order.email === '' ? null : order.email,
    },
    pay: offer && {
      ...offer,
      action: routeUrl(routeName('order-pay', locale), { hash: order.hash }),
      amount: order.totalPrice,
    },
    banner:
      facts.payment &&
      paymentBanner(facts.payment, { kind: 'order', hash: order.hash, paid: order.paymentStatus === PAID }),
    payUnavailable: facts.payUnavailable && offer !== null,
    paymentTypeRefused: (facts.paymentTypeRefused ?? false) && offer !== null,
    confirmPhone:
      order.hasAccount && facts.phoneCode !== 'confirmed'
        ? null
        : {
            state: order.hasAccount ? 'confirmed' : (facts.phoneCode ?? null),
            phone: formatPhone(order.phone),
            sendAction: routeUrl(routeName('order-phone-code', locale), { hash: order.hash }),
            confirmAction: routeUrl(routeName('order-confirm-phone', locale), { hash: order.hash }),
          },
    paymentChoice: choice && {
      ...choice,
      types: choice.types.map((option) => ({ type: option, label: paymentTypeLabel(option, locale) })),
      action: routeUrl(routeName('order-payment-type', locale), { hash: order.hash }),
    },
  };
}
