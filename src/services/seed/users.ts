import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../db/database.ts';
import { num } from '../db/rows.ts';
import { createBonusRepository } from '../user/bonusRepository.ts';
import { isoAt } from '../user/clock.ts';
import type { Clock } from '../user/clock.ts';
import { sandboxKnownOauthId } from '../user/sandbox/oauthProvider.ts';
import { KYIV_SETTLEMENT_ID, KYIV_SETTLEMENT_REF } from './settlements.ts';

/**
 * The demo accounts of the user service (README "Demo accounts"):
 *
 * - 380501112233 / `demo-password`: Олена, a cashback member with a year of bonus history, Kyiv as
 *   her default location, a child, an e-mail, and the sandbox social provider's "known user" linked
 *   for Google and Facebook (its code signs her in).
 * - 380672223344 / `demo-password`: Андрій, a plain account, not a member yet (the "become a member"
 *   path).
 *
 * Dates are relative to the seeding day (a bonus history is about the last months); everything else
 * is fixed, password hashes included, so one seed gives the same accounts.
 */
export const DEMO_PASSWORD = 'demo-password';

/**
 * scrypt hashes of DEMO_PASSWORD (passwords.ts format, a salt of each account's own), computed once
 * with `hashPassword(DEMO_PASSWORD, salt)`: the seed stays instant and deterministic instead of
 * spending a third of a second of scrypt per account. The sign-in tests check they verify.
 */
const DEMO_HASHES = {
  '380501112233': 'scrypt$32768$8$1$tNYW_uQr3NURg-5y2_OFXw$QWAzgy_rBqxAyotXhdNv_GM9kUuPHKGFXqLyNN4HMZQ',
  '380672223344': 'scrypt$32768$8$1$ZuXU1erBN2LsJugOYwtrxw$4xzK-oarnT0smbTj1mHlRwlBcAHXsOp-ScsHhoqQcrA',
} as const;

/** Cashback history of the member: order accruals, spendings at checkout, the joining bonus. */
const HISTORY: readonly { daysAgo: number; amount: number; description: string; order: string | null }[] = [
  { daysAgo: 300, amount: 50, description: 'Бонус за вступление в программу', order: null },
  { daysAgo: 280, amount: 42.6, description: 'Начисление за заказ', order: '100231' },
  { daysAgo: 251, amount: 118.5, description: 'Начисление за заказ', order: '100587' },
  { daysAgo: 240, amount: -100, description: 'Оплата бонусами заказа', order: '100702' },
  { daysAgo: 210, amount: 63.3, description: 'Начисление за заказ', order: '101144' },
  { daysAgo: 180, amount: -50, description: 'Сгорание бонусов', order: null },
  { daysAgo: 160, amount: 27.9, description: 'Начисление за заказ', order: '101903' },
  { daysAgo: 131, amount: 205.2, description: 'Начисление за заказ', order: '102366' },
  { daysAgo: 120, amount: 100, description: 'Подарок ко дню рождения ребёнка', order: null },
  { daysAgo: 96, amount: -150, description: 'Оплата бонусами заказа', order: '102810' },
  { daysAgo: 75, amount: 88.4, description: 'Начисление за заказ', order: '103271' },
  { daysAgo: 49, amount: 31.2, description: 'Начисление за заказ', order: '103655' },
  { daysAgo: 30, amount: -60, description: 'Оплата бонусами заказа', order: '103980' },
  { daysAgo: 12, amount: 54.7, description: 'Начисление за заказ', order: '104402' },
  { daysAgo: 3, amount: 76.5, description: 'Начисление за заказ (ожидает окончания срока возврата)', order: '104719' },
];
/** A purchase's cashback becomes spendable after the 14-day return period. */
const RETURN_PERIOD_DAYS = 14;

export interface UserSeedReport {
  users: number;
}

/** Seeds the demo accounts into an empty user database. */
export function seedUsers(db: DatabaseSync, clock: Clock = () => new Date()): UserSeedReport {
  return inTransaction(db, () => {
    const insert = db.prepare(
      `INSERT INTO customer (phone, first_name, last_name, city, gender, birth_date, subscribe_sms, subscribe_email,
         email, language, password_hash, phone_confirmed_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'ru', ?, ?, ?, ?) RETURNING id`,
    );
    const created = isoAt(clock, -365 * 86_400);
    const add = (
      phone: keyof typeof DEMO_HASHES,
      first: string,
      last: string,
      gender: 1 | 2,
      birth: string,
      email: string,
    ): number => {
      const row = insert.get(
        phone,
        first,
        last,
        'Київ',
        gender,
        birth,
        1,
        email === '' ? 0 : 1,
        email,
        DEMO_HASHES[phone],
        created,
        created,
        created,
      );
      if (!row) throw new Error('a demo account was not created');
      return num(row, 'id');
    };
    const olena = add('380501112233', 'Олена', 'Демченко', 2, '1992-04-18', 'demo@example.com');
    add('380672223344', 'Андрій', 'Коваленко', 1, '1988-11-02', '');

    const link = db.prepare('INSERT INTO oauth_link (provider, oauth_id, customer_id, created_at) VALUES (?, ?, ?, ?)');
    for (const provider of ['google', 'facebook'] as const)
      link.run(provider, sandboxKnownOauthId(provider), olena, created);

    db.prepare(
      `INSERT INTO location (customer_id, is_default, city, city_ref, city_id, region, district, type,
         delivery_method_slug, carrier, street, street_ref, street_type_name, building, apartment, branch_ref, branch,
         shop_ref, created_at)
       VALUES (?, 1, 'Київ', ?, ?, 'Київська', '', 1, NULL, NULL, '', '', '', '', '', '', '', '', ?)`,
    ).run(olena, KYIV_SETTLEMENT_REF, KYIV_SETTLEMENT_ID, created);
    db.prepare("INSERT INTO child (customer_id, name, gender, birth_date) VALUES (?, 'Софія', 'girl', ?)").run(
      olena,
      isoAt(clock, -2 * 365 * 86_400).slice(0, 10),
    );

    db.prepare(
      'INSERT INTO bonus_member (customer_id, joined_at, accumulation_amount, level_valid_until) VALUES (?, ?, ?, ?)',
    ).run(olena, isoAt(clock, -300 * 86_400), 7420, isoAt(clock, 65 * 86_400).slice(0, 10));
    const bonus = createBonusRepository(db, clock);
    for (const line of HISTORY) {
      const at = -line.daysAgo * 86_400;
      const accrual = line.amount > 0 && line.order !== null;
      bonus.record(olena, {
        amount: line.amount,
        description: line.description,
        orderNumber: line.order,
        createdAt: isoAt(clock, at),
        availableAt: isoAt(clock, accrual ? at + RETURN_PERIOD_DAYS * 86_400 : at),
        expiresAt: line.amount > 0 ? isoAt(clock, at + 365 * 86_400) : null,
      });
    }
    return { users: 2 };
  });
}
