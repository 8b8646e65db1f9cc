import type { DatabaseSync } from 'node:sqlite';
import { USER_ERROR, RESEND_SECONDS } from '../../api/schemas/user.ts';
import { inTransaction } from '../db/database.ts';
import { num, str } from '../db/rows.ts';
import { isoAt, secondsUntil } from './clock.ts';
import type { Clock } from './clock.ts';
import { MESSAGES, UserProblem } from './userProblem.ts';
import { recordMetric } from '../../log/metricEvents.ts';

/**
 * Limits on what costs money or guards a secret (DESIGN §7; spec §8 codes 1102, 1201–1203):
 *
 * - SMS codes per phone: one a minute (1202, the resend timer's RESEND_SECONDS) and five an hour
 *   (1201; on the registration routes 1102 with the spec's 'Превышен лимит попыток регистрации.').
 * - SMS codes per client address, whatever the phone: five a minute and twenty an hour (1203), so one
 *   machine cannot spray codes over many phones.
 * - Wrong passwords per phone: ten an hour (1201), per address fifty an hour (1203): a password
 *   cannot be guessed faster than recovery by SMS would allow.
 * - Newsletter subscriptions per address: twenty an hour (1203).
 * - Requests that tell whether a phone has an account (check-exist, registration, recovery) per
 *   address: ten a minute and a hundred an hour (1203), so the accounts cannot be listed by script.
 * - Confirmation e-mails per shopper: one a minute (1202) and ten an hour (1201): the link cannot be
 *   used to flood someone's mailbox.
 *
 * All are 429 with Retry-After. Counters are rows of `limit_event` in the service's database, so
 * they hold across restarts and for every process sharing the database.
 *
 * Checking a limit and counting against it is one step (DESIGN §7): each `reserve…` runs the check
 * and the insert in one `BEGIN IMMEDIATE` transaction (or inside the caller's), with no await
 * between them. node:sqlite is synchronous, so within a process nothing runs in between, and the
 * immediate transaction holds the database's write lock against other processes: N parallel
 * attempts can never all pass a check that lets M < N through. What is counted before a slow step
 * (a password hash, an SMS gateway) is a reservation the caller may `release` when the step shows it
 * should not count.
 */

interface Window {
  seconds: number;
  max: number;
}

const PHONE_MINUTE: Window = { seconds: RESEND_SECONDS, max: 1 };
const PHONE_HOUR: Window = { seconds: 3600, max: 5 };
const ADDRESS_MINUTE_BASE: Window = { seconds: 60, max: 5 };
const ADDRESS_HOUR_BASE: Window = { seconds: 3600, max: 20 };
const LOGIN_PHONE_HOUR: Window = { seconds: 3600, max: 10 };
const LOGIN_ADDRESS_HOUR_BASE: Window = { seconds: 3600, max: 50 };
const SUBSCRIBE_ADDRESS_HOUR_BASE: Window = { seconds: 3600, max: 20 };
const LOOKUP_ADDRESS_MINUTE_BASE: Window = { seconds: 60, max: 10 };
const LOOKUP_ADDRESS_HOUR_BASE: Window = { seconds: 3600, max: 100 };
const EMAIL_MINUTE: Window = { seconds: 60, max: 1 };
const EMAIL_HOUR: Window = { seconds: 3600, max: 10 };
/** Longer than every window: older rows count for nothing and are deleted. */
const KEEP_SECONDS = 24 * 3600;

type Kind =
  | 'code-phone'
  | 'code-address'
  | 'login-phone'
  | 'login-address'
  | 'subscribe-address'
  | 'email-customer'
  | 'lookup-address';

/** What a `reserve…` counted: its rows, so that `release` takes back exactly these. */
export interface Reservation {
  readonly ids: readonly number[];
}

export interface RateLimits {
  /**
   * Checks the code limits of `phone` and `address` and counts one code, in one step (429 when over);
   * answers the resend timer (`diff`: seconds until the phone may have another) and the reservation.
   */
  reserveCode(phone: string, address: string, registration: boolean): { diff: number; reservation: Reservation };
  /**
   * Checks and counts one password attempt for `phone` and `address` (429 when either has used up
   * its wrong passwords). Counted before the password is checked: the caller releases it when the
   * password was right (or the attempt was no guess), so the count is of wrong passwords.
   */
  reserveLoginAttempt(phone: string, address: string): Reservation;
  /** Newsletter subscriptions per address: twenty an hour (1203); checked and counted in one step. */
  reserveSubscribe(address: string): Reservation;
  /**
   * Counts a request that tells whether a phone has an account (check-exist, registration, recovery)
   * and throws 1203 past ten a minute or a hundred an hour from the address; one step.
   */
  countLookup(address: string): void;
  /** Confirmation e-mails per shopper: one a minute (1202), ten an hour (1201); checked and counted in one step. */
  reserveEmail(customerId: number): Reservation;
  /** Takes back what a reservation counted (the thing it was for did not happen). */
  release(reservation: Reservation): void;
}

/**
 * `addressFactor` multiplies every per-address limit (codes, lookups, wrong passwords,
 * subscriptions), never a per-phone or per-shopper one: for an operator whose shoppers share one
 * address (a carrier's NAT), and for the e2e run, where every browser is 127.0.0.1.
 */
export function createRateLimits(db: DatabaseSync, clock: Clock, addressFactor = 1): RateLimits {
  const scaled = (window: Window): Window => ({ seconds: window.seconds, max: window.max * addressFactor });
  const ADDRESS_MINUTE = scaled(ADDRESS_MINUTE_BASE);
  const ADDRESS_HOUR = scaled(ADDRESS_HOUR_BASE);
  const LOGIN_ADDRESS_HOUR = scaled(LOGIN_ADDRESS_HOUR_BASE);
  const SUBSCRIBE_ADDRESS_HOUR = scaled(SUBSCRIBE_ADDRESS_HOUR_BASE);
  const LOOKUP_ADDRESS_MINUTE = scaled(LOOKUP_ADDRESS_MINUTE_BASE);
  const LOOKUP_ADDRESS_HOUR = scaled(LOOKUP_ADDRESS_HOUR_BASE);
  const insert = db.prepare('INSERT INTO limit_event (kind, key, at) VALUES (?, ?, ?) RETURNING id');
  const remove = db.prepare('DELETE FROM limit_event WHERE id = ?');
  const prune = db.prepare('DELETE FROM limit_event WHERE at < ?');
  const inWindow = db.prepare(
    'SELECT count(*) AS n, min(at) AS oldest FROM limit_event WHERE kind = ? AND key = ? AND at > ?',
  );

  /** Seconds until `window` lets one more through for `key` (0: it does now). */
  function wait(kind: Kind, key: string, window: Window): number {
    const row = inWindow.get(kind, key, isoAt(clock, -window.seconds));
    if (!row || num(row, 'n') < window.max) return 0;
    return Math.max(
      1,
      secondsUntil(clock, new Date(Date.parse(str(row, 'oldest')) + window.seconds * 1000).toISOString()),
    );
  }

  function limited(code: number, message: string, seconds: number, field: string): UserProblem {
    recordMetric({ name: 'rateLimited', limiter: 'user' });
    return new UserProblem(429, code, message, [{ field, message }], seconds);
  }

  /** Counts one event for each `[kind, key]`; answers the rows as the reservation. */
  function record(...events: readonly (readonly [Kind, string])[]): Reservation {
    prune.run(isoAt(clock, -KEEP_SECONDS));
    const ids = events.map(([kind, key]) => {
      const row = insert.get(kind, key, isoAt(clock));
      if (!row) throw new Error('limit_event: the insert answered no id');
      return num(row, 'id');
    });
    return { ids };
  }

  /** The check and the count as one transaction (the caller's, when it has one open). */
  function atomically<T>(work: () => T): T {
    return db.isTransaction ? work() : inTransaction(db, work);
  }

  return {
    reserveCode(phone, address, registration) {
      return atomically(() => {
        const minute = wait('code-phone', phone, PHONE_MINUTE);
        if (minute > 0) throw limited(USER_ERROR.minuteLimit, MESSAGES.minuteLimit(minute), minute, 'phone');
        const hour = wait('code-phone', phone, PHONE_HOUR);
        if (hour > 0) {
          throw registration
            ? limited(USER_ERROR.registrationLimit, MESSAGES.registrationLimit, hour, 'phone')
            : limited(USER_ERROR.hourlyLimit, MESSAGES.hourlyLimit, hour, 'phone');
        }
        const fromAddress = Math.max(
          wait('code-address', address, ADDRESS_MINUTE),
          wait('code-address', address, ADDRESS_HOUR),
        );
        if (fromAddress > 0) throw limited(USER_ERROR.requestLimit, MESSAGES.requestLimit, fromAddress, 'phone');
        const reservation = record(['code-phone', phone], ['code-address', address]);
        const diff = Math.max(wait('code-phone', phone, PHONE_MINUTE), wait('code-phone', phone, PHONE_HOUR));
        return { diff, reservation };
      });
    },
    reserveLoginAttempt(phone, address) {
      return atomically(() => {
        const byPhone = wait('login-phone', phone, LOGIN_PHONE_HOUR);
        if (byPhone > 0) throw limited(USER_ERROR.hourlyLimit, MESSAGES.loginLimit, byPhone, 'login');
        const byAddress = wait('login-address', address, LOGIN_ADDRESS_HOUR);
        if (byAddress > 0) throw limited(USER_ERROR.requestLimit, MESSAGES.requestLimit, byAddress, 'login');
        return record(['login-phone', phone], ['login-address', address]);
      });
    },
    reserveSubscribe(address) {
      return atomically(() => {
        const seconds = wait('subscribe-address', address, SUBSCRIBE_ADDRESS_HOUR);
        if (seconds > 0) throw limited(USER_ERROR.requestLimit, MESSAGES.requestLimit, seconds, 'email');
        return record(['subscribe-address', address]);
      });
    },
    countLookup(address) {
      atomically(() => {
        const seconds = Math.max(
          wait('lookup-address', address, LOOKUP_ADDRESS_MINUTE),
          wait('lookup-address', address, LOOKUP_ADDRESS_HOUR),
        );
        if (seconds > 0) throw limited(USER_ERROR.requestLimit, MESSAGES.requestLimit, seconds, 'phone');
        record(['lookup-address', address]);
      });
    },
    reserveEmail(customerId) {
      const key = String(customerId);
      return atomically(() => {
        const minute = wait('email-customer', key, EMAIL_MINUTE);
        if (minute > 0) throw limited(USER_ERROR.minuteLimit, MESSAGES.requestLimit, minute, 'email');
        const hour = wait('email-customer', key, EMAIL_HOUR);
        if (hour > 0) throw limited(USER_ERROR.hourlyLimit, MESSAGES.hourlyLimit, hour, 'email');
        return record(['email-customer', key]);
      });
    },
    release(reservation) {
      atomically(() => {
        for (const id of reservation.ids) remove.run(id);
      });
    },
  };
}
