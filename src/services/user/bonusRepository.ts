import type { DatabaseSync } from 'node:sqlite';
import { JOIN_BONUS_UAH } from '../../api/schemas/user.ts';
import type { BonusHistory, BonusOrderPayment, BonusProfile } from '../../api/schemas/user.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { isoAt, kyivToday } from './clock.ts';
import type { Clock } from './clock.ts';

/**
 * The cashback programme (spec §3 bonus profile): membership, a ledger of accruals and spendings,
 * and levels by the purchases accumulated in the level's period. An accrual counts as passive until
 * its `available_at` (a purchase's cashback waits out the return period), then as active.
 *
 * Orders paid with points (docs/decisions.md "Accounts: paying with bonuses"): one payment per
 * customer and order number (migrations/002_bonus_order_payments.sql), taken from the active
 * balance as a negative ledger line and given back as a positive one; both carry the order number,
 * so the history says which order they belong to.
 */

/** Levels: Ukrainian name, Russian name, purchases (UAH) to reach it, cashback percent. */
const LEVELS = [
  { levelName: 'Базовий', levelNameRu: 'Базовый', accumulation: 0, rate: 3 },
  { levelName: 'Срібний', levelNameRu: 'Серебряный', accumulation: 5000, rate: 5 },
  { levelName: 'Золотий', levelNameRu: 'Золотой', accumulation: 15000, rate: 7 },
] as const;
/** Months a level lasts. */
const LEVEL_MONTHS = 12;
/** Spec §9 (new design): joining the programme brings 50 грн. */
const JOIN_BONUS = JOIN_BONUS_UAH;
const JOIN_BONUS_DAYS = 90;
const PROMO_RATES = [{ title: 'Товары собственного импорта', rate: 50 }];
/** The ledger's words for an order's points, as the seed's history words them (the page shows them as given). */
const ORDER_PAYMENT_DESCRIPTION = 'Оплата бонусами заказа';
const ORDER_GIVE_BACK_DESCRIPTION = 'Возврат бонусов за заказ';

/** What paying an order with points came to. */
export type OrderPaymentOutcome =
  /** Spent now, or already spent for this number with this amount (`replayed`: nothing spent again). */
  | { kind: 'spent'; payment: BonusOrderPayment; replayed: boolean }
  | { kind: 'notMember' }
  /** The active balance (UAH, two decimals) is short of the amount. */
  | { kind: 'short'; activeAmount: number }
  /** The number was paid with another amount or given back: never paid (again) under it. */
  | { kind: 'taken' };

export interface BonusRepository {
  isMember(customerId: number): boolean;
  /** Joins the programme with its welcome bonus; nothing changes for a member. */
  join(customerId: number): void;
  profile(customerId: number): BonusProfile;
  history(
    customerId: number,
    query: { page: number; limit: number; sort: 'createdAt,desc' | 'createdAt,asc' },
  ): BonusHistory;
  /**
   * Pays the order `orderNumber` with `amount` whole hryvnias of the customer's active balance, once
   * per number. Call inside a transaction (BEGIN IMMEDIATE): the balance read and the line written
   * are one step, so two orders cannot both spend the same points.
   */
  payForOrder(customerId: number, orderNumber: string, amount: number): OrderPaymentOutcome;
  /**
   * Gives the order's points back (a positive line), once; a number never paid is recorded as given
   * back with 0, so a late payment for it is refused. Call inside a transaction.
   */
  giveBackOrder(customerId: number, orderNumber: string): BonusOrderPayment;
  /** Adds a ledger line (the seed's history; later, the order service's accruals). */
  record(
    customerId: number,
    line: {
      amount: number;
      description: string;
      orderNumber: string | null;
      createdAt: string;
      availableAt: string;
      expiresAt: string | null;
    },
  ): void;
}

function levelFor(accumulation: number) {
  return LEVELS.reduce((found, level) => (accumulation >= level.accumulation ? level : found), LEVELS[0]);
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

export function createBonusRepository(db: DatabaseSync, clock: Clock): BonusRepository {
  const member = db.prepare('SELECT accumulation_amount, level_valid_until FROM bonus_member WHERE customer_id = ?');
  const join = db.prepare(
    'INSERT OR IGNORE INTO bonus_member (customer_id, joined_at, level_valid_until) VALUES (?, ?, ?)',
  );
  const insert = db.prepare(
    `INSERT INTO bonus_transaction (customer_id, amount, description, order_number, created_at, available_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const sums = db.prepare(
    `SELECT coalesce(sum(CASE WHEN available_at <= ?1 THEN amount END), 0) AS active,
            coalesce(sum(CASE WHEN available_at > ?1 THEN amount END), 0) AS passive
     FROM bonus_transaction WHERE customer_id = ?2`,
  );
  const incomes = db.prepare(
    `SELECT amount, available_at AS at, description FROM bonus_transaction
     WHERE customer_id = ? AND available_at > ? ORDER BY available_at LIMIT 10`,
  );
  const expenses = db.prepare(
    `SELECT amount, expires_at AS at, description FROM bonus_transaction
     WHERE customer_id = ? AND amount > 0 AND expires_at IS NOT NULL AND expires_at > ? ORDER BY expires_at LIMIT 10`,
  );
  const total = db.prepare('SELECT count(*) AS n FROM bonus_transaction WHERE customer_id = ?');
  const pageDesc = db.prepare(
    `SELECT id, created_at, amount, description, order_number FROM bonus_transaction WHERE customer_id = ?
     ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const pageAsc = db.prepare(
    `SELECT id, created_at, amount, description, order_number FROM bonus_transaction WHERE customer_id = ?
     ORDER BY created_at, id LIMIT ? OFFSET ?`,
  );

  const orderPayment = db.prepare(
    'SELECT amount, given_back_at FROM bonus_order_payment WHERE customer_id = ? AND order_number = ?',
  );
  const insertOrderPayment = db.prepare(
    `INSERT INTO bonus_order_payment (customer_id, order_number, amount, created_at, given_back_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const markGivenBack = db.prepare(
    'UPDATE bonus_order_payment SET given_back_at = ? WHERE customer_id = ? AND order_number = ?',
  );

  function isMember(customerId: number): boolean {
    return member.get(customerId) !== undefined;
  }

  function activeAmount(customerId: number): number {
    const amounts = sums.get(isoAt(clock), customerId);
    return amounts ? round2(num(amounts, 'active')) : 0;
  }

  function payment(customerId: number, orderNumber: string, amount: number, givenBack: boolean): BonusOrderPayment {
    return {
      customerId,
      orderNumber,
      amount,
      status: givenBack ? 'given-back' : 'spent',
      activeAmount: activeAmount(customerId),
    };
  }

  /** A ledger line of an order's points, spendable at once and never expiring. */
  function orderLine(customerId: number, amount: number, description: string, orderNumber: string): void {
    const now = isoAt(clock);
    insert.run(customerId, amount, description, orderNumber, now, now, null);
  }

  return {
    isMember,
    join(customerId) {
      const validUntil = kyivToday(clock, LEVEL_MONTHS * 30);
      if (join.run(customerId, isoAt(clock), validUntil).changes === 0) return;
      insert.run(
        customerId,
        JOIN_BONUS,
        'Бонус за вступление в программу',
        null,
        isoAt(clock),
        isoAt(clock),
        isoAt(clock, JOIN_BONUS_DAYS * 86_400),
      );
    },
    profile(customerId) {
      const row = member.get(customerId);
      const accumulation = row ? num(row, 'accumulation_amount') : 0;
      const level = levelFor(accumulation);
      const now = isoAt(clock);
      const amounts = row ? sums.get(now, customerId) : undefined;
      const change = (sign: 1 | -1, description?: string) => (r: Row) => ({
        changing: round2(sign * num(r, 'amount')),
        date: str(r, 'at').slice(0, 10),
        description: description ?? str(r, 'description'),
      });
      return {
        isMember: row !== undefined,
        activeAmount: amounts ? round2(num(amounts, 'active')) : 0,
        passiveAmount: amounts ? round2(num(amounts, 'passive')) : 0,
        nextExpenses: row ? expenses.all(customerId, now).map(change(-1, 'Сгорание бонусов')) : [],
        nextIncomes: row ? incomes.all(customerId, now).map(change(1)) : [],
        levelName: level.levelName,
        levelNameRu: level.levelNameRu,
        levelDuration: LEVEL_MONTHS,
        rate: level.rate,
        accumulationAmount: accumulation,
        validUntil: row ? strOrNull(row, 'level_valid_until') : null,
        rateRules: LEVELS.map(({ levelName, levelNameRu, accumulation: a, rate }) => ({
          levelName,
          levelNameRu,
          accumulation: a,
          rate,
        })),
        promoRates: PROMO_RATES,
      };
    },
    history(customerId, { page, limit, sort }) {
      const count = total.get(customerId);
      const rows = (sort === 'createdAt,asc' ? pageAsc : pageDesc).all(customerId, limit, page * limit);
      return {
        total: count ? num(count, 'n') : 0,
        items: rows.map((r) => ({
          id: num(r, 'id'),
          createdAt: str(r, 'created_at'),
          amount: num(r, 'amount'),
          description: str(r, 'description'),
          orderNumber: strOrNull(r, 'order_number'),
        })),
      };
    },
    payForOrder(customerId, orderNumber, amount) {
      const paid = orderPayment.get(customerId, orderNumber);
      if (paid) {
        const same = strOrNull(paid, 'given_back_at') === null && num(paid, 'amount') === amount;
        return same
          ? { kind: 'spent', payment: payment(customerId, orderNumber, amount, false), replayed: true }
          : { kind: 'taken' };
      }
      if (!isMember(customerId)) return { kind: 'notMember' };
      const active = activeAmount(customerId);
      if (active < amount) return { kind: 'short', activeAmount: active };
      insertOrderPayment.run(customerId, orderNumber, amount, isoAt(clock), null);
      orderLine(customerId, -amount, ORDER_PAYMENT_DESCRIPTION, orderNumber);
      return { kind: 'spent', payment: payment(customerId, orderNumber, amount, false), replayed: false };
    },
    giveBackOrder(customerId, orderNumber) {
      const paid = orderPayment.get(customerId, orderNumber);
      if (!paid) {
        insertOrderPayment.run(customerId, orderNumber, 0, isoAt(clock), isoAt(clock));
        return payment(customerId, orderNumber, 0, true);
      }
      const amount = num(paid, 'amount');
      if (strOrNull(paid, 'given_back_at') === null) {
        markGivenBack.run(isoAt(clock), customerId, orderNumber);
        if (amount > 0) orderLine(customerId, amount, ORDER_GIVE_BACK_DESCRIPTION, orderNumber);
      }
      return payment(customerId, orderNumber, amount, true);
    },
    record(customerId, line) {
      insert.run(
        customerId,
        line.amount,
        line.description,
        line.orderNumber,
        line.createdAt,
        line.availableAt,
        line.expiresAt,
      );
    },
  };
}
