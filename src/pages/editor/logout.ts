import type { APIRoute } from 'astro';
import { endEditorSession } from '../../server/editor/editorSessions.ts';
import { sessionOf } from '../../server/http/session.ts';

/** `POST /editor/logout`: deletes the editor's session (the stored one, not only the cookie). */
export const POST: APIRoute = (context) => {
  endEditorSession(sessionOf(context));
  return context.redirect('/editor', 303);
};
