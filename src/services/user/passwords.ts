import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt (memory-hard, in node:crypto, no native addon) with a random 16-byte salt
 * per password, stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later and old hashes
 * still verify. Comparison is constant-time.
 */

/**
 * OWASP names N=2^17 (128 MiB) as the minimum; 2^15 (32 MiB) keeps a sign-in at ~0.1 s on a laptop
 * core (~0.35 s on a busy CI box) and the server safe from a few parallel logins exhausting memory.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** N·r·128 bytes plus headroom; Node's default maxmem (32 MiB) is exactly what N=2^15 needs. */
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** A new hash of `password` with a fresh salt (`salt` only for the deterministic demo seed). */
export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const STORED = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/;

/** Whether `password` matches `stored`; a malformed stored hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const [, n, r, p, salt, hash] = match;
  const expected = Buffer.from(hash ?? '', 'base64url');
  const key = await derive(password, Buffer.from(salt ?? '', 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a password nobody has: verified against when the phone is unknown, so timing tells nothing. */
export const DUMMY_PASSWORD_HASH = hashPassword(randomBytes(18).toString('base64url'));
