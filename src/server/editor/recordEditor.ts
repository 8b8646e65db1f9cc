import type { z } from 'zod';
import type { ContentEditorApi } from '../../api/contentEditor.ts';
import type { ContentChange } from '../../api/contentChanges.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { writtenLocales } from '../../domain/content/editorForms.ts';
import type { FormResult } from '../../domain/content/editorForms.ts';
import { editScreen, openEditScreen, untouched } from './editorScreen.ts';
import type { EditModel, EditorFormState, EditorOutcome, EditorRequest, EditorStatus } from './editorScreen.ts';
import { loadStored, refusedWrite, sendWrite } from './editorWrites.ts';
import { storedValue } from './storedState.ts';

/**
 * The loader and action of an edit screen of one record with one form (a content block, an info
 * page, a post, a promotion; the view is EditorRecordPage.astro): each screen says only how it
 * reaches its record, the rest is the same round for all four.
 */

/** How a screen reaches its record through the editor API, for one set of path params. */
export interface RecordAccess<T, W> {
  read: () => Promise<T | null>;
  save: (write: W) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** What the save (`write`) or the delete (null) invalidates, given what was stored. */
  change: (write: W | null, stored: T | null) => ContentChange;
  /** Where a save returns to (a delete returns to the list). */
  self: string;
}

/**
 * On GET, the form for what is stored. On POST, a delete (`action=delete`) or a validated save
 * sent only when the record read in this same request is known and is what the form was shown for,
 * then a redirect; on a refusal, a validation or service error, the form again with the editor's
 * input and the message.
 */
export async function recordEditor<S extends z.ZodType<{ slug: string }>, T, W>(
  request: EditorRequest,
  params: S,
  /** The form turned into the write body (src/domain/content/editorForms.ts). */
  parse: (form: FormData) => FormResult<W>,
  access: (api: ContentEditorApi, params: z.output<S>) => RecordAccess<T, W>,
): Promise<EditorOutcome<EditModel<z.output<S>, T>>> {
  const opened = await openEditScreen(request, params);
  if (opened instanceof Response) return opened;
  const record = access(opened.editor.api, opened.params);
  // The flash and the messages name a record by its slug.
  const what = opened.params.slug;
  // Read before anything else: a write is sent only when this read answered (storedState.ts).
  const stored = await loadStored(request.session, record.read);
  if (stored instanceof Response) return stored;
  const screen = (state: EditorFormState, status?: EditorStatus) =>
    editScreen({ params: opened.params, flash: opened.editor.flash, stored, state }, status);
  const submitted = request.form;
  if (submitted === null) return screen(untouched());
  const refused = refusedWrite(request.t, stored, submitted, what);
  if (refused !== null) return screen({ submitted, errors: {}, failure: refused.message }, refused.status);
  const deleting = submitted.get('action') === 'delete';
  const parsed = deleting ? null : parse(submitted);
  if (parsed && !parsed.ok) return screen({ submitted, errors: parsed.errors, failure: null }, 400);
  const write = parsed ? parsed.value : null;
  const sent = await sendWrite(request, {
    kind: deleting ? 'deleted' : 'saved',
    what,
    change: record.change(write, storedValue(stored)),
    run: () => (write === null ? record.remove() : record.save(write)),
    then: deleting ? '/editor' : record.self,
  });
  if (sent instanceof Response) return sent;
  return screen({ submitted, errors: {}, failure: sent }, 400);
}

/**
 * The languages a post or promotion change touches: those stored before and those the write gives
 * (dates, activity, goods and pictures show in both languages, so every stored one is touched).
 */
export function touchedLocales(
  stored: { translations: Partial<Record<Locale, unknown>> } | null,
  write: { translations: Partial<Record<Locale, unknown>> } | null,
): Locale[] {
  return writtenLocales(
    localeSchema.options.filter((l) => stored?.translations[l]),
    write,
  );
}

/** The value a field shows: what the editor just submitted (after an error), else the stored one. */
export function formValue(submitted: FormData | null, name: string, stored: string | null | undefined): string {
  const given = submitted?.get(name);
  return typeof given === 'string' ? given : (stored ?? '');
}
