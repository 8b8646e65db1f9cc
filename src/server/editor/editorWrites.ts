import type { TFunction } from 'i18next';
import { isApiError } from '../../api/apiError.ts';
import { isTokenRefused } from '../../api/contentEditor.ts';
import type { ContentChange } from '../../api/contentChanges.ts';
import { revalidatedSince } from '../cache/revalidationLog.ts';
import { seeOther, signOutExpired } from './editorScreen.ts';
import type { EditorRequest, EditorSession, EditorStatus } from './editorScreen.ts';
import { setFlash } from './editorSessions.ts';
import type { EditorFlash } from './editorSessions.ts';
import { expectedStateSchema, failureReason, readStored, writeRefusal } from './storedState.ts';
import type { StoredState } from './storedState.ts';

/**
 * The round of an editor write, the same on every screen: the read first, the check just before
 * the write, the write, and the flash that says when the change reached the site.
 */

/**
 * Reads what an edit screen edits, first thing on GET and on POST alike (the rule is in
 * storedState.ts: only the service's 404 means "new"). A refused token signs the editor out; any
 * other failure is kept as 'unavailable', which makes the screen a 503 with no form (DESIGN §7).
 */
export async function loadStored<T>(
  session: EditorSession,
  read: () => Promise<T | null>,
): Promise<Response | StoredState<T>> {
  const stored = await readStored(read);
  if (stored.kind === 'unavailable' && isTokenRefused(stored.error)) return signOutExpired(session);
  return stored;
}

/** Why a posted form was not sent, and the status the screen answers with. */
export interface Refusal {
  status: EditorStatus;
  message: string;
}

/**
 * The check just before a write (storedState.ts, writeRefusal): null when the write may be sent.
 * A form that states no valid belief is not one of ours (400); an unreadable thing keeps the
 * screen's 503; one created or deleted since the form was shown is a 409, and the form is shown
 * again with the current state, so a second save is the editor's informed choice.
 */
export function refusedWrite(
  t: TFunction,
  stored: StoredState<unknown>,
  submitted: FormData,
  what: string,
): Refusal | null {
  const expected = expectedStateSchema.safeParse(submitted.get('expected'));
  if (!expected.success) return { status: 400, message: t('editor.unknownAction') };
  const refusal = writeRefusal(stored, expected.data);
  if (refusal === null) return null;
  if (refusal === 'unavailable') return { status: 503, message: t('editor.saveRefused') };
  return { status: 409, message: t(`editor.${refusal}`, { what }) };
}

/** What a failed save tells the editor (the service's own message when it gave one). */
export function saveErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.kind === 'http' && error.serviceMessage) return error.serviceMessage;
  return t('editor.unreachable', { kind: failureReason(error, t) });
}

/** One write of a screen: what it does to what, what it invalidates, and where the editor goes after. */
export interface EditorWrite {
  kind: EditorFlash['kind'];
  /** How the flash names the thing. */
  what: string;
  change: ContentChange;
  run: () => Promise<unknown>;
  /** Where a successful write returns to. */
  then: string;
}

/**
 * Sends one editor write and records, for the next page, when it was saved and when the site
 * dropped the cached pages that showed the old version. The content service calls the revalidation
 * endpoint before it answers the write, so by the time `run` resolves the log already holds the
 * invalidation; if no word came (a misconfigured hook), the flash says so instead of pretending.
 * Answers the redirect (saved; or signed out when the token stopped working), else what to tell
 * the editor.
 */
export async function sendWrite(
  request: Pick<EditorRequest, 'session' | 't'>,
  write: EditorWrite,
): Promise<Response | string> {
  const savedAt = Date.now();
  try {
    await write.run();
  } catch (error) {
    if (isTokenRefused(error)) return signOutExpired(request.session);
    return saveErrorMessage(error, request.t);
  }
  const [tag] = write.change.tags;
  const live = tag === undefined ? null : revalidatedSince(tag, savedAt);
  setFlash(request.session, {
    kind: write.kind,
    what: write.what,
    savedAt,
    liveAt: live?.at ?? null,
    paths: write.change.paths,
  });
  return seeOther(write.then);
}
