import { describe, expect, it } from 'vitest';
import { editorHome } from '../../src/server/editor/editorHome.ts';
import type { EditorHomeModel } from '../../src/server/editor/editorHome.ts';
import { openNewRecord } from '../../src/server/editor/editorPaths.ts';
import type { EditorOutcome } from '../../src/server/editor/editorScreen.ts';
import { signIn, signOut } from '../../src/server/editor/editorSignIn.ts';
import { contentError, editorRequest, fakeEditorApi, fakeSession } from './support/editorFakes.ts';

/** The way into the editor without Astro: sign-in and sign-out, the start screen, "create or open". */

const location = (response: Response) => ({ status: response.status, location: response.headers.get('Location') });

function screenOf(outcome: EditorOutcome<EditorHomeModel>) {
  if (outcome instanceof Response) throw new Error(`expected the screen, got a ${outcome.status} response`);
  return outcome;
}

describe('sign-in', () => {
  const form = (token: string) => {
    const data = new FormData();
    data.set('token', token);
    return data;
  };
  /** A session that also regenerates (sign-in starts a new id). */
  function signInSession() {
    const session = fakeSession();
    let regenerated = false;
    return {
      values: session.values,
      session: {
        ...session,
        regenerate: () => {
          regenerated = true;
          return Promise.resolve();
        },
      },
      regenerated: () => regenerated,
    };
  }

  it('keeps a token the service accepts in a new session', async () => {
    const { session, values, regenerated } = signInSession();
    const judged: string[] = [];
    const judge = (token: string) => Promise.resolve(judged.push(token));
    expect(location(await signIn(form('  the-token '), session, judge))).toEqual({ status: 303, location: '/editor' });
    expect(judged).toEqual(['the-token']);
    expect(regenerated()).toBe(true);
    expect(values.get('editor')).toMatchObject({ token: 'the-token' });
  });

  it.each([
    ['an empty token, without asking the service', '   ', () => Promise.reject(new Error('not asked')), 'token'],
    ['a token the service refuses', 'wrong', () => Promise.reject(contentError(401)), 'token'],
    ['any token while the service is down', 'the-token', () => Promise.reject(contentError(503)), 'unavailable'],
  ])('sends %s back to the form', async (_, token, judge, error) => {
    const { session, regenerated } = signInSession();
    expect(location(await signIn(form(token), session, judge))).toEqual({
      status: 303,
      location: `/editor?error=${error}`,
    });
    expect(regenerated()).toBe(false);
  });

  it('lets an internal error through (the error page), starting no session', async () => {
    const { session, regenerated } = signInSession();
    await expect(signIn(form('the-token'), session, () => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    expect(regenerated()).toBe(false);
  });

  it('sign-out ends the stored session', () => {
    const session = fakeSession();
    expect(location(signOut(session))).toEqual({ status: 303, location: '/editor' });
    expect(session.destroyed).toBe(true);
  });
});

describe('the start screen', () => {
  it.each([
    ['error=token', 'Ключ не подошёл. Проверьте его и попробуйте ещё раз.'],
    [
      'error=unavailable',
      'Сервис контента сейчас не отвечает, поэтому ключ не проверить. Попробуйте войти чуть позже.',
    ],
    ['expired=1', 'Ключ больше не действует: войдите снова.'],
    ['error=constructor', null],
    ['', null],
  ])('signed out, with ?%s, is the sign-in form saying %j', async (query, signInError) => {
    const { request } = editorRequest({ query, signedIn: false });
    expect(screenOf(await editorHome(request))).toEqual({
      model: { signedIn: false, signInError },
      status: 200,
      retryLater: false,
    });
  });

  it('signed in, lists everything with links to the edit screens, dates in Kyiv time', async () => {
    const screen = screenOf(await editorHome(editorRequest().request));
    expect(screen.status).toBe(200);
    if (!screen.model.signedIn) throw new Error('signed out');
    expect(screen.model.sections).toEqual([
      {
        id: 'sliders',
        heading: 'Слайдеры',
        rows: [
          {
            href: '/editor/slider/main-page-slider/ru',
            label: 'main-page-slider (ru)',
            cells: ['Главный', 'слайдов: 3 активных из 4', '01.03.2026, 12:00'],
          },
        ],
      },
      {
        id: 'blocks',
        heading: 'Контент-блоки',
        rows: [
          {
            href: '/editor/block/main_description/uk',
            label: 'main_description (uk)',
            cells: ['text', '01.03.2026, 12:00'],
          },
        ],
      },
      {
        id: 'pages',
        heading: 'Инфо-страницы',
        rows: [{ href: '/editor/page/bonus-rules/ru', label: 'bonus-rules (ru)', cells: ['Правила', 'not a date'] }],
      },
      {
        id: 'posts',
        heading: 'Блог и новости',
        rows: [{ href: '/editor/post/news/hello', label: 'Привет', cells: ['Новости', 'ru, uk', '01.02.2026, 02:00'] }],
      },
      {
        id: 'promotions',
        heading: 'Акции',
        rows: [{ href: '/editor/promotion/spring', label: 'Весна', cells: ['выключена', '01.03.2026, 12:00'] }],
      },
    ]);
  });

  it('is a 503 with Retry-After and no list when the list could not be read', async () => {
    const fake = fakeEditorApi({ index: () => Promise.reject(contentError(500)) });
    expect(screenOf(await editorHome(editorRequest({ api: fake.api }).request))).toEqual({
      model: {
        signedIn: true,
        flash: null,
        failure: 'Не удалось загрузить список из сервиса контента: ответ HTTP 500. Обновите страницу чуть позже.',
        sections: null,
      },
      status: 503,
      retryLater: true,
    });
  });

  it('signs the editor out when the token stopped working', async () => {
    const fake = fakeEditorApi({ index: () => Promise.reject(contentError(401)) });
    const { request, session } = editorRequest({ api: fake.api });
    const outcome = await editorHome(request);
    if (!(outcome instanceof Response)) throw new Error('expected a redirect');
    expect(location(outcome)).toEqual({ status: 303, location: '/editor?expired=1' });
    expect(session.destroyed).toBe(true);
  });
});

describe('"create or open"', () => {
  const opened = (query: string) => location(openNewRecord(new URLSearchParams(query)));

  it('opens the edit screen of that thing, in Russian unless a language is given', () => {
    const screens = {
      'kind=block&slug=main_description&locale=uk': '/editor/block/main_description/uk',
      'kind=page&slug=delivery': '/editor/page/delivery/ru',
      'kind=slider&slug=main-page-slider&locale=ru': '/editor/slider/main-page-slider/ru',
      'kind=blog&slug=hello&locale=uk': '/editor/post/blog/hello',
      'kind=news&slug=hello': '/editor/post/news/hello',
      'kind=promotion&slug=spring': '/editor/promotion/spring',
    };
    for (const [query, to] of Object.entries(screens))
      expect(opened(query), query).toEqual({ status: 303, location: to });
  });

  it('sends what it cannot open back to the list', () => {
    for (const query of ['kind=order&slug=hello', 'kind=page&slug=Not%20a%20slug', 'kind=page&slug=x&locale=en']) {
      expect(opened(query), query).toEqual({ status: 303, location: '/editor' });
    }
  });
});
