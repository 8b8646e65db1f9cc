import type { TFunction } from 'i18next';
import { z } from 'zod';
import { isTokenRefused } from '../../api/contentEditor.ts';
import type { EditorIndex } from '../../api/schemas/contentEditor.ts';
import { editorListSections } from './editorList.ts';
import type { EditorListSection } from './editorList.ts';
import { signOutExpired } from './editorScreen.ts';
import type { EditorOutcome, EditorRequest } from './editorScreen.ts';
import type { EditorFlash } from './editorSessions.ts';
import { failureReason } from './storedState.ts';

/** `/editor`, the editor's start: the sign-in form, or the list of everything editable with the "create" form. */
export type EditorHomeModel =
  | {
      signedIn: false;
      signInError: string | null;
    }
  | {
      signedIn: true;
      flash: EditorFlash | null;
      failure: string | null;
      /** Null when the list could not be read. */
      sections: EditorListSection[] | null;
    };

/** `?error=` as sign-in redirects with it (editorSignIn.ts). */
const signInErrorSchema = z.enum(['token', 'unavailable']);

/** What the sign-in form says first: why the last sign-in did not work, or that the token expired. */
function signInError(query: URLSearchParams, t: TFunction): string | null {
  const error = signInErrorSchema.safeParse(query.get('error'));
  if (error.success) return t(error.data === 'token' ? 'editor.badToken' : 'editor.signInUnavailable');
  return query.has('expired') ? t('editor.expired') : null;
}

export async function editorHome(request: EditorRequest): Promise<EditorOutcome<EditorHomeModel>> {
  const { t, editor, query } = request;
  if (!editor)
    return { model: { signedIn: false, signInError: signInError(query, t) }, status: 200, retryLater: false };
  const { flash } = editor;
  let index: EditorIndex;
  try {
    index = await editor.api.index();
  } catch (error) {
    if (isTokenRefused(error)) return signOutExpired(request.session);
    // Without the list there is nothing to open or create from; a 503, as for every outage.
    const failure = t('editor.indexFailed', { reason: failureReason(error, t) });
    return { model: { signedIn: true, flash, failure, sections: null }, status: 503, retryLater: true };
  }
  return {
    model: { signedIn: true, flash, failure: null, sections: editorListSections(index, t) },
    status: 200,
    retryLater: false,
  };
}
