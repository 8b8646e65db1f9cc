import { z } from 'zod';
import type { ContentEditorApi } from '../../api/contentEditor.ts';
import { sliderChange } from '../../api/contentChanges.ts';
import type { EditorSlider } from '../../api/schemas/content.ts';
import { newSlideForm, slideForm, sliderTitleForm } from '../../domain/content/editorForms.ts';
import type { FormResult } from '../../domain/content/editorForms.ts';
import { editorPaths, editorScopedParams } from './editorPaths.ts';
import type { EditorScopedParams } from './editorPaths.ts';
import { editScreen, openEditScreen, untouched } from './editorScreen.ts';
import type { EditModel, EditorFormState, EditorOutcome, EditorRequest, EditorStatus } from './editorScreen.ts';
import { loadStored, refusedWrite, sendWrite } from './editorWrites.ts';

/**
 * `/editor/slider/{slug}/{locale}`: a slider in one language, with a form for its title, one per
 * slide (order, visibility, key=value props; save or delete) and one for a new slide. Each posts
 * `action` (title, save, delete, add) and, for a slide, its `id`.
 */

export interface SliderEditorModel extends EditModel<EditorScopedParams, EditorSlider> {
  /** Which form the posted values and errors belong to: 'title', 'new' or a slide's id. */
  errorsFor: string | null;
}

const slideIdSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** A posted form that failed its parse, or the call it asks for. */
type SliderWrite = { errors: Record<string, string> } | { run: () => Promise<unknown> };

const parsedWrite = <T>(parsed: FormResult<T>, call: (value: T) => Promise<unknown>): SliderWrite =>
  parsed.ok ? { run: () => call(parsed.value) } : { errors: parsed.errors };

/** Which write a posted form asks for; null for an unknown action, or a slide action without a valid id. */
function sliderWrite(
  api: ContentEditorApi,
  { slug, locale }: EditorScopedParams,
  form: FormData,
  slide: number | null,
): SliderWrite | null {
  const action = form.get('action');
  if (action === 'title') return parsedWrite(sliderTitleForm(form), (title) => api.putSliderTitle(slug, locale, title));
  if (action === 'add') return parsedWrite(newSlideForm(form), (item) => api.addSlide(slug, locale, item));
  if (slide === null) return null;
  if (action === 'save') return parsedWrite(slideForm(form), (patch) => api.patchSlide(slug, locale, slide, patch));
  if (action === 'delete') return { run: () => api.deleteSlide(slug, locale, slide) };
  return null;
}

/** The form a post came from, by its action: the title, the new slide, or the slide of that id. */
function postedForm(action: FormDataEntryValue | null, slide: number | null): string | null {
  if (action === 'add') return 'new';
  if (action === 'title') return 'title';
  return slide === null ? null : String(slide);
}

export async function sliderEditor(request: EditorRequest): Promise<EditorOutcome<SliderEditorModel>> {
  const opened = await openEditScreen(request, editorScopedParams);
  if (opened instanceof Response) return opened;
  const { params, editor } = opened;
  const { t } = request;
  // Read before anything else: a change is sent only when this read answered (storedState.ts).
  const stored = await loadStored(request.session, () => editor.api.slider(params.slug, params.locale));
  if (stored instanceof Response) return stored;
  const submitted = request.form;
  const id = slideIdSchema.safeParse(submitted?.get('id'));
  const slide = id.success ? id.data : null;
  const errorsFor = submitted === null ? null : postedForm(submitted.get('action'), slide);
  const screen = (state: EditorFormState, status?: EditorStatus) =>
    editScreen({ params, flash: editor.flash, stored, state, errorsFor }, status);
  if (submitted === null) return screen(untouched());
  const what = slide === null ? params.slug : t('editor.slideNamed', { slider: params.slug, id: slide });
  // The check comes before the action is looked at: during an outage every post hears its text was not sent.
  const refused = refusedWrite(t, stored, submitted, what);
  if (refused !== null) return screen({ submitted, errors: {}, failure: refused.message }, refused.status);
  const write = sliderWrite(editor.api, params, submitted, slide);
  if (write === null) return screen({ submitted, errors: {}, failure: t('editor.unknownAction') }, 400);
  if ('errors' in write) return screen({ submitted, errors: write.errors, failure: null }, 400);
  const sent = await sendWrite(request, {
    kind: submitted.get('action') === 'delete' ? 'deleted' : 'saved',
    what,
    change: sliderChange(params.slug, params.locale),
    run: write.run,
    then: editorPaths.slider(params.slug, params.locale),
  });
  if (sent instanceof Response) return sent;
  return screen({ submitted, errors: {}, failure: sent }, 400);
}

/**
 * What a field of the slider screen's form `form` shows: after a post from that form, the posted
 * value and the field's error; else the stored value (the other forms keep what is stored).
 */
export function slideField(
  model: SliderEditorModel,
  form: string,
  name: string,
  stored: string | null | undefined,
): { value: string; error: string | undefined } {
  const posted = model.errorsFor === form;
  const given = posted ? model.state.submitted?.get(name) : undefined;
  return {
    value: typeof given === 'string' ? given : (stored ?? ''),
    error: posted ? model.state.errors[name] : undefined,
  };
}
