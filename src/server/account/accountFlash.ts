import { z } from 'zod';
import type { SessionStore } from '../session/authContext.ts';

/**
 * The one-time message an account form post leaves for the page it returns to (303, post/redirect/
 * get): done, or the problems per field with what was typed (passwords never), so the page shows
 * them and nothing typed is lost. Kept in the shopper's session, read once.
 */

const FLASH_KEY = 'accountFlash';
/** Long enough for a slow phone to follow the redirect; a flash nobody came back for then goes. */
const FLASH_TTL_S = 10 * 60;

const flashSchema = z.object({
  /** The form it belongs to (its id on the page). */
  form: z.string(),
  ok: z.boolean(),
  message: z.string(),
  fields: z.record(z.string(), z.string()),
  values: z.record(z.string(), z.string()),
});
export type AccountFlash = z.infer<typeof flashSchema>;

export function keepFlash(session: Pick<SessionStore, 'set'>, flash: AccountFlash): void {
  session.set(FLASH_KEY, flash, { ttl: FLASH_TTL_S });
}

/** The flash left for this page view, removed as it is read (a reload shows the page without it). */
export async function takeFlash(session: Pick<SessionStore, 'get' | 'has' | 'delete'>): Promise<AccountFlash | null> {
  if (!(await session.has(FLASH_KEY))) return null;
  const parsed = flashSchema.safeParse(await session.get(FLASH_KEY));
  session.delete(FLASH_KEY);
  return parsed.success ? parsed.data : null;
}
