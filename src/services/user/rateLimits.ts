import type { DatabaseSync } from 'node:sqlite';
import { USER_ERROR, RESEND_SECONDS } from '../../api/schemas/user.ts';
import { num, str } from '../db/rows.ts';
import { isoAt, secondsUntil } from './clock.ts';
import type { Clock } from './clock.ts';
import { MESSAGES, UserProblem } from './userProblem.ts';

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

export interface RateLimits {
  /** Throws the 429 when another code may not be sent now to `phone` from `address`. */
  assertCodeAllowed(phone: string, address: string, registration: boolean): void;
  /** Counts a sent code; answers the resend timer (`diff`): seconds until the phone may have another. */
  recordCodeSent(phone: string, address: string): number;
  /** Throws the 429 when `phone` or `address` has used up its wrong passwords. */
  assertLoginAllowed(phone: string, address: string): void;
  recordLoginFailure(phone: string, address: string): void;
  /** Newsletter subscriptions per address: twenty an hour (1203). */
  assertSubscribeAllowed(address: string): void;
  recordSubscribe(address: string): void;
  /**
   * Counts a request that tells whether a phone has an account (check-exist, registration, recovery)
   * and throws 1203 past ten a minute or a hundred an hour from the address.
   */
  countLookup(address: string): void;
  /** Confirmation e-mails per shopper: one a minute (1202), ten an hour (1201). */
  assertEmailAllowed(customerId: number): void;
  recordEmailSent(customerId: number): void;
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
  const insert = db.prepare('INSERT INTO limit_event (kind, key, at) VALUES (?, ?, ?)');
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
    return new UserProblem(429, code, message, [{ field, message }], seconds);
  }

  function record(kind: Kind, key: string): void {
    insert.run(kind, key, isoAt(clock));
  }

  return {
    assertCodeAllowed(phone, address, registration) {
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
    },
    recordCodeSent(phone, address) {
      prune.run(isoAt(clock, -KEEP_SECONDS));
      record('code-phone', phone);
      record('code-address', address);
      return Math.max(wait('code-phone', phone, PHONE_MINUTE), wait('code-phone', phone, PHONE_HOUR));
    },
    assertLoginAllowed(phone, address) {
      const byPhone = wait('login-phone', phone, LOGIN_PHONE_HOUR);
      if (byPhone > 0) throw limited(USER_ERROR.hourlyLimit, MESSAGES.loginLimit, byPhone, 'login');
      const byAddress = wait('login-address', address, LOGIN_ADDRESS_HOUR);
      if (byAddress > 0) throw limited(USER_ERROR.requestLimit, MESSAGES.requestLimit, byAddress, 'login');
    },
    recordLoginFailure(phone, address) {
      prune.run(isoAt(clock, -KEEP_SECONDS));
      record('login-phone', phone);
      record('login-address', address);
    },
    assertSubscribeAllowed(address) {
      const seconds = wait('subscribe-address', address, SUBSCRIBE_ADDRESS_HOUR);
      if (seconds > 0) throw limited(USER_ERROR.requestLimit, MESSAGES.requestLimit, seconds, 'email');
    },
    recordSubscribe(address) {
      prune.run(isoAt(clock, -KEEP_SECONDS));
      record('subscribe-address', address);
    },
    countLookup(address) {
      const seconds = Math.max(
        wait('lookup-address', address, LOOKUP_ADDRESS_MINUTE),
        wait('lookup-address', address, LOOKUP_ADDRESS_HOUR),
      );
      if (seconds > 0) throw limited(USER_ERROR.requestLimit, MESSAGES.requestLimit, seconds, 'phone');
      prune.run(isoAt(clock, -KEEP_SECONDS));
      record('lookup-address', address);
    },
    assertEmailAllowed(customerId) {
      const key = String(customerId);
      const minute = wait('email-customer', key, EMAIL_MINUTE);
      if (minute > 0) throw limited(USER_ERROR.minuteLimit, MESSAGES.requestLimit, minute, 'email');
      const hour = wait('email-customer', key, EMAIL_HOUR);
      if (hour > 0) throw limited(USER_ERROR.hourlyLimit, MESSAGES.hourlyLimit, hour, 'email');
    },
    recordEmailSent(customerId) {
      prune.run(isoAt(clock, -KEEP_SECONDS));
      record('email-customer', String(customerId));
    },
  };
}
