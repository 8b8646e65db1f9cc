import { isIP } from 'node:net';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { SessionDatabase } from './sessionDatabase.ts';

/**
 * How many new sessions each client address started in the last window (DESIGN §7: a limit is
 * checked and recorded in one atomic step). Kept with the sessions, not in this process's memory:
 * in the sessions' SQLite file without Redis (so it holds across a restart and across processes
 * sharing the file), in Redis with it (so it holds across every worker). Either way it is bounded:
 * one row or key per address, dropped once its window is over.
 */

/**
 * New sessions one address may start per window, by default. Generous on purpose: a mobile
 * carrier's NAT puts many shoppers behind one IPv4 address, and each shopper starts a session only
 * by doing something that needs one (a sign-in, a first no-JavaScript basket line, a social
 * sign-in's return). A script needs hundreds an hour to fill the disk; shoppers behind one address
 * hardly start 300 an hour. `SESSION_CREATION_LIMIT` changes it.
 */
export const DEFAULT_CREATION_LIMIT = 300;
export const CREATION_WINDOW_MS = 60 * 60 * 1000;

export interface CreationVerdict {
  allowed: boolean;
  /** Whole seconds until the address's window is over (for Retry-After). */
  retryAfterS: number;
}

export interface SessionCreations {
  /** Counts one new session of `address` (see addressGroup); refused past the limit. */
  record(address: string): Promise<CreationVerdict>;
}

interface Limits {
  limit: number;
  windowMs: number;
  now?: () => number;
}

/**
 * The key an address is counted under: an IPv4 address as it is; an IPv6 address by its /64, the
 * network one subscriber is given (counting each address of it would let one phone start
 * sessions from 2^64 addresses); no address at all (an adapter that cannot tell) as one group.
 */
export function addressGroup(address: string | null): string {
  if (address === null || address === '') return 'unknown';
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  // `::` stands for as many zero groups as are missing; a dotted IPv4 tail fills two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const missing = Math.max(0, 8 - width(left) - width(right));
  const groups = address.includes('::') ? [...left, ...Array<string>(missing).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const retryAfter = (msLeft: number) => Math.max(1, Math.ceil(msLeft / 1000));

const countRowSchema = z.object({ count: z.number().int(), window_start: z.number().int() });

/** The counter in the sessions' SQLite file (created, like a session, only when one is started). */
export function sqliteSessionCreations(database: SessionDatabase, limits: Limits): SessionCreations {
  const now = limits.now ?? Date.now;
  let lastSweep = Number.NEGATIVE_INFINITY;
  return {
    record(address) {
      const at = now();
      const db = database.open();
      // One statement: a new window, or one more in the current one, never two writers' lost update.
      const row = db
        .prepare(
          `INSERT INTO session_creation (address, window_start, count) VALUES (:address, :at, 1)
           ON CONFLICT (address) DO UPDATE SET
             count = CASE WHEN window_start <= :at - :window THEN 1 ELSE count + 1 END,
             window_start = CASE WHEN window_start <= :at - :window THEN :at ELSE window_start END
           RETURNING count, window_start`,
        )
        .get({ address, at, window: limits.windowMs });
      if (at - lastSweep >= limits.windowMs) {
        lastSweep = at;
        db.prepare('DELETE FROM session_creation WHERE window_start <= ?').run(at - limits.windowMs);
      }
      const counted = countRowSchema.parse(row);
      return Promise.resolve({
        allowed: counted.count <= limits.limit,
        retryAfterS: retryAfter(counted.window_start + limits.windowMs - at),
      });
    },
  };
}

/** INCR, and the window's expiry on the first one, in one step; answers the count and the time left. */
const COUNT_SCRIPT = `
  local count = redis.call('INCR', KEYS[1])
  if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return {count, redis.call('PTTL', KEYS[1])}
`;
const scriptAnswerSchema = z.tuple([z.number().int(), z.number().int()]);

/** The counter in Redis, shared by every process of the shop. */
export function redisSessionCreations(redis: Redis, limits: Limits): SessionCreations {
  return {
    async record(address) {
      const answer = await redis.eval(COUNT_SCRIPT, 1, `bbs:session-creations:${address}`, String(limits.windowMs));
      const [count, msLeft] = scriptAnswerSchema.parse(answer);
      return { allowed: count <= limits.limit, retryAfterS: retryAfter(msLeft > 0 ? msLeft : limits.windowMs) };
    },
  };
}
