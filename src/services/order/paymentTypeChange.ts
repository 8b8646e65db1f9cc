import { log } from '../../log/log.ts';
import type { DatabaseSync } from 'node:sqlite';
import { isApiError } from '../../api/apiError.ts';
import type { Locale } from '../../api/schemas/common.ts';
import {
  BABY_PACKAGE_PAYMENT_TYPE,
  INSTALMENT_LIMITS,
  INSTALMENT_PAYMENT_TYPES,
  ONLINE_PAYMENT_TYPES,
  ORDER_ERROR,
  PAYMENT_STATUS,
  PAYMENT_TYPES_BY_METHOD,
} from '../../api/schemas/order.ts';
import type { Order } from '../../api/schemas/order.ts';
import type { PaymentTypeChosen } from '../../api/schemas/paymentTypeChange.ts';
import { inTransaction } from '../db/database.ts';
import type { BundleReader } from './catalogueReader.ts';
import type { OrderHolds } from './holdLimits.ts';
import { orderMessages } from './orderMessages.ts';
import { amountProblems } from './orderPlacement.ts';
import { invalidFields, notFound, OrderProblem, unavailable, type FieldProblem } from './orderProblem.ts';
import type { OrderRepository } from './orderRepository.ts';

/**
 * `POST /public/anon/order/{hash}/payment-type` (docs/decisions.md "Orders: choosing another payment
 * type"): after the bank declined, or said she is not its client, the shopper chooses another way to
 * pay herself instead of phoning the shop. The order's hash is what reads and pays it, so it is what
 * changes its payment too; a number or another order's hash changes nothing (404).
 *
 * Judged as an order is (orderPlacement.ts): the types the delivery method allows, the parts only
 * for instalments, the goods' amount for instalments and online types, the «Пакунок малюка» card
 * only for the baby-bundle catalogue's goods. Only a new order (status 0, 1, 7) that is not paid and
 * not canceled may change: once the shop took it into work, payment is agreed by its call.
 *
 * The hold follows the type: an online type keeps the order's hold (a change never extends it) or,
 * coming from a type paid on receipt, starts one now; a type paid on receipt holds until the shop
 * handles the order, as an order placed so. Pending attempts at the bank are closed as expired (5),
 * as a new attempt closes them: an approval that still comes is logged for a refund (payments.ts).
 */

export interface PaymentTypeDeps {
  db: DatabaseSync;
  orders: OrderRepository;
  bundle: BundleReader;
  now: () => Date;
  holds: OrderHolds;
}

const NEW_STATUSES: readonly number[] = [0, 1, 7];
const CANCELED = 5;

/** The order as it may change now, or the refusal (404, paid, canceled, in work, one-click). */
function changeable(
  deps: PaymentTypeDeps,
  hash: string,
  locale: Locale,
): { id: number; order: Order; holdUntil: string | null } {
  const row = deps.orders.orderForPayment(hash);
  const order = deps.orders.readOrder(hash, locale);
  if (!row || !order) throw notFound('Order');
  if (row.kind === 'one-click' || order.paymentType === null || order.deliveryMethodSlug === null) {
    throw new OrderProblem(409, ORDER_ERROR.paymentTypeFixed, 'A one-click order is paid as agreed on the shop’s call');
  }
  if (deps.orders.isPaid({ orderId: row.id }))
    throw new OrderProblem(409, ORDER_ERROR.alreadyPaid, 'It is already paid');
  if (row.status === CANCELED) {
    throw new OrderProblem(
      409,
      ORDER_ERROR.notPaidOnline,
      'The order is canceled: its time to pay ran out, or the shop canceled it',
    );
  }
  if (!NEW_STATUSES.includes(row.status)) {
    throw new OrderProblem(
      409,
      ORDER_ERROR.paymentTypeFixed,
      'The shop took the order into work: its payment is agreed by the shop’s call',
    );
  }
  return { id: row.id, order, holdUntil: row.holdUntil };
}

/** The rules that need no catalogue: the delivery's types, the parts, the goods' amount. */
function typeProblems(order: Order, change: PaymentTypeChosen, locale: Locale): FieldProblem[] {
  const t = orderMessages(locale);
  const problems: FieldProblem[] = [];
  const slug = order.deliveryMethodSlug;
  if (slug === null || !PAYMENT_TYPES_BY_METHOD[slug].includes(change.paymentType)) {
    problems.push({ field: 'paymentType', message: t.paymentUnavailable });
  }
  const instalment = INSTALMENT_PAYMENT_TYPES.includes(change.paymentType);
  if (
    instalment &&
    (change.paymentParts < INSTALMENT_LIMITS.minParts || change.paymentParts > INSTALMENT_LIMITS.maxParts)
  ) {
    problems.push({
      field: 'paymentParts',
      message: t.paymentParts(INSTALMENT_LIMITS.minParts, INSTALMENT_LIMITS.maxParts),
    });
  }
  if (!instalment && change.paymentParts !== 0) {
    problems.push({ field: 'paymentParts', message: t.partsOnlyForInstalments });
  }
  // The goods' amount to pay in kopecks, as an order is judged: lines less certificates and bonuses.
  const goods = Math.round((order.price - order.certificateAmount - order.usedBonuses) * 100);
  problems.push(...amountProblems(change.paymentType, goods, locale));
  return problems;
}

/** The «Пакунок малюка» card pays only the baby-bundle catalogue's goods (gifts are free). */
async function bundleProblems(deps: PaymentTypeDeps, order: Order, locale: Locale): Promise<FieldProblem[]> {
  const bought = order.activeOrderItems.filter((line) => !line.isGift).map((line) => line.productId);
  let bundle: ReadonlySet<number>;
  try {
    bundle = await deps.bundle(bought);
  } catch (error) {
    if (!isApiError(error)) throw error;
    log.error('[order] the baby-bundle catalogue cannot be read:', error.message);
    throw unavailable('The catalogue');
  }
  return bought.every((id) => bundle.has(id))
    ? []
    : [{ field: 'paymentType', message: orderMessages(locale).babyBundleOnly }];
}

/** Changes the payment type of the order `hash`; answers the order as it reads now. */
export async function changePaymentType(
  deps: PaymentTypeDeps,
  hash: string,
  change: PaymentTypeChosen,
  locale: Locale,
): Promise<Order> {
  const first = changeable(deps, hash, locale);
  const problems = typeProblems(first.order, change, locale);
  if (
    problems.length === 0 &&
    change.paymentType === BABY_PACKAGE_PAYMENT_TYPE &&
    first.order.paymentType !== BABY_PACKAGE_PAYMENT_TYPE
  ) {
    problems.push(...(await bundleProblems(deps, first.order, locale)));
  }
  if (problems.length > 0) throw invalidFields(problems);
  inTransaction(deps.db, () => {
    deps.orders.cancelExpiredHolds();
    // Judged again: paid or canceled while the catalogue was asked.
    const { id, order, holdUntil } = changeable(deps, hash, locale);
    if (order.paymentType === change.paymentType && order.paymentParts === change.paymentParts) return;
    const online = ONLINE_PAYMENT_TYPES.includes(change.paymentType);
    const minutes = deps.holds.paymentHoldMinutes * 60_000;
    const hold = online ? (holdUntil ?? new Date(deps.now().getTime() + minutes).toISOString()) : null;
    deps.orders.closePendingPayments({ orderId: id }, PAYMENT_STATUS.expired, deps.now().toISOString());
    deps.orders.setPaymentType(id, change.paymentType, change.paymentParts, hold);
  });
  const changed = deps.orders.readOrder(hash, locale);
  if (!changed) throw notFound('Order');
  return changed;
}
