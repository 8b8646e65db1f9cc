import type { AstroSession } from 'astro';
import { z } from 'zod';

/**
 * Editor sign-in through Astro's session API (DESIGN §7): the storage driver is config
 * (`session` in astro.config.mjs: SQLite in DATA_DIR, Redis when there are several processes) and the
 * browser holds only Astro's random session id, in an HttpOnly cookie; the CMS token stays on
 * the server. Only the /editor routes call into this module: a public page that touched the
 * session could set a cookie, and a response that sets a cookie must never enter the route cache.
 */

/** How long a sign-in lasts (seconds), counted from the sign-in, not from the last request. */
export const EDITOR_SESSION_TTL_S = 8 * 60 * 60;

const EDITOR_KEY = 'editor';
const FLASH_KEY = 'editorFlash';

/** Session data is read back from a store that another process or an older build may have written. */
const editorSignInSchema = z.object({ token: z.string().min(1), signedInAt: z.number() });
type EditorSignIn = z.infer<typeof editorSignInSchema>;

/** What the last save did, shown once on the next page (post/redirect/get). */
export const editorFlashSchema = z.object({
  kind: z.enum(['saved', 'deleted']),
  what: z.string(),
  savedAt: z.number(),
  /** When the pages showing it were dropped from the route cache; null when no word came. */
  liveAt: z.number().nullable(),
  /** Public pages where the change shows (links for the editor to check). */
  paths: z.array(z.string()),
});
export type EditorFlash = z.infer<typeof editorFlashSchema>;

/** Signs the editor in with a token the content service has accepted. */
export async function startEditorSession(
  session: Pick<AstroSession, 'regenerate' | 'set'>,
  token: string,
  now = Date.now(),
): Promise<void> {
  // A new id at sign-in: an id planted in the browser beforehand (session fixation) never becomes
  // a signed-in one.
  await session.regenerate();
  session.set<EditorSignIn>(EDITOR_KEY, { token, signedInAt: now }, { ttl: EDITOR_SESSION_TTL_S });
}

/** The signed-in editor's CMS token, or null (not signed in, sign-in expired, unreadable data). */
export async function editorToken(session: AstroSession): Promise<string | null> {
  const parsed = editorSignInSchema.safeParse(await session.get<unknown>(EDITOR_KEY));
  return parsed.success ? parsed.data.token : null;
}

/** Sign-out: the stored session is deleted (not just forgotten by the browser) and the cookie cleared. */
export function endEditorSession(session: Pick<AstroSession, 'destroy'>): void {
  session.destroy();
}

/** Keeps a save's outcome for the next page. */
export function setFlash(session: Pick<AstroSession, 'set'>, flash: EditorFlash): void {
  session.set<EditorFlash>(FLASH_KEY, flash, { ttl: EDITOR_SESSION_TTL_S });
}

/** Takes the flash message (it is shown once). */
export async function takeFlash(session: AstroSession): Promise<EditorFlash | null> {
  const stored = await session.get<unknown>(FLASH_KEY);
  if (stored === undefined) return null;
  session.delete(FLASH_KEY);
  const parsed = editorFlashSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
