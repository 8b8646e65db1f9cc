import type { APIRoute } from 'astro';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { createContentEditorApi, isTokenRefused } from '../../api/contentEditor.ts';
import { serviceUrls } from '../../server/config.ts';
import { startEditorSession } from '../../server/editor/editorSessions.ts';
import { sessionOf } from '../../server/http/session.ts';

const signInSchema = z.object({ token: z.string().trim().min(1).max(500) });

/**
 * `POST /editor/login` (form field `token`): the content service itself judges the token (one
 * list call), so the storefront never needs to know the CMS's secret. Astro's checkOrigin refuses
 * a cross-site form post before this runs. The token goes into the server-side session only.
 */
export const POST: APIRoute = async (context) => {
  const { request, redirect } = context;
  const form = await request.formData().catch(() => new FormData());
  const parsed = signInSchema.safeParse({ token: form.get('token') });
  if (!parsed.success) return redirect('/editor?error=token', 303);
  try {
    await createContentEditorApi(serviceUrls, parsed.data.token).index();
  } catch (error) {
    if (isTokenRefused(error)) return redirect('/editor?error=token', 303);
    if (!isApiError(error)) throw error;
    // The token could not be judged: say so on the sign-in form instead of an error page.
    return redirect('/editor?error=unavailable', 303);
  }
  await startEditorSession(sessionOf(context), parsed.data.token);
  return redirect('/editor', 303);
};
