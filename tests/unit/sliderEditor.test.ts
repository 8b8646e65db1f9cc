import { describe, expect, it } from 'vitest';
import { sliderChange } from '../../src/api/contentChanges.ts';
import { createT } from '../../src/i18n/i18n.ts';
import type { EditorOutcome } from '../../src/server/editor/editorScreen.ts';
import { slideField, sliderEditor } from '../../src/server/editor/sliderEditor.ts';
import type { SliderEditorModel } from '../../src/server/editor/sliderEditor.ts';
import { recordRevalidation } from '../../src/server/cache/revalidationLog.ts';
import { contentError, editorRequest, fakeEditorApi, SLIDER } from './support/editorFakes.ts';

/**
 * The slider screen's loader and actions (src/server/editor/sliderEditor.ts) without Astro: which
 * posted action makes which editor API call, and what the editor gets back (a redirect with the
 * flash, the form again with a status, or sign-out).
 */

const t = createT('ru');
const params = { slug: 'main-page-slider', locale: 'ru' };
const self = '/editor/slider/main-page-slider/ru';

function screenOf(outcome: EditorOutcome<SliderEditorModel>) {
  if (outcome instanceof Response) throw new Error(`expected the screen, got a ${outcome.status} response`);
  return outcome;
}

function responseOf(outcome: EditorOutcome<SliderEditorModel>): { status: number; location: string | null } {
  if (!(outcome instanceof Response)) throw new Error(`expected a response, got the screen (${outcome.status})`);
  return { status: outcome.status, location: outcome.headers.get('Location') };
}

/** Posts `form` (stated for an existing slider unless it says otherwise) to the screen. */
async function post(form: Record<string, string>, fake = fakeEditorApi()) {
  const { request, session } = editorRequest({ params, form: { expected: 'existing', ...form }, api: fake.api });
  return { outcome: await sliderEditor(request), calls: fake.calls, session };
}

describe('opening the slider screen', () => {
  it('sends a visitor nobody signed in to sign-in, before reading anything', async () => {
    const fake = fakeEditorApi({ slider: () => Promise.reject(new Error('must not be read')) });
    const { request } = editorRequest({ params, signedIn: false, api: fake.api });
    expect(responseOf(await sliderEditor(request))).toEqual({ status: 303, location: '/editor' });
  });

  it('shows the 404 page for params that do not parse', async () => {
    const { request } = editorRequest({ params: { slug: 'main-page-slider', locale: 'en' } });
    expect(responseOf(await sliderEditor(request)).status).toBe(404);
  });

  it('shows the stored slider with untouched forms', async () => {
    const { request } = editorRequest({ params });
    const screen = screenOf(await sliderEditor(request));
    expect(screen).toMatchObject({ status: 200, retryLater: false });
    expect(screen.model).toMatchObject({
      params,
      stored: { kind: 'existing', value: SLIDER },
      state: { submitted: null, errors: {}, failure: null },
      errorsFor: null,
    });
  });

  it('is a 503 with Retry-After and no stored slider when the read failed', async () => {
    const fake = fakeEditorApi({ slider: () => Promise.reject(contentError(500)) });
    const { request } = editorRequest({ params, api: fake.api });
    const screen = screenOf(await sliderEditor(request));
    expect(screen).toMatchObject({ status: 503, retryLater: true, model: { stored: { kind: 'unavailable' } } });
  });

  it('signs the editor out when the read says the token is no longer valid', async () => {
    const fake = fakeEditorApi({ slider: () => Promise.reject(contentError(401)) });
    const { request, session } = editorRequest({ params, api: fake.api });
    expect(responseOf(await sliderEditor(request))).toEqual({ status: 303, location: '/editor?expired=1' });
    expect(session.destroyed).toBe(true);
  });
});

describe('each posted action makes its call, then returns to the slider with the flash', () => {
  it('title → the slider title', async () => {
    const { outcome, calls, session } = await post({ action: 'title', title: '  Новый  ' });
    expect(responseOf(outcome)).toEqual({ status: 303, location: self });
    expect(calls).toEqual([{ name: 'putSliderTitle', args: ['main-page-slider', 'ru', 'Новый'] }]);
    expect(session.flash()).toMatchObject({ kind: 'saved', what: 'main-page-slider', paths: ['/'] });
  });

  it('add → a new slide', async () => {
    const { outcome, calls } = await post({ action: 'add', ordering: '5', isActive: 'on', props: 'img=/a.png' });
    expect(responseOf(outcome)).toEqual({ status: 303, location: self });
    expect(calls).toEqual([
      {
        name: 'addSlide',
        args: [
          'main-page-slider',
          'ru',
          {
            ordering: 5,
            isActive: true,
            title: null,
            value: null,
            description: null,
            props: [{ key: 'img', value: '/a.png' }],
          },
        ],
      },
    ]);
  });

  it('save → that slide changed, and the flash names the slide', async () => {
    const { outcome, calls, session } = await post({ action: 'save', id: '3', ordering: '2', props: 'alt=b' });
    expect(responseOf(outcome)).toEqual({ status: 303, location: self });
    expect(calls).toEqual([
      {
        name: 'patchSlide',
        args: [
          'main-page-slider',
          'ru',
          3,
          {
            ordering: 2,
            isActive: false,
            title: null,
            value: null,
            description: null,
            props: [{ key: 'alt', value: 'b' }],
          },
        ],
      },
    ]);
    expect(session.flash()).toMatchObject({ kind: 'saved', what: 'main-page-slider, слайд 3' });
  });

  it('delete → that slide deleted; the editor stays on the slider', async () => {
    const { outcome, calls, session } = await post({ action: 'delete', id: '7' });
    expect(responseOf(outcome)).toEqual({ status: 303, location: self });
    expect(calls).toEqual([{ name: 'deleteSlide', args: ['main-page-slider', 'ru', 7] }]);
    expect(session.flash()).toMatchObject({ kind: 'deleted', what: 'main-page-slider, слайд 7' });
  });

  // Before any invalidation of this slider is logged (the next test logs one).
  it('says so when no word of the invalidation came', async () => {
    const { session } = await post({ action: 'title', title: 'Новый' });
    expect(session.flash()).toMatchObject({ kind: 'saved', liveAt: null });
  });

  it('reports when the site dropped the old pages ("live in N ms")', async () => {
    const [tag] = sliderChange('main-page-slider', 'ru').tags;
    const fake = fakeEditorApi({
      // The content service calls the revalidation endpoint before it answers the write.
      putSliderTitle: () => {
        recordRevalidation([tag ?? ''], ['/']);
        return Promise.resolve(SLIDER);
      },
    });
    const { session } = await post({ action: 'title', title: 'Новый' }, fake);
    const flash = session.flash();
    expect(flash?.liveAt).not.toBeNull();
    expect(flash?.liveAt ?? 0).toBeGreaterThanOrEqual(flash?.savedAt ?? Infinity);
  });
});

describe('a post that is not sent', () => {
  it.each([
    ['an unknown action', { action: 'explode', id: '3' }, '3'],
    ['save without a slide id', { action: 'save', ordering: '1' }, null],
    ['delete with an id that is no id', { action: 'delete', id: '-1' }, null],
  ])('%s is a 400 "unknown action"', async (_, form, errorsFor) => {
    const { outcome, calls } = await post(form);
    const screen = screenOf(outcome);
    expect(screen.status).toBe(400);
    expect(screen.model.state.failure).toBe('Неизвестное действие.');
    expect(screen.model.errorsFor).toBe(errorsFor);
    expect(calls).toEqual([]);
  });

  it('a form that fails its parse is shown again with its errors and the posted values, in that form only', async () => {
    const { outcome, calls } = await post({ action: 'save', id: '3', ordering: 'first', title: 'Своё' });
    const screen = screenOf(outcome);
    expect(screen.status).toBe(400);
    expect(screen.model.errorsFor).toBe('3');
    expect(Object.keys(screen.model.state.errors)).toEqual(['ordering']);
    expect(slideField(screen.model, '3', 'title', 'Первый')).toEqual({ value: 'Своё', error: undefined });
    expect(slideField(screen.model, '3', 'ordering', '1').error).toBeTypeOf('string');
    // The other forms keep what is stored.
    expect(slideField(screen.model, '7', 'title', 'Второй')).toEqual({ value: 'Второй', error: undefined });
    expect(slideField(screen.model, 'new', 'ordering', '3')).toEqual({ value: '3', error: undefined });
    expect(calls).toEqual([]);
  });

  it('a form shown for a new slider is refused (409) when the slider was created meanwhile', async () => {
    const { outcome, calls } = await post({ action: 'title', title: 'Моё', expected: 'new' });
    const screen = screenOf(outcome);
    expect(screen).toMatchObject({ status: 409, retryLater: false, model: { errorsFor: 'title' } });
    expect(screen.model.state.failure).toBe(t('editor.createdMeanwhile', { what: 'main-page-slider' }));
    expect(slideField(screen.model, 'title', 'title', SLIDER.title).value).toBe('Моё');
    expect(calls).toEqual([]);
  });

  it('a slide form of a slider deleted meanwhile is refused (409), naming the slide', async () => {
    const fake = fakeEditorApi({ slider: () => Promise.resolve(null) });
    const { outcome, calls } = await post({ action: 'save', id: '3', ordering: '1' }, fake);
    const screen = screenOf(outcome);
    expect(screen.status).toBe(409);
    expect(screen.model.state.failure).toBe(t('editor.deletedMeanwhile', { what: 'main-page-slider, слайд 3' }));
    expect(calls).toEqual([]);
  });

  it('a form that states no valid belief is not one of ours (400)', async () => {
    const { outcome, calls } = await post({ action: 'title', title: 'x', expected: 'maybe' });
    expect(screenOf(outcome)).toMatchObject({ status: 400, model: { state: { failure: 'Неизвестное действие.' } } });
    expect(calls).toEqual([]);
  });

  it('during an outage nothing is sent, whatever the action: a 503 that keeps the text', async () => {
    const fake = fakeEditorApi({ slider: () => Promise.reject(contentError(0)) });
    for (const action of ['title', 'add', 'save', 'delete', 'explode']) {
      const { outcome, calls } = await post({ action, id: '3', title: 'Текст' }, fake);
      const screen = screenOf(outcome);
      expect(screen, action).toMatchObject({ status: 503, retryLater: true });
      expect(screen.model.state.failure, action).toBe(t('editor.saveRefused'));
      expect(screen.model.state.submitted?.get('title'), action).toBe('Текст');
      expect(calls, action).toEqual([]);
    }
  });
});

describe('a write the service refuses', () => {
  it("shows the service's own message (400) and leaves no flash", async () => {
    const fake = fakeEditorApi({ putSliderTitle: () => Promise.reject(contentError(422, 'Название занято')) });
    const { outcome, session } = await post({ action: 'title', title: 'x' }, fake);
    expect(screenOf(outcome)).toMatchObject({ status: 400, model: { state: { failure: 'Название занято' } } });
    expect(session.flash()).toBeNull();
  });

  it('without a message, says which kind of failure', async () => {
    const fake = fakeEditorApi({ deleteSlide: () => Promise.reject(contentError(0)) });
    const { outcome } = await post({ action: 'delete', id: '3' }, fake);
    expect(screenOf(outcome).model.state.failure).toBe(
      'Сервис контента не ответил (нет соединения). Изменение не сохранено.',
    );
  });

  it('signs the editor out when the token stopped working', async () => {
    const fake = fakeEditorApi({ patchSlide: () => Promise.reject(contentError(401)) });
    const { outcome, session } = await post({ action: 'save', id: '3', ordering: '1' }, fake);
    expect(responseOf(outcome)).toEqual({ status: 303, location: '/editor?expired=1' });
    expect(session.destroyed).toBe(true);
  });
});
