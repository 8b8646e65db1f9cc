import type { DatabaseSync } from 'node:sqlite';
import { num, str } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { NEXT_ORDER_ID_SQL, orderNumberOf } from './orderRepository.ts';

/**
 * The order numbers orders paid with points take before the points are spent
 * (migrations/004_bonus_payments.sql; docs/decisions.md "Accounts: paying with bonuses"). The user
 * service spends once per order number, so the number must exist before the order does: a retry of
 * the same intent goes on under the same number, and a number whose order was never written is
 * given back. Each state change is a compare-and-set, so a retry, a failed attempt and the sweep of
 * owed give-backs never act on the same payment at once.
 */

export type BonusClaimState = 'spending' | 'placed' | 'refused' | 'give-back-due' | 'giving-back' | 'given-back';

export interface BonusClaim {
  /** The id (and so the number) the order gets. */
  orderId: number;
  number: string;
  customerId: number;
  /** Whole hryvnias. */
  amount: number;
}

/** A payment that may owe a give-back, with the state and time it was last seen in. */
export interface OwedClaim {
  claim: BonusClaim;
  state: BonusClaimState;
  updatedAt: string;
}

export interface BonusClaimRepository {
  /**
   * The intent's open payment (spending, or owing a give-back after an answer that never came),
   * taken up again as `spending`; null when it has none. Call in a transaction.
   */
  reopen(idempotencyKey: string, bodyHash: string, now: string): BonusClaim | null;
  /** A new payment on the next order id, `spending`. Call in a transaction. */
  claim(
    request: { customerId: number; idempotencyKey: string; bodyHash: string; amount: number },
    now: string,
  ): BonusClaim;
  /** Moves the payment to `to` if it is in one of `from`; false when it was not (someone else has it). */
  move(orderId: number, from: readonly BonusClaimState[], to: BonusClaimState, now: string): boolean;
  /**
   * Payments that may owe a give-back and were last touched before `before`: `give-back-due`, and
   * `spending` or `giving-back` left so long that the attempt that held them is gone. Oldest first.
   */
  owed(before: string, limit: number): OwedClaim[];
  /** Takes an owed payment as `giving-back` if it is still as `owed` saw it; false when it moved meanwhile. */
  take(owed: OwedClaim, now: string): boolean;
}

const STATES: readonly BonusClaimState[] = [
  'spending',
  'placed',
  'refused',
  'give-back-due',
  'giving-back',
  'given-back',
];

function stateOf(value: string): BonusClaimState {
  const state = STATES.find((s) => s === value);
  if (state === undefined) throw new TypeError(`bonus_payment.state: unexpected ${value}`);
  return state;
}

function claimOf(r: Row): BonusClaim {
  return {
    orderId: num(r, 'order_id'),
    number: str(r, 'number'),
    customerId: num(r, 'customer_id'),
    amount: num(r, 'amount'),
  };
}

export function createBonusClaimRepository(db: DatabaseSync): BonusClaimRepository {
  const open = db.prepare(
    `SELECT order_id, number, customer_id, amount FROM bonus_payment
     WHERE idempotency_key = ? AND body_hash = ? AND state IN ('spending', 'give-back-due')`,
  );
  const next = db.prepare(NEXT_ORDER_ID_SQL);
  const insert = db.prepare(
    `INSERT INTO bonus_payment (order_id, number, customer_id, idempotency_key, body_hash, amount, state, created_at,
       updated_at)
     VALUES (:orderId, :number, :customerId, :key, :bodyHash, :amount, 'spending', :now, :now)`,
  );
  // The allowed states arrive as a JSON array: one prepared statement whatever their number.
  const move = db.prepare(
    `UPDATE bonus_payment SET state = :to, updated_at = :now
     WHERE order_id = :orderId AND state IN (SELECT value FROM json_each(:from))`,
  );
  const owed = db.prepare(
    `SELECT order_id, number, customer_id, amount, state, updated_at FROM bonus_payment
     WHERE state IN ('spending', 'give-back-due', 'giving-back') AND updated_at < ? ORDER BY updated_at LIMIT ?`,
  );
  const take = db.prepare(
    `UPDATE bonus_payment SET state = 'giving-back', updated_at = :now
     WHERE order_id = :orderId AND state = :state AND updated_at = :updatedAt`,
  );

  const moveTo = (orderId: number, from: readonly BonusClaimState[], to: BonusClaimState, now: string): boolean =>
    move.run({ orderId, from: JSON.stringify(from), to, now }).changes === 1;

  return {
    reopen(idempotencyKey, bodyHash, now) {
      const r = open.get(idempotencyKey, bodyHash);
      if (r === undefined) return null;
      const claim = claimOf(r);
      moveTo(claim.orderId, ['spending', 'give-back-due'], 'spending', now);
      return claim;
    },
    claim({ customerId, idempotencyKey, bodyHash, amount }, now) {
      const row = next.get();
      const orderId = row === undefined ? 1 : num(row, 'next');
      const number = orderNumberOf(orderId);
      insert.run({ orderId, number, customerId, key: idempotencyKey, bodyHash, amount, now });
      return { orderId, number, customerId, amount };
    },
    move: moveTo,
    owed(before, limit) {
      return owed.all(before, limit).map((r) => ({
        claim: claimOf(r),
        state: stateOf(str(r, 'state')),
        updatedAt: str(r, 'updated_at'),
      }));
    },
    take(item, now) {
      return take.run({ orderId: item.claim.orderId, state: item.state, updatedAt: item.updatedAt, now }).changes === 1;
    },
  };
}
