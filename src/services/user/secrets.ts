import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { str } from '../db/rows.ts';

/** A new opaque token (256 random bits, URL-safe): access, refresh, password and e-mail tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How a random token is stored: its SHA-256 (no key needed: 256 bits cannot be guessed or listed). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A one-time code of `length` digits from the CSPRNG (leading zeros kept). */
export function newCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/**
 * Hashes of one-time codes. A 6-digit code has only a million values, so a plain hash would be
 * reversed at once by whoever reads the table; an HMAC under the service's secret is not.
 */
export interface CodeHasher {
  hash(phone: string, code: string): string;
  matches(phone: string, code: string, stored: string): boolean;
}

/**
 * The HMAC key: `configured` when the operator gives one, else a random key made on first start and
 * kept in the service's database (one per database: a reseed makes a new one, which only spoils
 * codes in flight).
 */
export function createCodeHasher(db: DatabaseSync, configured?: string): CodeHasher {
  const key = configured ?? storedSecret(db);
  const hash = (phone: string, code: string) =>
    createHmac('sha256', key).update(`${phone}:${code}`).digest('base64url');
  return {
    hash,
    matches: (phone, code, stored) => {
      const a = Buffer.from(hash(phone, code));
      const b = Buffer.from(stored);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

function storedSecret(db: DatabaseSync): string {
  db.prepare("INSERT OR IGNORE INTO service_secret (name, value) VALUES ('otp', ?)").run(
    randomBytes(32).toString('base64url'),
  );
  const row = db.prepare("SELECT value FROM service_secret WHERE name = 'otp'").get();
  if (!row) throw new Error('the one-time code secret could not be stored');
  return str(row, 'value');
}
