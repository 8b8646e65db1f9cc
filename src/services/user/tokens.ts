import type { DatabaseSync } from 'node:sqlite';
import { ACCESS_TOKEN_TTL_S, OTP, REFRESH_TOKEN_TTL_S } from '../../api/schemas/user.ts';
import type { TokenPair } from '../../api/schemas/user.ts';
import { inTransaction } from '../db/database.ts';
import { num, str, strOrNull } from '../db/rows.ts';
import { isoAt } from './clock.ts';
import type { Clock } from './clock.ts';
import { newToken, tokenHash } from './secrets.ts';
import { unauthorized } from './userProblem.ts';

/**
 * Sign-in tokens (DESIGN §7). Both are opaque random strings stored as hashes with their expiry:
 * the access token lives ACCESS_TOKEN_TTL_S, the refresh token REFRESH_TOKEN_TTL_S. Each sign-in is a
 * family; a refresh spends its refresh token and gives the next pair of the same family. A spent
 * refresh token presented again means it was copied: the whole family (every access token too) is
 * revoked, so the thief and the shopper both have to sign in again.
 */

export interface Session {
  customerId: number;
  familyId: number;
}

export interface Tokens {
  /** A new sign-in of `customerId`: a new family and its first pair. */
  signIn(customerId: number): TokenPair & { familyId: number };
  /** The next pair for a refresh token; 401 when it is unknown, expired, spent or revoked. */
  refresh(refreshToken: string): TokenPair;
  /** The session of a live access token, or null. */
  authenticate(accessToken: string): Session | null;
  /** Signs out every other sign-in of the customer (after a password change). */
  revokeOthers(customerId: number, keepFamilyId: number, reason: string): void;
  /** The one-time token of `POST /public/register/change-password`, valid OTP.ttlSeconds. */
  issuePasswordToken(session: Session): string;
  /** Spends a password token; null when it is unknown, expired or spent. */
  usePasswordToken(token: string): Session | null;
}

export function createTokens(db: DatabaseSync, clock: Clock): Tokens {
  const newFamily = db.prepare('INSERT INTO token_family (customer_id, created_at) VALUES (?, ?) RETURNING id');
  const insertRefresh = db.prepare(
    'INSERT INTO refresh_token (token_hash, family_id, issued_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const insertAccess = db.prepare('INSERT INTO access_token (token_hash, family_id, expires_at) VALUES (?, ?, ?)');
  const findRefresh = db.prepare(
    `SELECT r.family_id, r.expires_at, r.replaced_at, f.revoked_at FROM refresh_token r
     JOIN token_family f ON f.id = r.family_id WHERE r.token_hash = ?`,
  );
  const spendRefresh = db.prepare(
    'UPDATE refresh_token SET replaced_at = ? WHERE token_hash = ? AND replaced_at IS NULL',
  );
  const revokeFamily = db.prepare(
    'UPDATE token_family SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const dropAccess = db.prepare('DELETE FROM access_token WHERE family_id = ?');
  const findAccess = db.prepare(
    `SELECT f.customer_id, f.id AS family_id FROM access_token a JOIN token_family f ON f.id = a.family_id
     WHERE a.token_hash = ? AND a.expires_at > ? AND f.revoked_at IS NULL`,
  );
  const otherFamilies = db.prepare(
    'SELECT id FROM token_family WHERE customer_id = ? AND id <> ? AND revoked_at IS NULL',
  );
  const purgeAccess = db.prepare('DELETE FROM access_token WHERE expires_at < ?');
  const insertPasswordToken = db.prepare(
    'INSERT INTO password_token (token_hash, customer_id, family_id, expires_at) VALUES (?, ?, ?, ?)',
  );
  const spendPasswordToken = db.prepare(
    `UPDATE password_token SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING customer_id, family_id`,
  );

  function pairFor(familyId: number): TokenPair {
    const token = newToken();
    const refreshToken = newToken();
    insertAccess.run(tokenHash(token), familyId, isoAt(clock, ACCESS_TOKEN_TTL_S));
    insertRefresh.run(tokenHash(refreshToken), familyId, isoAt(clock), isoAt(clock, REFRESH_TOKEN_TTL_S));
    return { token, refresh_token: refreshToken };
  }

  function revoke(familyId: number, reason: string): void {
    revokeFamily.run(isoAt(clock), reason, familyId);
    dropAccess.run(familyId);
  }

  return {
    signIn(customerId) {
      // No transaction of its own: callers sign in inside theirs (a confirmed registration).
      // Expired access tokens are worthless; clearing them here keeps the table small.
      purgeAccess.run(isoAt(clock));
      const row = newFamily.get(customerId, isoAt(clock));
      if (!row) throw new Error('no token family was created');
      const familyId = num(row, 'id');
      return { ...pairFor(familyId), familyId };
    },
    refresh(refreshToken) {
      const hash = tokenHash(refreshToken);
      const outcome = inTransaction(db, (): TokenPair | 'refused' => {
        const row = findRefresh.get(hash);
        if (!row || strOrNull(row, 'revoked_at') !== null) return 'refused';
        const familyId = num(row, 'family_id');
        if (strOrNull(row, 'replaced_at') !== null) {
          revoke(familyId, 'refresh token reused');
          return 'refused';
        }
        if (str(row, 'expires_at') <= isoAt(clock)) return 'refused';
        spendRefresh.run(isoAt(clock), hash);
        return pairFor(familyId);
      });
      // Thrown after the commit: the revocation of a reused family must stay.
      if (outcome === 'refused') throw unauthorized();
      return outcome;
    },
    authenticate(accessToken) {
      const row = findAccess.get(tokenHash(accessToken), isoAt(clock));
      return row ? { customerId: num(row, 'customer_id'), familyId: num(row, 'family_id') } : null;
    },
    revokeOthers(customerId, keepFamilyId, reason) {
      for (const row of otherFamilies.all(customerId, keepFamilyId)) revoke(num(row, 'id'), reason);
    },
    issuePasswordToken(session) {
      const token = newToken();
      insertPasswordToken.run(tokenHash(token), session.customerId, session.familyId, isoAt(clock, OTP.ttlSeconds));
      return token;
    },
    usePasswordToken(token) {
      const row = spendPasswordToken.get(isoAt(clock), tokenHash(token), isoAt(clock));
      return row ? { customerId: num(row, 'customer_id'), familyId: num(row, 'family_id') } : null;
    },
  };
}
