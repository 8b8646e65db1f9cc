import { z } from 'zod';

/**
 * Astro writes a session whenever a request changed it, even when the change was a delete in a
 * session that never existed (the no-JS basket's "remove" with no basket, a flash taken on a page
 * nobody signed in to): then it stores an empty map under a fresh random id that no cookie names.
 * The drivers keep no such row (an empty session holds nothing worth a row, and a stored one that
 * became empty is removed instead), so no anonymous request leaves anything behind.
 */

/** devalue's spelling of an empty Map (Astro serialises the session's Map with devalue). */
const emptyMapSchema = z.tuple([z.tuple([z.literal('Map')])]);

export function isEmptySession(serialized: string): boolean {
  // A session with anything in it is far longer; skip parsing every ordinary write.
  if (serialized.length > 32) return false;
  try {
    return emptyMapSchema.safeParse(JSON.parse(serialized)).success;
  } catch {
    return false;
  }
}
