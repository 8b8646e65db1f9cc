import { randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';

/**
 * Editor sign-in for /editor. The editor types the CMS token once; the server keeps it in memory
 * under a random session id and gives the browser only that id, in an HttpOnly, SameSite=Strict
 * cookie scoped to /editor. A restart signs everyone out, which is fine for a handful of editors.
 */
export interface EditorSession {
  token: string;
  expires: number;
  /** What the last save did, shown once on the next page (post/redirect/get). */
  flash: EditorFlash | null;
}

export interface EditorFlash {
  kind: 'saved' | 'deleted';
  what: string;
  savedAt: number;
  /** When the pages showing it were dropped from the route cache; null when no word came. */
  liveAt: number | null;
  /** Public pages where the change shows (links for the editor to check). */
  paths: string[];
}

export const EDITOR_COOKIE = 'cms_editor';
const LIFETIME_MS = 8 * 60 * 60 * 1000;
const MAX_SESSIONS = 100;
const sessions = new Map<string, EditorSession>();

function prune(now: number): void {
  for (const [id, session] of sessions) if (session.expires <= now) sessions.delete(id);
  // A flood of sign-ins must not grow memory without bound: the oldest sessions go first.
  while (sessions.size > MAX_SESSIONS) {
    const oldest = sessions.keys().next();
    if (oldest.done) break;
    sessions.delete(oldest.value);
  }
}

export function startEditorSession(cookies: AstroCookies, token: string, secure: boolean, now = Date.now()): void {
  prune(now);
  const id = randomBytes(32).toString('base64url');
  sessions.set(id, { token, expires: now + LIFETIME_MS, flash: null });
  cookies.set(EDITOR_COOKIE, id, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/editor',
    maxAge: LIFETIME_MS / 1000,
  });
}

export function editorSession(cookies: AstroCookies, now = Date.now()): EditorSession | null {
  const id = cookies.get(EDITOR_COOKIE)?.value;
  if (!id) return null;
  const session = sessions.get(id);
  if (!session || session.expires <= now) {
    sessions.delete(id);
    return null;
  }
  return session;
}

export function endEditorSession(cookies: AstroCookies): void {
  const id = cookies.get(EDITOR_COOKIE)?.value;
  if (id) sessions.delete(id);
  cookies.delete(EDITOR_COOKIE, { path: '/editor' });
}

/** Takes the flash message (it is shown once). */
export function takeFlash(session: EditorSession): EditorFlash | null {
  const flash = session.flash;
  session.flash = null;
  return flash;
}
