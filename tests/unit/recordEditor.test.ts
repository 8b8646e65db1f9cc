import { describe, expect, it } from 'vitest';
import { contentBlockChange, postChange, promotionChange } from '../../src/api/contentChanges.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { blockEditor } from '../../src/server/editor/blockEditor.ts';
import type { EditorOutcome } from '../../src/server/editor/editorScreen.ts';
import { pageEditor } from '../../src/server/editor/pageEditor.ts';
import { postEditor } from '../../src/server/editor/postEditor.ts';
import { promotionEditor } from '../../src/server/editor/promotionEditor.ts';
import { touchedLocales } from '../../src/server/editor/recordEditor.ts';
import { BLOCK, contentError, editorRequest, fakeEditorApi, PAGE, PROMOTION } from './support/editorFakes.ts';

/**
 * The one-form edit screens (block, info page, post, promotion) over recordEditor.ts, without
 * Astro: the read first, the check before the write, the write, and where the editor goes.
 */

const t = createT('ru');
const block = { slug: 'main_description', locale: 'ru' };
const blockForm = { expected: 'existing', action: 'save', formatName: 'text', contentFormatted: '<p>Стало</p>' };

function screenOf<M>(outcome: EditorOutcome<M>) {
  if (outcome instanceof Response) throw new Error(`expected the screen, got a ${outcome.status} response`);
  return outcome;
}

function responseOf<M>(outcome: EditorOutcome<M>): { status: number; location: string | null } {
  if (!(outcome instanceof Response)) throw new Error(`expected a response, got the screen (${outcome.status})`);
  return { status: outcome.status, location: outcome.headers.get('Location') };
}

describe('a block screen', () => {
  it('shows what is stored, or "new" for the service\'s own 404', async () => {
    expect(screenOf(await blockEditor(editorRequest({ params: block }).request))).toMatchObject({
      status: 200,
      retryLater: false,
      model: { params: block, stored: { kind: 'existing', value: BLOCK }, state: { submitted: null, failure: null } },
    });
    const fresh = fakeEditorApi({ block: () => Promise.resolve(null) });
    const { request } = editorRequest({ params: block, api: fresh.api });
    expect(screenOf(await blockEditor(request)).model.stored).toEqual({ kind: 'new' });
  });

  it('saves a valid form, returns to itself, and the flash links the pages that show the block', async () => {
    const fake = fakeEditorApi();
    const { request, session } = editorRequest({ params: block, form: blockForm, api: fake.api });
    expect(responseOf(await blockEditor(request))).toEqual({
      status: 303,
      location: '/editor/block/main_description/ru',
    });
    expect(fake.calls).toEqual([
      { name: 'putBlock', args: ['main_description', 'ru', { formatName: 'text', contentFormatted: '<p>Стало</p>' }] },
    ]);
    expect(session.flash()).toMatchObject({
      kind: 'saved',
      what: 'main_description',
      paths: contentBlockChange('main_description', 'ru').paths,
    });
  });

  it('deletes without parsing the form, and returns to the list', async () => {
    const fake = fakeEditorApi();
    const form = { expected: 'existing', action: 'delete', formatName: 'nonsense' };
    const { request, session } = editorRequest({ params: block, form, api: fake.api });
    expect(responseOf(await blockEditor(request))).toEqual({ status: 303, location: '/editor' });
    expect(fake.calls).toEqual([{ name: 'deleteBlock', args: ['main_description', 'ru'] }]);
    expect(session.flash()).toMatchObject({ kind: 'deleted', what: 'main_description' });
  });

  it('sends a form with errors back (400) with the input and the messages, and sends nothing', async () => {
    const fake = fakeEditorApi();
    const form = { ...blockForm, formatName: 'json', contentFormatted: '{ not json' };
    const { request } = editorRequest({ params: block, form, api: fake.api });
    const screen = screenOf(await blockEditor(request));
    expect(screen.status).toBe(400);
    expect(screen.model.state.errors['contentFormatted']).toContain('is not valid JSON');
    expect(screen.model.state.submitted?.get('contentFormatted')).toBe('{ not json');
    expect(fake.calls).toEqual([]);
  });

  it('refuses (409) a form shown for a block that was deleted meanwhile', async () => {
    const fake = fakeEditorApi({ block: () => Promise.resolve(null) });
    const { request } = editorRequest({ params: block, form: blockForm, api: fake.api });
    const screen = screenOf(await blockEditor(request));
    expect(screen).toMatchObject({ status: 409, model: { stored: { kind: 'new' } } });
    expect(screen.model.state.failure).toBe(t('editor.deletedMeanwhile', { what: 'main_description' }));
    expect(fake.calls).toEqual([]);
  });

  it('sends nothing during an outage: 503, and Retry-After even for a form that is not ours (400)', async () => {
    const fake = fakeEditorApi({ block: () => Promise.reject(contentError(500)) });
    const saved = editorRequest({ params: block, form: blockForm, api: fake.api });
    expect(screenOf(await blockEditor(saved.request))).toMatchObject({
      status: 503,
      retryLater: true,
      model: { state: { failure: t('editor.saveRefused') } },
    });
    const foreign = editorRequest({ params: block, form: { ...blockForm, expected: 'other' }, api: fake.api });
    expect(screenOf(await blockEditor(foreign.request))).toMatchObject({ status: 400, retryLater: true });
    expect(fake.calls).toEqual([]);
  });

  it('signs the editor out when the save says the token stopped working', async () => {
    const fake = fakeEditorApi({ putBlock: () => Promise.reject(contentError(401)) });
    const { request, session } = editorRequest({ params: block, form: blockForm, api: fake.api });
    expect(responseOf(await blockEditor(request))).toEqual({ status: 303, location: '/editor?expired=1' });
    expect(session.destroyed).toBe(true);
  });
});

describe('the other record screens make their own calls', () => {
  it('an info page', async () => {
    const fake = fakeEditorApi();
    const form = { expected: 'existing', title: 'Правила', content: '<p>Новые</p>', metaTitle: '' };
    const { request } = editorRequest({ params: { slug: 'bonus-rules', locale: 'uk' }, form, api: fake.api });
    expect(responseOf(await pageEditor(request)).location).toBe('/editor/page/bonus-rules/uk');
    expect(fake.calls).toEqual([
      {
        name: 'putPage',
        args: [
          'bonus-rules',
          'uk',
          { title: 'Правила', content: '<p>Новые</p>', metaTitle: null, metaDescription: null },
        ],
      },
    ]);
    expect(
      screenOf(await pageEditor(editorRequest({ params: { slug: 'bonus-rules', locale: 'ru' } }).request)).model,
    ).toMatchObject({ stored: { value: PAGE } });
  });

  it('a news item: the group from the path, the flash on every language the change touches', async () => {
    const fake = fakeEditorApi();
    const form = { expected: 'existing', 'ru.title': 'Новость', 'ru.content': '<p>Текст</p>' };
    const { request, session } = editorRequest({ params: { group: 'news', slug: 'hello' }, form, api: fake.api });
    expect(responseOf(await postEditor(request)).location).toBe('/editor/post/news/hello');
    expect(fake.calls.map((call) => call.name)).toEqual(['putPost']);
    expect(fake.calls[0]?.args.slice(0, 2)).toEqual([1, 'hello']);
    expect(session.flash()?.paths).toEqual(postChange(1, 'hello', ['ru']).paths);
  });

  it('a post path with another group is the 404 page', async () => {
    const { request } = editorRequest({ params: { group: 'press', slug: 'hello' } });
    expect(responseOf(await postEditor(request)).status).toBe(404);
  });

  it('a promotion', async () => {
    const fake = fakeEditorApi();
    const form = { expected: 'existing', isActive: 'on', ordering: '0', productIds: '1, 2', 'ru.title': 'Весна' };
    const { request, session } = editorRequest({ params: { slug: 'spring' }, form, api: fake.api });
    expect(responseOf(await promotionEditor(request)).location).toBe('/editor/promotion/spring');
    expect(fake.calls.map((call) => call.name)).toEqual(['putPromotion']);
    expect(session.flash()).toMatchObject({
      kind: 'saved',
      what: 'spring',
      paths: promotionChange('spring', []).paths,
    });
  });
});

describe('the languages a post or promotion change touches', () => {
  const ru = { translations: { ru: { title: 'Весна' } } };
  it('are the stored ones and the written ones', () => {
    // PROMOTION is stored in Ukrainian only: a Russian save changes what both languages show.
    expect(touchedLocales(PROMOTION, ru)).toEqual(['ru', 'uk']);
    expect(touchedLocales(null, ru)).toEqual(['ru']);
    expect(touchedLocales(PROMOTION, { translations: {} })).toEqual(['uk']);
  });

  it('of a delete are the stored ones', () => {
    expect(touchedLocales(PROMOTION, null)).toEqual(['uk']);
  });
});
