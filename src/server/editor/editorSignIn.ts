import type { AstroSession } from 'astro';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { isTokenRefused } from '../../api/contentEditor.ts';
import { seeOther } from './editorScreen.ts';
import { endEditorSession, startEditorSession } from './editorSessions.ts';

const signInSchema = z.object({ token: z.string().trim().min(1).max(500) });

/**
 * `POST /editor/login` (form field `token`): the content service itself judges the token (`judge`,
 * one list call), so the storefront never needs to know the CMS's secret. Astro's checkOrigin
 * refuses a cross-site form post before this runs. The token goes into the server-side session only.
 */
export async function signIn(
  form: FormData,
  session: Pick<AstroSession, 'regenerate' | 'set'>,
  judge: (token: string) => Promise<unknown>,
): Promise<Response> {
  const parsed = signInSchema.safeParse({ token: form.get('token') });
  if (!parsed.success) return seeOther('/editor?error=token');
  try {
    await judge(parsed.data.token);
  } catch (error) {
    if (isTokenRefused(error)) return seeOther('/editor?error=token');
    if (!isApiError(error)) throw error;
    // The token could not be judged: say so on the sign-in form instead of an error page.
    return seeOther('/editor?error=unavailable');
  }
  await startEditorSession(session, parsed.data.token);
  return seeOther('/editor');
}

/** `POST /editor/logout`: deletes the editor's session (the stored one, not only the cookie). */
export function signOut(session: Pick<AstroSession, 'destroy'>): Response {
  endEditorSession(session);
  return seeOther('/editor');
}
