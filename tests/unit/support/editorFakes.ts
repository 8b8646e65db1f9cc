import { ApiError } from '../../../src/api/apiError.ts';
import type { ContentEditorApi } from '../../../src/api/contentEditor.ts';
import * as content from '../../../src/api/schemas/content.ts';
import { editorIndexSchema } from '../../../src/api/schemas/contentEditor.ts';
import { createT } from '../../../src/i18n/i18n.ts';
import type { EditorRequest, EditorSession } from '../../../src/server/editor/editorScreen.ts';
import { editorFlashSchema } from '../../../src/server/editor/editorSessions.ts';
import type { EditorFlash } from '../../../src/server/editor/editorSessions.ts';

/**
 * A fake editor API, session and request for the /editor screens' loaders (src/server/editor/*Editor.ts,
 * editorHome.ts): what the content service stores is the fixtures below, every write is recorded
 * and succeeds unless a test replaces the call.
 */

export const SLIDE = content.editorSliderItemSchema.parse({
  id: 3,
  ordering: 1,
  isActive: true,
  title: 'Первый',
  value: null,
  description: null,
  props: [{ key: 'alt', value: 'a' }],
});
export const SLIDER = content.editorSliderSchema.parse({
  slug: 'main-page-slider',
  locale: 'ru',
  title: 'Главный слайдер',
  items: [SLIDE, { id: 7, ordering: 2, isActive: false, title: null, value: null, description: null, props: [] }],
});
export const BLOCK = content.contentBlockSchema.parse({
  code: 'main_description',
  formatName: 'text',
  contentFormatted: '<p>Было</p>',
});
export const PAGE = content.pageSchema.parse({
  slug: 'bonus-rules',
  locale: 'ru',
  title: 'Правила',
  content: '<p>Текст</p>',
  metaTitle: null,
  metaDescription: null,
  updatedAt: '2026-01-01T00:00:00Z',
});
export const PROMOTION = content.editorPromotionSchema.parse({
  slug: 'spring',
  created: false,
  isActive: true,
  productIds: [1],
  translations: {
    ru: null,
    uk: {
      id: 1,
      slug: 'spring',
      title: 'Весна',
      description: '',
      content: '',
      image: '/a.png',
      startsAt: null,
      endsAt: null,
      filterSlug: null,
      ordering: 0,
    },
  },
});
export const POST = content.editorPostSchema.parse({
  slug: 'hello',
  group: 1,
  created: false,
  translations: { ru: null, uk: null },
});
export const INDEX = editorIndexSchema.parse({
  blocks: [{ slug: 'main_description', locale: 'uk', formatName: 'text', updatedAt: '2026-03-01T10:00:00Z' }],
  pages: [{ slug: 'bonus-rules', locale: 'ru', title: 'Правила', updatedAt: 'not a date' }],
  sliders: [
    {
      slug: 'main-page-slider',
      locale: 'ru',
      title: 'Главный',
      items: 4,
      activeItems: 3,
      updatedAt: '2026-03-01T10:00:00Z',
    },
  ],
  posts: [
    {
      slug: 'hello',
      group: 1,
      title: 'Привет',
      locales: ['ru', 'uk'],
      publishedAt: '2026-02-01T00:00:00Z',
      updatedAt: '2026-02-01T00:00:00Z',
    },
  ],
  promotions: [{ slug: 'spring', title: 'Весна', isActive: false, updatedAt: '2026-03-01T10:00:00Z' }],
});

/** An ApiError of the content service, as the editor client throws it. */
export function contentError(status: number, serviceMessage?: string): ApiError {
  return new ApiError({
    service: 'content',
    call: 'PUT /admin/x',
    status,
    kind: status === 0 ? 'network' : 'http',
    detail: `status ${status}`,
    ...(serviceMessage === undefined ? {} : { serviceMessage }),
  });
}

/** One write the fake API received: the call's name and its arguments. */
export interface ApiCall {
  name: string;
  args: unknown[];
}

/** The fake API; `calls` lists the writes (reads are not recorded). */
export function fakeEditorApi(replaced: Partial<ContentEditorApi> = {}): { api: ContentEditorApi; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  /** Records a write and answers with what the service would. */
  const sent = <R>(name: string, args: unknown[], answer: R): Promise<R> => {
    calls.push({ name, args });
    return Promise.resolve(answer);
  };
  const api: ContentEditorApi = {
    index: () => Promise.resolve(INDEX),
    block: () => Promise.resolve(BLOCK),
    putBlock: (slug, locale, write) => sent('putBlock', [slug, locale, write], BLOCK),
    deleteBlock: (slug, locale) => sent('deleteBlock', [slug, locale], undefined),
    page: () => Promise.resolve(PAGE),
    putPage: (slug, locale, write) => sent('putPage', [slug, locale, write], PAGE),
    deletePage: (slug, locale) => sent('deletePage', [slug, locale], undefined),
    slider: () => Promise.resolve(SLIDER),
    putSliderTitle: (slug, locale, title) => sent('putSliderTitle', [slug, locale, title], SLIDER),
    addSlide: (slug, locale, item) => sent('addSlide', [slug, locale, item], SLIDE),
    patchSlide: (slug, locale, id, patch) => sent('patchSlide', [slug, locale, id, patch], SLIDE),
    deleteSlide: (slug, locale, id) => sent('deleteSlide', [slug, locale, id], undefined),
    post: () => Promise.resolve(POST),
    putPost: (group, slug, write) => sent('putPost', [group, slug, write], POST),
    deletePost: (group, slug) => sent('deletePost', [group, slug], undefined),
    promotion: () => Promise.resolve(PROMOTION),
    putPromotion: (slug, write) => sent('putPromotion', [slug, write], PROMOTION),
    deletePromotion: (slug) => sent('deletePromotion', [slug], undefined),
    ...replaced,
  };
  return { api, calls };
}

/** A session that keeps what a screen sets, and says whether it was ended. */
export function fakeSession(): EditorSession & {
  values: Map<string, unknown>;
  destroyed: boolean;
  flash(): EditorFlash | null;
} {
  const values = new Map<string, unknown>();
  return {
    values,
    destroyed: false,
    set(key: string, value: unknown) {
      values.set(key, value);
    },
    destroy() {
      this.destroyed = true;
      values.clear();
    },
    flash() {
      const stored = values.get('editorFlash');
      return stored === undefined ? null : editorFlashSchema.parse(stored);
    },
  };
}

export interface RequestInit {
  params?: Record<string, string>;
  /** A posted form's fields; none: a GET. */
  form?: Record<string, string>;
  query?: string;
  api?: ContentEditorApi;
  /** False: nobody signed in. */
  signedIn?: boolean;
}

/** A request to a screen, with the fake session it uses. */
export function editorRequest(init: RequestInit = {}): {
  request: EditorRequest;
  session: ReturnType<typeof fakeSession>;
} {
  const session = fakeSession();
  let form: FormData | null = null;
  if (init.form) {
    form = new FormData();
    for (const [name, value] of Object.entries(init.form)) form.set(name, value);
  }
  const request: EditorRequest = {
    form,
    params: init.params ?? {},
    query: new URLSearchParams(init.query ?? ''),
    t: createT('ru'),
    session,
    editor: init.signedIn === false ? null : { api: init.api ?? fakeEditorApi().api, flash: null },
    notFound: () => Promise.resolve(new Response('the 404 page', { status: 404 })),
  };
  return { request, session };
}
