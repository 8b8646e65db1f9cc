import { log } from '../../log/log.ts';
import type { DatabaseSync } from 'node:sqlite';
import type { Locale } from '../../api/schemas/common.ts';
import { ORDER_ERROR, PAYMENT_STATUS } from '../../api/schemas/order.ts';
import type { Order } from '../../api/schemas/order.ts';
import { ORDER_STATUS_NAMES, ORDER_STATUS_NEXT } from '../../api/schemas/orderAdmin.ts';
import type { OrderStatusMove } from '../../api/schemas/orderAdmin.ts';
import { inTransaction } from '../db/database.ts';
import { num, numOrNull, str } from '../db/rows.ts';
import type { BonusClaim, BonusClaimRepository } from './bonusClaims.ts';
import type { BonusPayments } from './bonusPayments.ts';
import { finishGiveBack } from './orderPlacement.ts';
import { notFound, OrderProblem } from './orderProblem.ts';
import type { OrderRepository } from './orderRepository.ts';

/**
 * An order moved through the spec §4 statuses by the admin route (docs/decisions.md "Order
 * statuses move"; the rule: src/services/order/orderStatusMoves.ts). One BEGIN IMMEDIATE transaction
 * records what ran out, judges the move against the status the order has then, writes the status
 * and its history step; a cancellation in the same commit releases the order's units, gives its
 * certificates back what they paid and marks its bonus payment for a give-back, which the user
 * service is then asked for (if it cannot answer, the sweep of owed give-backs asks again).
 */

export type StatusJudgement =
  { kind: 'same' } | { kind: 'move'; cancels: boolean } | { kind: 'refused'; message: string };

const named = (code: number): string => {
  const name = ORDER_STATUS_NAMES[code];
  return name === undefined ? String(code) : `${code} (${name})`;
};

/**
 * The contract's table judged (the order service's own rule over ORDER_STATUS_NEXT; it stands in for
 * an external service, so the rule lives with it; tests/unit/orderStatusMoves.test.ts). `to` is a parsed 0–9.
 */
export function judgeStatusMove(from: number, to: number): StatusJudgement {
  if (ORDER_STATUS_NAMES[to] === undefined)
    return { kind: 'refused', message: `${to} is not an order status (spec §4: 0–9)` };
  if (from === to) return { kind: 'same' };
  const allowed = ORDER_STATUS_NEXT[from] ?? [];
  if (allowed.includes(to)) return { kind: 'move', cancels: to === 5 };
  const then = allowed.length === 0 ? 'it is final' : `allowed: ${allowed.map(named).join(', ')}`;
  return { kind: 'refused', message: `An order cannot move from ${named(from)} to ${named(to)}; ${then}` };
}

export interface StatusMoveDeps {
  db: DatabaseSync;
  orders: OrderRepository;
  bonusClaims: BonusClaimRepository;
  bonusPayments: BonusPayments;
  now: () => Date;
}

export interface MovedOrder {
  order: Order;
  changed: boolean;
}

export function createStatusWriter(db: DatabaseSync) {
  const orderStatement = db.prepare('SELECT id, hash, status, customer_id FROM customer_order WHERE number = ?');
  const setStatus = db.prepare('UPDATE customer_order SET status = ? WHERE id = ?');
  const addStep = db.prepare('INSERT INTO order_status_change (order_id, status, at, note) VALUES (?, ?, ?, ?)');
  const release = db.prepare('UPDATE stock_reservation SET released_at = ? WHERE order_id = ? AND released_at IS NULL');
  // What each certificate paid goes back on it, never past its nominal (a certificate is spent once per order).
  const returnCertificates = db.prepare(
    `UPDATE gift_certificate SET balance = min(nominal, round(balance + c.amount / 100.0, 2))
     FROM order_code c WHERE c.order_id = ? AND c.type = 1 AND c.amount > 0 AND c.key = gift_certificate.key`,
  );
  const bonusClaim = db.prepare(
    `SELECT order_id, number, customer_id, amount FROM bonus_payment WHERE order_id = ? AND state = 'placed'`,
  );
  const takeBonusClaim = db.prepare(
    `UPDATE bonus_payment SET state = 'giving-back', updated_at = ? WHERE order_id = ? AND state = 'placed'`,
  );
  return {
    order: (number: string) => {
      const r = orderStatement.get(number);
      return r === undefined
        ? null
        : { id: num(r, 'id'), hash: str(r, 'hash'), status: num(r, 'status'), customerId: numOrNull(r, 'customer_id') };
    },
    /** Writes the status and its step. */
    move(orderId: number, status: number, at: string, note: string | null): void {
      setStatus.run(status, orderId);
      addStep.run(orderId, status, at, note);
    },
    /** The cancellation's returns; the bonus payment to give back, taken as `giving-back`, or null. */
    giveBack(orderId: number, at: string): BonusClaim | null {
      release.run(at, orderId);
      returnCertificates.run(orderId);
      const r = bonusClaim.get(orderId);
      if (r === undefined || Number(takeBonusClaim.run(at, orderId).changes) !== 1) return null;
      return {
        orderId: num(r, 'order_id'),
        number: str(r, 'number'),
        customerId: num(r, 'customer_id'),
        amount: num(r, 'amount'),
      };
    },
  };
}

/** `POST /admin/order/{number}/status`. */
export async function moveOrderStatus(
  deps: StatusMoveDeps,
  writer: ReturnType<typeof createStatusWriter>,
  number: string,
  request: OrderStatusMove,
  locale: Locale,
): Promise<MovedOrder> {
  const outcome = inTransaction(deps.db, () => {
    // A hold that ran out is the order's cancellation already: recorded first, then judged.
    deps.orders.cancelExpiredHolds();
    const found = writer.order(number);
    if (!found) throw notFound('Order');
    const judged = judgeStatusMove(found.status, request.status);
    if (judged.kind === 'refused') throw new OrderProblem(409, ORDER_ERROR.statusMoveRefused, judged.message);
    if (judged.kind === 'same') return { hash: found.hash, changed: false, claim: null };
    const at = deps.now().toISOString();
    writer.move(found.id, request.status, at, request.note ?? null);
    if (!judged.cancels) return { hash: found.hash, changed: true, claim: null };
    const target = { orderId: found.id };
    // A payment still at the bank must not be taken for a canceled order.
    deps.orders.closePendingPayments(target, PAYMENT_STATUS.expired, at);
    if (deps.orders.isPaid(target)) {
      log.error(`[order] order ${number} was paid online and is canceled: its payment is to be refunded`);
    }
    return { hash: found.hash, changed: true, claim: writer.giveBack(found.id, at) };
  });
  if (outcome.claim) await finishGiveBack(deps, outcome.claim);
  const order = deps.orders.readOrder(outcome.hash, locale);
  if (!order) throw new Error(`order ${number} vanished after its status moved`);
  return { order, changed: outcome.changed };
}
