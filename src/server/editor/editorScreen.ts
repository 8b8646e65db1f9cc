import type { AstroSession } from 'astro';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ContentEditorApi } from '../../api/contentEditor.ts';
import { endEditorSession } from './editorSessions.ts';
import type { EditorFlash } from './editorSessions.ts';
import type { StoredState } from './storedState.ts';

/**
 * What an /editor screen's loader reads of the request, and what it answers: no Astro global, so
 * every screen's loader and action runs (and is tested) without Astro. editorRoutes.ts builds the
 * request from Astro's and turns the answer into what a page's frontmatter returns.
 */

/** The session as a screen uses it: a save leaves its flash there; an expired token ends it. */
export type EditorSession = Pick<AstroSession, 'set' | 'destroy'>;

export interface SignedInEditor {
  /** The content service's editor API, acting with the editor's own token. */
  api: ContentEditorApi;
  /** The previous save's outcome, already taken from the session: shown now or never. */
  flash: EditorFlash | null;
}

export interface EditorRequest {
  /** The posted form; null for any other method, and for a visitor nobody signed in (whose body is never read). */
  form: FormData | null;
  /** The route's parameters, unparsed: each screen parses its own. */
  params: Readonly<Record<string, string | undefined>>;
  query: URLSearchParams;
  t: TFunction;
  session: EditorSession;
  /** Null: nobody is signed in. */
  editor: SignedInEditor | null;
  /** The site's 404 page (Astro rewrites to it, so the address stays). */
  notFound: () => Promise<Response>;
}

/**
 * The statuses a screen renders with: 400 for a form sent back with its errors (or a save the
 * service refused), 409 for a form shown for a state that changed meanwhile, 503 when the content
 * service did not answer the read.
 */
export type EditorStatus = 200 | 400 | 409 | 503;

export interface EditorScreen<M> {
  model: M;
  status: EditorStatus;
  /**
   * The content service did not answer a read: the response asks to come back later
   * (Retry-After), also when a malformed post makes the status a 400.
   */
  retryLater: boolean;
}

/** A redirect (after a save, to sign-in, sign-out) or the screen to render. */
export type EditorOutcome<M> = Response | EditorScreen<M>;

/** What every edit screen shows: the thing it edits, the last save's outcome and its form's state. */
export interface EditModel<P, T> {
  params: P;
  flash: EditorFlash | null;
  /** What the content service said is stored, read in this request. */
  stored: StoredState<T>;
  state: EditorFormState;
}

export interface EditorFormState {
  /** What the editor posted, shown again in the form (null on a plain visit). */
  submitted: FormData | null;
  /** Messages by field name. */
  errors: Record<string, string>;
  /** Why nothing was saved, when it is not one field's fault. */
  failure: string | null;
}

/** The state of a form on a plain visit: nothing posted, nothing wrong (a new object a request, never shared). */
export function untouched(): EditorFormState {
  return { submitted: null, errors: {}, failure: null };
}

/** An edit screen to render; a stored state the service did not answer for makes it a 503 unless said otherwise. */
export function editScreen<M extends EditModel<unknown, unknown>>(model: M, status?: EditorStatus): EditorScreen<M> {
  const unavailable = model.stored.kind === 'unavailable';
  return { model, status: status ?? (unavailable ? 503 : 200), retryLater: unavailable };
}

/** The redirect after a form post (post/redirect/get). */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location } });
}

/** Where an editor goes when the token stopped working: signed out, back to sign-in. */
export function signOutExpired(session: EditorSession): Response {
  endEditorSession(session);
  return seeOther('/editor?expired=1');
}

/**
 * The start of every edit screen: nobody signed in → back to sign-in; path params that do not
 * parse → the 404 page; else the signed-in editor and the params.
 */
export async function openEditScreen<S extends z.ZodType>(
  request: EditorRequest,
  params: S,
): Promise<Response | { editor: SignedInEditor; params: z.output<S> }> {
  if (!request.editor) return seeOther('/editor');
  const parsed = params.safeParse(request.params);
  if (!parsed.success) return request.notFound();
  return { editor: request.editor, params: parsed.data };
}
