import type { Locale } from '../../api/schemas/common.ts';
import type { PaymentType } from '../../api/schemas/order.ts';
import { INSTALMENT_BANKS, PAYMENT_TYPE } from './paymentRules.ts';

/**
 * How an order, its payment and its lines read on the order pages (storefront spec §4 "Order
 * status", "Payment types"). The Russian order labels are the spec's; the Ukrainian ones, the
 * payment wording and the line labels are ours.
 */

/** Spec §4 style classes of an order status. */
export type OrderStatusClass = 'new-order' | 'in-work-order' | 'canceled-order' | 'done-order';

/** An order status as shown: its label in the page's language and its style class. */
export interface OrderStatusView {
  label: string;
  className: OrderStatusClass;
}

interface OrderStatusEntry {
  label: Readonly<Record<Locale, string>>;
  className: OrderStatusClass;
}

const NEW_ORDER: OrderStatusEntry = { label: { ru: 'Новый заказ', uk: 'Нове замовлення' }, className: 'new-order' };

/** Spec §4 order status table (0 new, 1 registered and 7 an accounting-system error all read as a new order). */
const ORDER_STATUSES: Readonly<Record<number, OrderStatusEntry>> = {
  0: NEW_ORDER,
  1: NEW_ORDER,
  7: NEW_ORDER,
  2: { label: { ru: 'Собирается', uk: 'Збирається' }, className: 'in-work-order' },
  3: { label: { ru: 'Передан на доставку', uk: 'Передано на доставку' }, className: 'in-work-order' },
  4: { label: { ru: 'В пути', uk: 'В дорозі' }, className: 'in-work-order' },
  8: { label: { ru: 'Частично собран', uk: 'Частково зібрано' }, className: 'in-work-order' },
  9: { label: { ru: 'Собран', uk: 'Зібрано' }, className: 'in-work-order' },
  5: { label: { ru: 'Отменен', uk: 'Скасовано' }, className: 'canceled-order' },
  6: { label: { ru: 'Доставлен', uk: 'Доставлено' }, className: 'done-order' },
};

/**
 * Spec §4: the order status's label and style class. A code the spec does not know reads as a new
 * order: the order exists, and nothing more is known of it.
 */
export function orderStatusView(code: number, locale: Locale): OrderStatusView {
  const status = ORDER_STATUSES[code] ?? NEW_ORDER;
  return { label: status.label[locale], className: status.className };
}

/** Spec §4 payment status kinds: 0–2 pending, 3 success, 4–7 failed, 8 error, 9 not a client of the instalment bank. */
export type PaymentStatusKind = 'pending' | 'success' | 'failed' | 'error' | 'notBankClient';

/** A payment status as shown, with its kind for the style. */
export interface PaymentStatusView {
  kind: PaymentStatusKind;
  text: string;
}

/** The kind of a payment status code, or null for a code outside 0–9. */
export function paymentStatusKind(status: number): PaymentStatusKind | null {
  if (status === 0 || status === 1 || status === 2) return 'pending';
  if (status === 3) return 'success';
  if (status >= 4 && status <= 7 && Number.isInteger(status)) return 'failed';
  if (status === 8) return 'error';
  if (status === 9) return 'notBankClient';
  return null;
}

const PAYMENT_TEXTS: Readonly<Record<PaymentStatusKind, Readonly<Record<Locale, string>>>> = {
  pending: { ru: 'Ожидается оплата', uk: 'Очікується оплата' },
  success: { ru: 'Оплачено', uk: 'Оплачено' },
  failed: { ru: 'Оплата не прошла', uk: 'Оплата не пройшла' },
  error: { ru: 'Ошибка оплаты', uk: 'Помилка оплати' },
  notBankClient: {
    ru: 'Оплата частями доступна только клиентам банка',
    uk: 'Оплата частинами доступна лише клієнтам банку',
  },
};

/** Spec §4 (Russian as written): a type-10 payment awaits the shopper in the second bank's app. */
const AWAITED_IN_APP: Readonly<Record<Locale, string>> = {
  ru: `Ожидается оплата в приложении ${INSTALMENT_BANKS[10].app}`,
  uk: `Очікується оплата в застосунку ${INSTALMENT_BANKS[10].app}`,
};

/**
 * The payment status as the order page shows it, or null when there is none to show: cash shows
 * no payment status (spec §4), nor does an order without one or a code outside 0–9. A pending
 * type-10 instalment says the payment is awaited in the bank's app.
 */
export function paymentStatusView(
  paymentType: PaymentType,
  status: number | null,
  locale: Locale,
): PaymentStatusView | null {
  if (paymentType === PAYMENT_TYPE.cash || status === null) return null;
  const kind = paymentStatusKind(status);
  if (kind === null) return null;
  if (kind === 'pending' && paymentType === PAYMENT_TYPE.instalmentsSecondBank) {
    return { kind, text: AWAITED_IN_APP[locale] };
  }
  return { kind, text: PAYMENT_TEXTS[kind][locale] };
}

/** Spec §4 product line statuses 0–5: new, reserved, canceled, delivery waiting, transferred, refused. */
const LINE_STATUSES: readonly Readonly<Record<Locale, string>>[] = [
  { ru: 'Новый', uk: 'Новий' },
  { ru: 'Зарезервирован', uk: 'Зарезервовано' },
  { ru: 'Отменен', uk: 'Скасовано' },
  { ru: 'Ожидает доставки', uk: 'Очікує доставки' },
  { ru: 'Передан', uk: 'Передано' },
  { ru: 'Отказ', uk: 'Відмова' },
];

/** A product line's status label; '' for a code outside 0–5 (nothing is better than a wrong word). */
export function lineStatusLabel(code: number, locale: Locale): string {
  return LINE_STATUSES[code]?.[locale] ?? '';
}
