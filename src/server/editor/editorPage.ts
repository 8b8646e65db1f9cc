import type { AstroGlobal, AstroSession } from 'astro';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { createContentEditorApi, isTokenRefused } from '../../api/contentEditor.ts';
import type { ContentEditorApi } from '../../api/contentEditor.ts';
import { contentSlugSchema } from '../../api/schemas/content.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import { type Locale } from '../../api/schemas/common.ts';
import type { ContentChange } from '../../api/contentChanges.ts';
import type { FormResult } from '../../domain/content/editorForms.ts';
import { editorToken, endEditorSession, setFlash, takeFlash } from './editorSessions.ts';
import type { EditorFlash } from './editorSessions.ts';
import { expectedStateSchema, failureReason, readStored, writeRefusal } from './storedState.ts';
import type { StoredState } from './storedState.ts';
import { serviceUrls } from '../config.ts';
import { noStore } from '../http/pageCache.ts';
import { revalidatedSince } from '../http/revalidationLog.ts';
import { sessionOf } from '../http/session.ts';

/**
 * Shared plumbing of the /editor pages: the signed-in editor's API client, the post/redirect/get
 * round of a save, and how long the change took to reach the site.
 */
export interface EditorContext {
  api: ContentEditorApi;
  session: AstroSession;
  /** The previous save's outcome, shown once. */
  flash: EditorFlash | null;
  t: TFunction;
}

/** Editor pages are personal: never stored, never indexed. Null means "not signed in". */
export async function editorContext(astro: AstroGlobal): Promise<EditorContext | null> {
  noStore(astro);
  astro.response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  const session = sessionOf(astro);
  const token = await editorToken(session);
  if (token === null) return null;
  return {
    api: createContentEditorApi(serviceUrls, token),
    session,
    flash: await takeFlash(session),
    t: astro.locals.t,
  };
}

export const editorScopedParams = z.object({ slug: contentSlugSchema, locale: localeSchema });
export const editorSlugParams = z.object({ slug: contentSlugSchema });

/** What a failed save tells the editor (the service's own message when it gave one). */
export function saveErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.kind === 'http' && error.serviceMessage) return error.serviceMessage;
  return t('editor.unreachable', { kind: failureReason(error, t) });
}

export type SaveOutcome = { ok: true } | { ok: false; expired: boolean; message: string };

/**
 * Runs one editor write and records, for the next page, when it was saved and when the site
 * dropped the cached pages that showed the old version. The content service calls the revalidation
 * endpoint before it answers the save, so by the time `run` resolves the log already holds the
 * invalidation; if no word came (a misconfigured hook), the flash says so instead of pretending.
 */
export async function saveChange(
  ctx: EditorContext,
  kind: EditorFlash['kind'],
  what: string,
  change: ContentChange,
  run: () => Promise<unknown>,
): Promise<SaveOutcome> {
  const savedAt = Date.now();
  try {
    await run();
  } catch (error) {
    return { ok: false, expired: isTokenRefused(error), message: saveErrorMessage(error, ctx.t) };
  }
  const [tag] = change.tags;
  const live = tag === undefined ? null : revalidatedSince(tag, savedAt);
  setFlash(ctx.session, { kind, what, savedAt, liveAt: live?.at ?? null, paths: change.paths });
  return { ok: true };
}

/** Where an editor goes when the token stopped working: signed out, back to sign-in. */
export function signOutExpired(astro: AstroGlobal): Response {
  endEditorSession(sessionOf(astro));
  return astro.redirect('/editor?expired=1', 303);
}

/** Reads a page's form body; a body that is not a form counts as an empty form. */
export async function formOf(astro: AstroGlobal): Promise<FormData> {
  try {
    return await astro.request.formData();
  } catch {
    return new FormData();
  }
}

export type { Locale };

/** URLs of the editor's own pages. */
export const editorPaths = {
  block: (slug: string, locale: Locale) => `/editor/block/${encodeURIComponent(slug)}/${locale}`,
  page: (slug: string, locale: Locale) => `/editor/page/${encodeURIComponent(slug)}/${locale}`,
  slider: (slug: string, locale: Locale) => `/editor/slider/${encodeURIComponent(slug)}/${locale}`,
  post: (group: 0 | 1, slug: string) => `/editor/post/${group === 1 ? 'news' : 'blog'}/${encodeURIComponent(slug)}`,
  promotion: (slug: string) => `/editor/promotion/${encodeURIComponent(slug)}`,
};

/** The value a field shows: what the editor just submitted (after an error), else the stored one. */
export function formValue(submitted: FormData | null, name: string, stored: string | null | undefined): string {
  const given = submitted?.get(name);
  return typeof given === 'string' ? given : (stored ?? '');
}

/** Seconds an editor is asked to wait after the content service failed a read. */
const RETRY_AFTER_S = 30;

/** A page the content service could not answer for: 503 with Retry-After, never a 404 (DESIGN §7). */
export function markUnavailable(astro: AstroGlobal): void {
  astro.response.status = 503;
  astro.response.headers.set('Retry-After', String(RETRY_AFTER_S));
}

/**
 * Reads what an edit page edits, first thing on GET and on POST alike (the rule is in
 * storedState.ts: only the service's 404 means "new"). A refused token signs the editor out; any
 * other failure makes the page a 503 with Retry-After (DESIGN §7), which renders no form.
 */
export async function loadStored<T>(
  astro: AstroGlobal,
  read: () => Promise<T | null>,
): Promise<Response | StoredState<T>> {
  const stored = await readStored(read);
  if (stored.kind !== 'unavailable') return stored;
  if (isTokenRefused(stored.error)) return signOutExpired(astro);
  markUnavailable(astro);
  return stored;
}

/**
 * The check just before a write (storedState.ts, writeRefusal): null when the write may be sent,
 * else what to tell the editor. An unreadable thing keeps the page's 503; one created or deleted
 * since the form was shown is a 409, and the form is shown again with the current state, so a
 * second save is the editor's informed choice.
 */
export function refusedWrite(
  astro: AstroGlobal,
  t: TFunction,
  stored: StoredState<unknown>,
  submitted: FormData,
  what: string,
): string | null {
  const expected = expectedStateSchema.safeParse(submitted.get('expected'));
  if (!expected.success) {
    astro.response.status = 400;
    return t('editor.unknownAction');
  }
  const refusal = writeRefusal(stored, expected.data);
  if (refusal === null) return null;
  if (refusal === 'unavailable') return t('editor.saveRefused');
  astro.response.status = 409;
  return t(`editor.${refusal}`, { what });
}

export interface EditorFormState {
  submitted: FormData | null;
  errors: Record<string, string>;
  failure: string | null;
}

export interface EditorForm<T> {
  /** The form turned into the write body (FormResult from src/domain/content/editorForms.ts). */
  parse: (form: FormData) => FormResult<T>;
  save: (write: T) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** What the save or delete invalidates (src/domain/content/changeTags.ts). */
  change: (write: T | null) => ContentChange;
  /** How the flash names the thing. */
  what: string;
  /** Where a save returns to (a delete returns to the list). */
  self: string;
}

/**
 * The whole post/redirect/get round of a one-form editor page: on POST, a delete (`action=delete`)
 * or a validated save, then a redirect; on a validation or service error, the state to render the
 * form again with the editor's input and the messages (status 400). A write is sent only when
 * `stored` (read in this same request) is known and is what the form was shown for. On GET, an
 * empty state.
 */
export async function submitEditorForm<T>(
  astro: AstroGlobal,
  ctx: EditorContext,
  stored: StoredState<unknown>,
  form: EditorForm<T>,
): Promise<Response | EditorFormState> {
  if (astro.request.method !== 'POST') return { submitted: null, errors: {}, failure: null };
  const submitted = await formOf(astro);
  const refused = refusedWrite(astro, ctx.t, stored, submitted, form.what);
  if (refused !== null) return { submitted, errors: {}, failure: refused };
  const deleting = submitted.get('action') === 'delete';
  const parsed = deleting ? null : form.parse(submitted);
  astro.response.status = 400;
  if (parsed && !parsed.ok) return { submitted, errors: parsed.errors, failure: null };
  const write = parsed ? parsed.value : null;
  const outcome = await saveChange(ctx, deleting ? 'deleted' : 'saved', form.what, form.change(write), () =>
    write === null ? form.remove() : form.save(write),
  );
  if (outcome.ok) return astro.redirect(deleting ? '/editor' : form.self, 303);
  if (outcome.expired) return signOutExpired(astro);
  return { submitted, errors: {}, failure: outcome.message };
}

/** Path params of the post editor: `/editor/post/{blog|news}/{slug}`, the group as the service's 0 or 1. */
export const editorPostParams = z.object({
  group: z.enum(['blog', 'news']).transform((g): 0 | 1 => (g === 'news' ? 1 : 0)),
  slug: contentSlugSchema,
});

/**
 * The start of every edit page: not signed in → back to sign-in; path params that do not parse →
 * the 404 page; else the editor's context and the params.
 */
export async function openEditorPage<S extends z.ZodType>(
  astro: AstroGlobal,
  params: S,
): Promise<Response | { ctx: EditorContext; params: z.output<S> }> {
  const ctx = await editorContext(astro);
  if (!ctx) return astro.redirect('/editor', 303);
  const parsed = params.safeParse(astro.params);
  if (!parsed.success) return astro.rewrite('/404');
  return { ctx, params: parsed.data };
}
