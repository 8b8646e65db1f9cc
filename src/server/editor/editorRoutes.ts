import type { APIContext, AstroGlobal } from 'astro';
import { createContentEditorApi } from '../../api/contentEditor.ts';
import { serviceUrls } from '../config.ts';
import { noStore } from '../cache/pageCache.ts';
import { sessionOf } from '../sessionStore/session.ts';
import { openNewRecord } from './editorPaths.ts';
import type { EditorOutcome, EditorRequest } from './editorScreen.ts';
import { editorToken, takeFlash } from './editorSessions.ts';
import { signIn, signOut } from './editorSignIn.ts';

/**
 * What the /editor routes call, and the only editor code that sees Astro: the request a screen
 * reads (editorScreen.ts) built from Astro's, and the screen's answer turned into what a page's
 * frontmatter returns. Usage:
 * `const model = await respondEditor(Astro, sliderEditor); if (model instanceof Response) return model;`
 */

/** Reads a form body; a body that is not a form counts as an empty form. */
async function formOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/** Editor pages are personal: never stored, never indexed. */
async function editorRequest(astro: AstroGlobal): Promise<EditorRequest> {
  noStore(astro);
  astro.response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  const session = sessionOf(astro);
  const token = await editorToken(session);
  const editor =
    token === null ? null : { api: createContentEditorApi(serviceUrls, token), flash: await takeFlash(session) };
  return {
    form: editor && astro.request.method === 'POST' ? await formOf(astro.request) : null,
    params: astro.params,
    query: astro.url.searchParams,
    t: astro.locals.t,
    session,
    editor,
    notFound: () => astro.rewrite('/404'),
  };
}

/** Seconds an editor is asked to wait after the content service failed a read. */
const RETRY_AFTER_S = 30;

/**
 * Runs a screen for this request: its model to render (with the screen's status, and Retry-After
 * after a failed read: a 503, never a 404, DESIGN §7), or the Response the frontmatter returns.
 */
export async function respondEditor<M>(
  astro: AstroGlobal,
  screen: (request: EditorRequest) => Promise<EditorOutcome<M>>,
): Promise<M | Response> {
  const outcome = await screen(await editorRequest(astro));
  if (outcome instanceof Response) return outcome;
  astro.response.status = outcome.status;
  if (outcome.retryLater) astro.response.headers.set('Retry-After', String(RETRY_AFTER_S));
  return outcome.model;
}

export async function signInRoute(context: APIContext): Promise<Response> {
  const judge = (token: string) => createContentEditorApi(serviceUrls, token).index();
  return signIn(await formOf(context.request), sessionOf(context), judge);
}

export function signOutRoute(context: APIContext): Response {
  return signOut(sessionOf(context));
}

export function openNewRoute(context: APIContext): Response {
  return openNewRecord(context.url.searchParams);
}
