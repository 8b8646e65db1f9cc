import type { DatabaseSync } from 'node:sqlite';
import { OTP, USER_ERROR } from '../../api/schemas/user.ts';
import type { OauthProvider } from '../../api/schemas/user.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import { isoAt } from './clock.ts';
import type { Clock } from './clock.ts';
import { newCode } from './secrets.ts';
import type { CodeHasher } from './secrets.ts';
import { MESSAGES, UserProblem } from './userProblem.ts';

/**
 * One-time SMS codes (DESIGN §7): OTP.length digits from the CSPRNG, stored as an HMAC, valid
 * OTP.ttlSeconds, OTP.maxAttempts wrong tries and then dead (1204 until a new code is sent). A new
 * code for a phone replaces the phone's earlier one, so only the latest SMS works.
 */

export type CodePurpose = 'register' | 'recovery';

export interface ConfirmedCode {
  purpose: CodePurpose;
  /** The provider's account a social registration links once the phone is confirmed. */
  oauth: { provider: OauthProvider; oauthId: string } | null;
}

export interface Otp {
  /** Makes the phone's new code (the caller sends it); answers the code in the clear, once. */
  issue(phone: string, purpose: CodePurpose, oauth?: ConfirmedCode['oauth']): string;
  /**
   * Checks `code` against the phone's latest code: spends it when right, counts a wrong try
   * otherwise (committed even though the call then throws 1204).
   */
  confirm(phone: string, code: string): ConfirmedCode;
  /** Retires the phone's open code (its SMS could not be sent: a code nobody was told must not work). */
  withdraw(phone: string): void;
}

function wrongCode(message: string): UserProblem {
  return new UserProblem(400, USER_ERROR.wrongCode, message, [{ field: 'token', message }]);
}

function isProvider(value: string | null): value is OauthProvider {
  return value === 'google' || value === 'facebook';
}

export function createOtp(db: DatabaseSync, hasher: CodeHasher, clock: Clock): Otp {
  const retire = db.prepare('UPDATE otp_challenge SET consumed_at = ? WHERE phone = ? AND consumed_at IS NULL');
  const insert = db.prepare(
    `INSERT INTO otp_challenge (phone, purpose, code_hash, oauth_provider, oauth_id, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const latest = db.prepare(
    `SELECT id, purpose, code_hash, attempts, oauth_provider, oauth_id, expires_at FROM otp_challenge
     WHERE phone = ? AND consumed_at IS NULL ORDER BY id DESC LIMIT 1`,
  );
  const countTry = db.prepare('UPDATE otp_challenge SET attempts = attempts + 1 WHERE id = ?');
  const spend = db.prepare('UPDATE otp_challenge SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL');

  return {
    issue(phone, purpose, oauth = null) {
      const code = newCode(OTP.length);
      const at = isoAt(clock);
      retire.run(at, phone);
      insert.run(
        phone,
        purpose,
        hasher.hash(phone, code),
        oauth?.provider ?? null,
        oauth?.oauthId ?? null,
        at,
        isoAt(clock, OTP.ttlSeconds),
      );
      return code;
    },
    confirm(phone, code) {
      const row = latest.get(phone);
      if (!row || str(row, 'expires_at') <= isoAt(clock)) throw wrongCode(MESSAGES.codeMissing);
      const id = num(row, 'id');
      const attempts = num(row, 'attempts');
      if (attempts >= OTP.maxAttempts) throw wrongCode(MESSAGES.codeExhausted);
      if (!hasher.matches(phone, code, str(row, 'code_hash'))) {
        countTry.run(id);
        throw wrongCode(attempts + 1 >= OTP.maxAttempts ? MESSAGES.codeExhausted : MESSAGES.wrongCode);
      }
      // Spent at most once even if two confirmations race: the second finds it consumed.
      if (spend.run(isoAt(clock), id).changes !== 1) throw wrongCode(MESSAGES.codeMissing);
      const purpose = str(row, 'purpose') === 'recovery' ? 'recovery' : 'register';
      const provider = strOrNull(row, 'oauth_provider');
      const oauthId = strOrNull(row, 'oauth_id');
      return { purpose, oauth: isProvider(provider) && oauthId !== null ? { provider, oauthId } : null };
    },
    withdraw(phone) {
      retire.run(isoAt(clock), phone);
    },
  };
}
