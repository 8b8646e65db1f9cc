import type { APIRoute } from 'astro';
import { z } from 'zod';
import { serviceBaseUrls } from '../../api/config.ts';
import { createContentEditorApi, isTokenRefused } from '../../api/contentEditor.ts';
import { startEditorSession } from '../../server/editor/editorSessions.ts';

const signInSchema = z.object({ token: z.string().trim().min(1).max(500) });
const baseUrls = serviceBaseUrls(process.env);

/**
 * `POST /editor/login` (form field `token`): the content service itself judges the token (one
 * list call), so the storefront never needs to know the CMS's secret. Astro's checkOrigin refuses
 * a cross-site form post before this runs.
 */
export const POST: APIRoute = async ({ request, cookies, redirect, url }) => {
  const form = await request.formData().catch(() => new FormData());
  const parsed = signInSchema.safeParse({ token: form.get('token') });
  if (!parsed.success) return redirect('/editor?error=token', 303);
  try {
    await createContentEditorApi(baseUrls, parsed.data.token).index();
  } catch (error) {
    if (isTokenRefused(error)) return redirect('/editor?error=token', 303);
    throw error;
  }
  startEditorSession(cookies, parsed.data.token, url.protocol === 'https:');
  return redirect('/editor', 303);
};
