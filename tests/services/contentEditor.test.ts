import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import {
  contentBlockSchema,
  editorPostSchema,
  editorPromotionSchema,
  editorSliderItemSchema,
  editorSliderSchema,
  pageSchema,
  postListSchema,
  postSchema,
  promotionListSchema,
  promotionSchema,
  sliderSchema,
} from '../../src/api/schemas/content.ts';
import { editorIndexSchema } from '../../src/api/schemas/contentEditor.ts';
import { migrate, openDatabase } from '../../src/services/db/database.ts';
import { migrationsDir } from '../../src/services/db/serviceDatabases.ts';
import { createContentApp } from '../../src/services/content/contentApp.ts';
import { createServices } from '../../src/services/index.ts';
import type { Services } from '../../src/services/index.ts';

/** The editor API: bearer token, validation, round trips through the public calls, change tags. */
const TOKEN = 'test-editor-token-1234';
const changes: { tags: string[]; paths: string[] }[] = [];
let services: Services;

beforeAll(async () => {
  services = await createServices({
    dataDir: ':memory:',
    seed: { seed: 42, products: 120 },
    editorToken: TOKEN,
    onContentChange: (change) => {
      changes.push(change);
    },
  });
});
afterAll(() => services.close());
afterEach(() => {
  changes.length = 0;
});

const url = (path: string): string => `http://shop.test/svc/content${path}`;

function send(method: string, path: string, body?: unknown, token: string | null = TOKEN): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  return services.fetch(
    new Request(url(path), {
      method,
      headers,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );
}

async function read<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return schema.parse(body);
}

async function publicGet(path: string): Promise<Response> {
  return services.fetch(new Request(url(path)));
}

async function publicJson<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  return read(await publicGet(path), 200, schema);
}

async function expectStatus(path: string, status: number): Promise<void> {
  const response = await publicGet(path);
  expect(response.status, path).toBe(status);
}

describe('the editor token', () => {
  const write = { formatName: 'text', contentFormatted: '<p>hacked</p>' };

  it.each([
    ['no Authorization header', null],
    ['a wrong token', 'wrong-token'],
    ['the token with a suffix', `${TOKEN}x`],
    ['an empty token', ''],
  ])('refuses %s with 401 JSON and changes nothing', async (_label, token) => {
    const before = await publicJson('/public/content-block/bbs/main_description/ru', contentBlockSchema);
    const response = await send('PUT', '/admin/content-block/bbs/main_description/ru', write, token);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="cms"');
    expect(serviceErrorSchema.parse(await read(response, 401, serviceErrorSchema)).code).toBe(401);
    expect(await publicJson('/public/content-block/bbs/main_description/ru', contentBlockSchema)).toEqual(before);
    expect(changes).toEqual([]);
  });

  it('refuses Basic credentials carrying the token', async () => {
    const response = await services.fetch(
      new Request(url('/admin/content-block/bbs/main_description/ru'), {
        method: 'DELETE',
        headers: { authorization: `Basic ${TOKEN}` },
      }),
    );
    expect(response.status).toBe(401);
  });

  it('refuses every editor call when no token is configured', async () => {
    const open = await createServices({ dataDir: ':memory:', seed: { seed: 1, products: 20 } });
    try {
      const response = await open.fetch(
        new Request(url('/admin/content-block/bbs/main_description/ru'), {
          method: 'PUT',
          headers: { authorization: 'Bearer undefined', 'content-type': 'application/json' },
          body: JSON.stringify(write),
        }),
      );
      const body = await read(response, 401, serviceErrorSchema);
      expect(body.message).toMatch(/disabled/);
    } finally {
      open.close();
    }
  });

  it('checks the token before looking at the body', async () => {
    const response = await send('PUT', '/admin/content-block/bbs/x/ru', 'not json', 'wrong');
    expect(response.status).toBe(401);
  });
});

describe('content blocks', () => {
  it('creates, updates and deletes a block, visible through the public call, with its tags', async () => {
    const path = '/admin/content-block/bbs/test-block/ru';
    await expectStatus('/public/content-block/bbs/test-block/ru', 404);

    const created = await read(
      await send('PUT', path, { formatName: 'text', contentFormatted: '<p>Первый</p><script>x()</script>' }),
      201,
      contentBlockSchema,
    );
    expect(created).toMatchObject({ code: 'test-block', formatName: 'text' });
    expect(changes).toEqual([{ tags: ['content:test-block', 'content:test-block:ru'], paths: [] }]);
    // HTML is stored as given: the storefront sanitises at render time.
    expect((await publicJson('/public/content-block/bbs/test-block/ru', contentBlockSchema)).contentFormatted).toBe(
      '<p>Первый</p><script>x()</script>',
    );
    await expectStatus('/public/content-block/bbs/test-block/uk', 404);

    await read(await send('PUT', path, { formatName: 'text', contentFormatted: 'Второй' }), 200, contentBlockSchema);
    expect((await publicJson('/public/content-block/bbs/test-block/ru', contentBlockSchema)).contentFormatted).toBe(
      'Второй',
    );

    const deleted = await send('DELETE', path);
    expect(deleted.status).toBe(204);
    await expectStatus('/public/content-block/bbs/test-block/ru', 404);
    expect(changes).toHaveLength(3);
    expect(changes[2]?.tags).toEqual(['content:test-block', 'content:test-block:ru']);

    expect((await send('DELETE', path)).status).toBe(404);
    expect(changes).toHaveLength(3);
  });

  it('tags a main-page block with the main page of its locale', async () => {
    await read(
      await send('PUT', '/admin/content-block/bbs/main_description/uk', {
        formatName: 'text',
        contentFormatted: '<p>Новий опис</p>',
      }),
      200,
      contentBlockSchema,
    );
    expect(changes).toEqual([{ tags: ['content:main_description', 'content:main_description:uk'], paths: ['/ua/'] }]);
    expect(
      (await publicJson('/public/content-block/bbs/main_description/uk', contentBlockSchema)).contentFormatted,
    ).toBe('<p>Новий опис</p>');
    // The other language is untouched.
    expect(
      (await publicJson('/public/content-block/bbs/main_description/ru', contentBlockSchema)).contentFormatted,
    ).toContain('Карапуз');
  });

  it('stores a JSON value as JSON text, and JSON text as given', async () => {
    const value = { title: 'Хиты', link: null, productIds: [100001, 100002] };
    await read(
      await send('PUT', '/admin/content-block/bbs/test-json/ru', { formatName: 'json', contentFormatted: value }),
      201,
      contentBlockSchema,
    );
    const stored = await publicJson('/public/content-block/bbs/test-json/ru', contentBlockSchema);
    expect(stored.formatName).toBe('json');
    expect(JSON.parse(stored.contentFormatted)).toEqual(value);
    await read(
      await send('PUT', '/admin/content-block/bbs/test-json/ru', { formatName: 'json', contentFormatted: '[1, 2]' }),
      200,
      contentBlockSchema,
    );
    expect((await publicJson('/public/content-block/bbs/test-json/ru', contentBlockSchema)).contentFormatted).toBe(
      '[1, 2]',
    );
  });

  it.each([
    ['a format other than text or json', { formatName: 'html', contentFormatted: '<p>x</p>' }],
    ['JSON text that does not parse', { formatName: 'json', contentFormatted: '{"title": ' }],
    ['a non-string for text', { formatName: 'text', contentFormatted: { a: 1 } }],
    ['a missing content', { formatName: 'text' }],
    ['a content over the size limit', { formatName: 'text', contentFormatted: 'x'.repeat(300_001) }],
  ])('rejects %s with 400 and no change', async (_label, body) => {
    const response = await send('PUT', '/admin/content-block/bbs/test-invalid/ru', body);
    expect((await read(response, 400, serviceErrorSchema)).code).toBe(400);
    await expectStatus('/public/content-block/bbs/test-invalid/ru', 404);
    expect(changes).toEqual([]);
  });

  it('rejects a body that is not JSON with 400 and one over 1 MB with 413', async () => {
    expect((await send('PUT', '/admin/content-block/bbs/test-invalid/ru', '{oops')).status).toBe(400);
    const huge = JSON.stringify({ formatName: 'text', contentFormatted: 'я'.repeat(600_000) });
    const response = await send('PUT', '/admin/content-block/bbs/test-invalid/ru', huge);
    expect((await read(response, 413, serviceErrorSchema)).code).toBe(413);
    expect(changes).toEqual([]);
  });

  it('rejects a bad slug, locale or project', async () => {
    const body = { formatName: 'text', contentFormatted: 'x' };
    expect((await send('PUT', '/admin/content-block/bbs/Bad%20Slug/ru', body)).status).toBe(400);
    expect((await send('PUT', '/admin/content-block/bbs/ok-slug/de', body)).status).toBe(400);
    expect((await send('PUT', '/admin/content-block/other/ok-slug/ru', body)).status).toBe(404);
    expect(changes).toEqual([]);
  });
});

describe('info pages', () => {
  it('replaces a page and deletes it', async () => {
    const page = await read(
      await send('PUT', '/admin/page/bbs/delivery/uk', { title: 'Доставка 2.0', content: '<p>Нові умови</p>' }),
      200,
      pageSchema,
    );
    expect(page).toMatchObject({ slug: 'delivery', locale: 'uk', title: 'Доставка 2.0', metaTitle: null });
    expect(changes).toEqual([{ tags: ['page:delivery', 'page:delivery:uk'], paths: ['/ua/info/delivery'] }]);
    expect((await publicJson('/public/page/bbs/delivery/uk', pageSchema)).content).toBe('<p>Нові умови</p>');
    expect((await publicJson('/public/page/bbs/delivery/ru', pageSchema)).title).toBe('Доставка');

    await read(await send('PUT', '/admin/page/bbs/new-page/ru', { title: 'Новая', content: '' }), 201, pageSchema);
    expect((await send('DELETE', '/admin/page/bbs/new-page/ru')).status).toBe(204);
    await expectStatus('/public/page/bbs/new-page/ru', 404);
    expect(changes.at(-1)).toEqual({ tags: ['page:new-page', 'page:new-page:ru'], paths: ['/info/new-page'] });
    expect((await send('PUT', '/admin/page/bbs/x/ru', { title: '', content: 'x' })).status).toBe(400);
  });
});

describe('sliders', () => {
  const slide = (title: string, ordering: number, isActive = true) => ({
    ordering,
    isActive,
    props: { title, img: `/img/${title}.svg`, alt: title, link: '/odezhda' },
  });

  it('creates a slider with slides; only active ones show, by ordering', async () => {
    const created = await read(
      await send('PUT', '/admin/slider/bbs/test-slider/ru', {
        title: 'Тест',
        items: [slide('b', 20), slide('hidden', 5, false), slide('a', 10)],
      }),
      201,
      editorSliderSchema,
    );
    expect(created.items).toHaveLength(3);
    expect(changes).toEqual([{ tags: ['slider:test-slider', 'slider:test-slider:ru'], paths: [] }]);
    const shown = await publicJson('/public/slider/bbs/test-slider/ru', sliderSchema);
    expect(shown.title).toBe('Тест');
    expect(shown.activeSliderItem.map((item) => item.props.find((p) => p.key === 'title')?.value)).toEqual(['a', 'b']);
    expect(shown.activeSliderItem[0]?.props).toEqual([
      { key: 'title', value: 'a' },
      { key: 'img', value: '/img/a.svg' },
      { key: 'alt', value: 'a' },
      { key: 'link', value: '/odezhda' },
    ]);
    await expectStatus('/public/slider/bbs/test-slider/uk', 404);
  });

  it('adds, changes and removes one slide', async () => {
    const base = '/admin/slider/bbs/test-slider/ru';
    const added = await read(
      await send('POST', `${base}/item`, {
        ordering: 1,
        title: 'Баннер меню',
        value: 'odezhda',
        props: [
          { key: 'type', value: '1' },
          { key: 'link', value: '/odezhda' },
        ],
      }),
      201,
      editorSliderItemSchema,
    );
    let shown = await publicJson('/public/slider/bbs/test-slider/ru', sliderSchema);
    expect(shown.activeSliderItem[0]).toMatchObject({ id: added.id, title: 'Баннер меню', value: 'odezhda' });

    const changed = await read(
      await send('PUT', `${base}/item/${added.id}`, { isActive: false }),
      200,
      editorSliderItemSchema,
    );
    expect(changed).toMatchObject({ isActive: false, title: 'Баннер меню', ordering: 1 });
    shown = await publicJson('/public/slider/bbs/test-slider/ru', sliderSchema);
    expect(shown.activeSliderItem.map((item) => item.id)).not.toContain(added.id);

    expect((await send('DELETE', `${base}/item/${added.id}`)).status).toBe(204);
    expect((await send('DELETE', `${base}/item/${added.id}`)).status).toBe(404);
    const editorView = await read(await send('GET', '/admin/slider/bbs/test-slider/ru'), 200, editorSliderSchema);
    expect(editorView.items.map((item) => item.id)).not.toContain(added.id);
    expect(changes).toHaveLength(3);
    for (const change of changes) expect(change.tags).toEqual(['slider:test-slider', 'slider:test-slider:ru']);
  });

  it('does not touch a slide through another slider', async () => {
    const main = await read(await send('GET', '/admin/slider/bbs/main-page-slider/ru'), 200, editorSliderSchema);
    const foreign = main.items[0]?.id ?? 0;
    expect((await send('PUT', `/admin/slider/bbs/test-slider/ru/item/${foreign}`, { isActive: false })).status).toBe(
      404,
    );
    expect((await send('DELETE', `/admin/slider/bbs/test-slider/ru/item/${foreign}`)).status).toBe(404);
    expect((await send('POST', '/admin/slider/bbs/no-such-slider/ru/item', slide('x', 1))).status).toBe(404);
    expect(changes).toEqual([]);
  });

  it('rejects duplicate prop keys and bad slides', async () => {
    const duplicate = {
      props: [
        { key: 'img', value: 'a' },
        { key: 'img', value: 'b' },
      ],
    };
    expect((await send('POST', '/admin/slider/bbs/test-slider/ru/item', duplicate)).status).toBe(400);
    expect((await send('POST', '/admin/slider/bbs/test-slider/ru/item', { props: { 'bad key': 'x' } })).status).toBe(
      400,
    );
    expect((await send('PUT', '/admin/slider/bbs/test-slider/ru/item/abc', { isActive: true })).status).toBe(400);
  });

  it('replaces all slides when items are given, and deletes the slider', async () => {
    await read(
      await send('PUT', '/admin/slider/bbs/test-slider/ru', { items: [slide('only', 1)] }),
      200,
      editorSliderSchema,
    );
    const shown = await publicJson('/public/slider/bbs/test-slider/ru', sliderSchema);
    expect(shown.title).toBe('Тест');
    expect(shown.activeSliderItem).toHaveLength(1);
    expect((await send('DELETE', '/admin/slider/bbs/test-slider/ru')).status).toBe(204);
    await expectStatus('/public/slider/bbs/test-slider/ru', 404);
  });

  it('tags a main-page slider with the main page', async () => {
    const main = await read(await send('GET', '/admin/slider/bbs/main-page-slider/uk'), 200, editorSliderSchema);
    const first = main.items[0];
    if (!first) throw new Error('main slider is empty');
    await read(
      await send('PUT', `/admin/slider/bbs/main-page-slider/uk/item/${first.id}`, { ordering: 999 }),
      200,
      editorSliderItemSchema,
    );
    expect(changes).toEqual([{ tags: ['slider:main-page-slider', 'slider:main-page-slider:uk'], paths: ['/ua/'] }]);
    const shown = await publicJson('/public/slider/bbs/main-page-slider/uk', sliderSchema);
    expect(shown.activeSliderItem.at(-1)?.id).toBe(first.id);
  });
});

describe('blog and news', () => {
  const translation = (title: string) => ({ title, preview: `${title}: коротко`, content: `<p>${title}</p>` });

  it('creates a post in one language, adds the other, and deletes it', async () => {
    const created = await read(
      await send('PUT', '/admin/blog/bbs/test-post', {
        publishedAt: '2030-01-01T10:00:00.000Z',
        image: '/img/test.svg',
        translations: { ru: translation('Тестовый пост') },
      }),
      201,
      editorPostSchema,
    );
    expect(created).toMatchObject({ slug: 'test-post', group: 0, created: true, translations: { uk: null } });
    expect(changes).toEqual([{ tags: ['blog', 'blog:ru', 'post:test-post', 'post:test-post:ru'], paths: ['/blog'] }]);
    const ru = await publicJson('/public/blog/bbs/ru?limit=1', postListSchema);
    expect(ru.items[0]).toMatchObject({ slug: 'test-post', title: 'Тестовый пост', imageAlt: 'Тестовый пост' });
    const uk = await publicJson('/public/blog/bbs/uk?limit=100', postListSchema);
    expect(uk.items.map((post) => post.slug)).not.toContain('test-post');
    await expectStatus('/public/blog/bbs/test-post/uk', 404);

    await read(
      await send('PUT', '/admin/blog/bbs/test-post', { translations: { uk: translation('Тестовий допис') } }),
      200,
      editorPostSchema,
    );
    // A text change touches only its own language.
    expect(changes[1]).toEqual({
      tags: ['blog', 'blog:uk', 'post:test-post', 'post:test-post:uk'],
      paths: ['/ua/blog'],
    });
    const post = await publicJson('/public/blog/bbs/test-post/uk', postSchema);
    expect(post).toMatchObject({
      title: 'Тестовий допис',
      publishedAt: '2030-01-01T10:00:00.000Z',
      image: '/img/test.svg',
    });

    expect((await send('DELETE', '/admin/blog/bbs/test-post')).status).toBe(204);
    expect(changes[2]).toEqual({
      tags: ['blog', 'blog:ru', 'blog:uk', 'post:test-post', 'post:test-post:ru', 'post:test-post:uk'],
      paths: ['/blog', '/ua/blog'],
    });
    await expectStatus('/public/blog/bbs/test-post/ru', 404);
    expect((await send('DELETE', '/admin/blog/bbs/test-post')).status).toBe(404);
  });

  it('writes news under blog-news with the news tags', async () => {
    await read(
      await send('PUT', '/admin/blog-news/bbs/test-news', {
        image: '/img/n.svg',
        translations: { ru: translation('Новость'), uk: translation('Новина') },
      }),
      201,
      editorPostSchema,
    );
    expect(changes[0]?.tags).toEqual([
      'news',
      'news:ru',
      'news:uk',
      'post:test-news',
      'post:test-news:ru',
      'post:test-news:uk',
    ]);
    expect((await publicJson('/public/blog-news/bbs/test-news/uk', postSchema)).group).toBe(1);
    await expectStatus('/public/blog/bbs/test-news/uk', 404);
    // The slug belongs to news: the blog cannot take it, nor delete it.
    expect((await send('PUT', '/admin/blog/bbs/test-news', { translations: { ru: translation('x') } })).status).toBe(
      409,
    );
    expect((await send('DELETE', '/admin/blog/bbs/test-news')).status).toBe(404);
    expect((await send('DELETE', '/admin/blog-news/bbs/test-news')).status).toBe(204);
  });

  it('needs a translation and an image for a new post, and valid dates', async () => {
    expect((await send('PUT', '/admin/blog/bbs/empty-post', { image: '/x.svg' })).status).toBe(400);
    expect(
      (await send('PUT', '/admin/blog/bbs/empty-post', { translations: { ru: translation('Без картинки') } })).status,
    ).toBe(400);
    expect(
      (
        await send('PUT', '/admin/blog/bbs/empty-post', {
          image: '/x.svg',
          publishedAt: 'yesterday',
          translations: { ru: translation('x') },
        })
      ).status,
    ).toBe(400);
    await expectStatus('/public/blog/bbs/empty-post/ru', 404);
    expect(changes).toEqual([]);
  });
});

describe('promotions', () => {
  it('creates a promotion for products, deactivates and deletes it', async () => {
    const created = await read(
      await send('PUT', '/admin/promotion/bbs/test-promo', {
        image: '/img/p.svg',
        ordering: -1,
        productIds: [100005, 100006],
        translations: {
          ru: { title: 'Тестовая акция', description: 'Описание' },
          uk: { title: 'Тестова акція' },
        },
      }),
      201,
      editorPromotionSchema,
    );
    expect(created).toMatchObject({ slug: 'test-promo', isActive: true, productIds: [100005, 100006] });
    expect(changes).toEqual([
      {
        tags: [
          'promotion',
          'promotion:ru',
          'promotion:uk',
          'promotion:test-promo',
          'promotion:test-promo:ru',
          'promotion:test-promo:uk',
        ],
        paths: [],
      },
    ]);
    expect((await publicJson('/public/promotion/bbs/uk', promotionListSchema)).items[0]?.slug).toBe('test-promo');
    const forProduct = await publicJson('/public/promotion/for-product/bbs/100006/ru', promotionListSchema);
    expect(forProduct.items.map((p) => p.slug)).toContain('test-promo');
    expect((await publicJson('/public/promotion/bbs/test-promo/ru', promotionSchema)).description).toBe('Описание');

    const off = await read(
      await send('PUT', '/admin/promotion/bbs/test-promo', { isActive: false }),
      200,
      editorPromotionSchema,
    );
    expect(off.isActive).toBe(false);
    expect(off.translations.ru?.title).toBe('Тестовая акция');
    await expectStatus('/public/promotion/bbs/test-promo/ru', 404);
    const after = await publicJson('/public/promotion/for-product/bbs/100006/ru', promotionListSchema);
    expect(after.items.map((p) => p.slug)).not.toContain('test-promo');

    expect((await send('DELETE', '/admin/promotion/bbs/test-promo')).status).toBe(204);
    expect((await send('DELETE', '/admin/promotion/bbs/test-promo')).status).toBe(404);
    expect(changes).toHaveLength(3);
  });

  it('tags a text-only change with its own language only', async () => {
    await read(
      await send('PUT', '/admin/promotion/bbs/skidki-do-50', { translations: { uk: { title: 'Знижки до −60%' } } }),
      200,
      editorPromotionSchema,
    );
    expect(changes).toEqual([
      { tags: ['promotion', 'promotion:uk', 'promotion:skidki-do-50', 'promotion:skidki-do-50:uk'], paths: [] },
    ]);
    expect((await publicJson('/public/promotion/bbs/skidki-do-50/uk', promotionSchema)).title).toBe('Знижки до −60%');
  });

  it('rejects bad product ids', async () => {
    const response = await send('PUT', '/admin/promotion/bbs/x', { productIds: [-1], translations: {} });
    expect(response.status).toBe(400);
  });
});

describe('the change hook', () => {
  function bareContentApp(options: Parameters<typeof createContentApp>[1]) {
    const db = openDatabase(':memory:', { synchronous: 'NORMAL' });
    migrate(db, migrationsDir('content'));
    return { app: createContentApp(db, { editorToken: TOKEN, ...options }), close: () => db.close() };
  }

  const put = (app: ReturnType<typeof createContentApp>) =>
    app.fetch(
      new Request('http://x/admin/content-block/bbs/hooked/ru', {
        method: 'PUT',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify({ formatName: 'text', contentFormatted: 'ok' }),
      }),
    );

  it('never fails the editor’s request when it throws; the failure is logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { app, close } = bareContentApp({
      onContentChange: () => {
        throw new Error('cache is down');
      },
    });
    try {
      expect((await put(app)).status).toBe(201);
      expect(log).toHaveBeenCalledWith(expect.stringContaining('content:hooked'), 'cache is down');
      expect((await app.fetch(new Request('http://x/public/content-block/bbs/hooked/ru'))).status).toBe(200);
    } finally {
      log.mockRestore();
      close();
    }
  });

  it('answers the editor when an async hook rejects or hangs', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const rejecting = bareContentApp({ onContentChange: () => Promise.reject(new Error('503 from revalidate')) });
    const hanging = bareContentApp({ onContentChange: () => new Promise<void>(() => undefined), hookTimeoutMs: 30 });
    try {
      expect((await put(rejecting.app)).status).toBe(201);
      const started = performance.now();
      expect((await put(hanging.app)).status).toBe(201);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(log).toHaveBeenCalledTimes(2);
    } finally {
      log.mockRestore();
      rejecting.close();
      hanging.close();
    }
  });

  it('is awaited before the editor gets the answer', async () => {
    let done = false;
    const { app, close } = bareContentApp({
      onContentChange: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        done = true;
      },
    });
    try {
      expect((await put(app)).status).toBe(201);
      expect(done).toBe(true);
    } finally {
      close();
    }
  });
});

describe('the editor reads', () => {
  it('lists every kind of content, including inactive promotions, newest change first', async () => {
    await read(
      await send('PUT', '/admin/content-block/bbs/index-probe/uk', { formatName: 'text', contentFormatted: 'x' }),
      201,
      contentBlockSchema,
    );
    const index = await read(await send('GET', '/admin/index/bbs'), 200, editorIndexSchema);
    expect(index.blocks[0]).toMatchObject({ slug: 'index-probe', locale: 'uk', formatName: 'text' });
    expect(index.blocks.some((b) => b.slug === 'main_description' && b.locale === 'ru')).toBe(true);
    expect(index.pages.some((p) => p.slug === 'bonus-rules')).toBe(true);
    const main = index.sliders.find((s) => s.slug === 'main-page-slider' && s.locale === 'ru');
    expect(main?.items).toBeGreaterThan(0);
    expect(index.posts.filter((p) => p.group === 0).length).toBeGreaterThanOrEqual(20);
    expect(index.posts.filter((p) => p.group === 1).length).toBeGreaterThanOrEqual(20);
    expect(index.posts.every((p) => p.locales.length > 0)).toBe(true);
    expect(index.promotions.length).toBeGreaterThan(0);
    expect(changes).toHaveLength(1);
    await send('DELETE', '/admin/content-block/bbs/index-probe/uk');
  });

  it('refuses the list and the reads without the token', async () => {
    for (const path of [
      '/admin/index/bbs',
      '/admin/content-block/bbs/main_description/ru',
      '/admin/page/bbs/bonus-rules/ru',
    ]) {
      expect((await send('GET', path, undefined, null)).status, path).toBe(401);
    }
  });

  it('reads a block, a page, a post with both translations and a promotion; 404 for unknown ones', async () => {
    const block = await read(
      await send('GET', '/admin/content-block/bbs/main_description/uk'),
      200,
      contentBlockSchema,
    );
    expect(block.code).toBe('main_description');
    const page = await read(await send('GET', '/admin/page/bbs/bonus-rules/ru'), 200, pageSchema);
    expect(page.title.length).toBeGreaterThan(0);
    const index = await read(await send('GET', '/admin/index/bbs'), 200, editorIndexSchema);
    const news = index.posts.find((p) => p.group === 1);
    if (!news) throw new Error('the seed has no news');
    const post = await read(await send('GET', `/admin/blog-news/bbs/${news.slug}`), 200, editorPostSchema);
    expect(post.group).toBe(1);
    expect(post.translations.ru ?? post.translations.uk).not.toBeNull();
    expect((await send('GET', `/admin/blog/bbs/${news.slug}`)).status).toBe(404);
    const promo = index.promotions[0];
    if (!promo) throw new Error('the seed has no promotions');
    const promotion = await read(await send('GET', `/admin/promotion/bbs/${promo.slug}`), 200, editorPromotionSchema);
    expect(promotion.isActive).toBe(promo.isActive);
    for (const path of [
      '/admin/content-block/bbs/no-such-block/ru',
      '/admin/page/bbs/no-such-page/uk',
      '/admin/promotion/bbs/no-such-promo',
      '/admin/index/other',
    ]) {
      expect((await send('GET', path)).status, path).toBe(404);
    }
  });
});
