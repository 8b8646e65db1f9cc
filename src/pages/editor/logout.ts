import type { APIRoute } from 'astro';
import { endEditorSession } from '../../server/editor/editorSessions.ts';

/** `POST /editor/logout`: forgets the editor's session. */
export const POST: APIRoute = ({ cookies, redirect }) => {
  endEditorSession(cookies);
  return redirect('/editor', 303);
};
