import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isApiError } from '../../src/api/apiError.ts';
import { serviceBaseUrls } from '../../src/api/config.ts';
import { createHttpClient } from '../../src/api/http.ts';
import { createT } from '../../src/i18n/i18n.ts';
import type { Locale } from '../../src/i18n/locale.ts';
import { infoPageOutcome, POSTS_PAGE_SIZE, postRouteOutcome } from '../../src/server/pages/contentPages.ts';
import type { PageOutcome, PageRequest } from '../../src/server/request/pageOutcome.ts';
import { fakeFetch, json, type Sent } from './support/fakeFetch.ts';

const baseUrls = serviceBaseUrls({ CONTENT_API_URL: 'https://content.test' });

function context(handler: (sent: Sent) => Response, locale: Locale = 'ru', search = '') {
  const fake = fakeFetch(handler);
  const ctx: PageRequest = {
    api: createHttpClient({ baseUrls, fetch: fake.fetch, locale }),
    locale,
    t: createT(locale),
    origin: 'https://shop.test',
    url: new URL(`https://shop.test/any${search}`),
    params: {},
  };
  return { ctx, sent: fake.sent };
}

const noData = () => json({ code: 404, message: 'nothing here' }, 404);
const broken = () => json({ code: 500, message: 'database is locked' }, 500);

const summary = (n: number, group: 0 | 1 = 0) => ({
  id: n,
  slug: `post-${n}`,
  group,
  title: `Статья ${n}`,
  preview: `Коротко о ${n}`,
  image: `/svc/content/public/images/post-${n}.svg`,
  imageAlt: `Картинка ${n}`,
  publishedAt: '2026-03-01T22:30:00.000Z',
});
const list = (total: number, from: number, count: number, group: 0 | 1 = 0) => ({
  items: Array.from({ length: count }, (_, i) => summary(from + i, group)),
  total,
});
const post = (slug: string, content: string, group: 0 | 1 = 0) => ({
  ...summary(1, group),
  slug,
  locale: 'ru',
  content,
  metaTitle: null,
  metaDescription: null,
});

/** The model of a found page; fails the test for a redirect or not found. */
function model<T>(outcome: PageOutcome<T>): T {
  if (outcome.kind !== 'page') throw new Error(`expected a page, got ${outcome.kind}`);
  return outcome.model;
}
const tags = (outcome: PageOutcome<unknown>) => (outcome.kind === 'page' ? outcome.cache.tags : null);

const query = (sent: Sent | undefined) => Object.fromEntries(sent?.url.searchParams ?? []);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a post list page', () => {
  it('page 1 asks for the first page of the group and links to page 2', async () => {
    const { ctx, sent } = context(() => json(list(30, 1, POSTS_PAGE_SIZE)));
    const outcome = await postRouteOutcome(ctx, 'blog', undefined);
    expect(sent[0]?.url.pathname).toBe('/public/blog/bbs/ru');
    expect(query(sent[0])).toMatchObject({ page: '0', limit: String(POSTS_PAGE_SIZE), group: '0' });
    const view = model(outcome);
    if (view.kind !== 'list') throw new Error(view.kind);
    expect(tags(outcome)).toEqual(['blog:ru']);
    expect(view.data).toMatchObject({
      page: 1,
      pageCount: 3,
      heading: 'Блог',
      title: 'Блог — Карапуз',
      canonicalPath: '/blog',
      current: 'Блог',
      crumbs: [{ title: 'Главная', href: '/' }],
    });
    expect(view.data.links.prevHref).toBeNull();
    expect(view.data.links.nextHref).toBe('/blog/page-2');
    expect(view.data.posts[0]).toMatchObject({ href: '/blog/post-1', title: 'Статья 1' });
  });

  it('shows dates as DD.MM.YYYY in Kyiv time', async () => {
    const { ctx } = context(() => json(list(1, 1, 1)));
    const outcome = await postRouteOutcome(ctx, 'blog', undefined);
    const view = model(outcome);
    if (view.kind !== 'list') throw new Error(view.kind);
    // 22:30 UTC on 1 March is already 2 March in Kyiv.
    expect(view.data.posts[0]?.date).toBe('02.03.2026');
  });

  it('page 2 of the Ukrainian news has prev and next, its own title and breadcrumb', async () => {
    const { ctx, sent } = context(() => json(list(30, 13, POSTS_PAGE_SIZE, 1)), 'uk');
    const outcome = await postRouteOutcome(ctx, 'news', 'page-2');
    expect(sent[0]?.url.pathname).toBe('/public/blog-news/bbs/uk');
    expect(query(sent[0])).toMatchObject({ page: '1', group: '1' });
    const view = model(outcome);
    if (view.kind !== 'list') throw new Error(view.kind);
    expect(tags(outcome)).toEqual(['news:uk']);
    expect(view.data).toMatchObject({
      page: 2,
      heading: 'Новини — сторінка 2',
      title: 'Новини — сторінка 2 — Карапуз',
      canonicalPath: '/ua/news/page-2',
      current: 'Сторінка 2',
      crumbs: [
        { title: 'Головна', href: '/ua/' },
        { title: 'Новини', href: '/ua/news' },
      ],
    });
    expect(view.data.links.prevHref).toBe('/ua/news');
    expect(view.data.links.nextHref).toBe('/ua/news/page-3');
    expect(view.data.posts[0]?.href).toBe('/ua/news/post-13');
    const crumbs = z
      .object({ '@type': z.literal('BreadcrumbList'), itemListElement: z.array(z.object({ item: z.string() })) })
      .parse(JSON.parse(view.data.jsonLd));
    expect(crumbs.itemListElement.map((c) => c.item)).toEqual([
      'https://shop.test/ua/',
      'https://shop.test/ua/news',
      'https://shop.test/ua/news/page-2',
    ]);
  });

  it('an empty list still has its page 1', async () => {
    const { ctx } = context(() => json(list(0, 1, 0)));
    const outcome = await postRouteOutcome(ctx, 'news', undefined);
    expect(model(outcome)).toMatchObject({ kind: 'list', data: { page: 1, pageCount: 1, posts: [] } });
  });

  it('a page past the last is not found', async () => {
    const { ctx } = context(() => json(list(13, 25, 0)));
    expect(await postRouteOutcome(ctx, 'blog', 'page-3')).toEqual({ kind: 'notFound' });
  });

  it('page-1 is a redirect to the list, query kept, without asking the service', async () => {
    const { ctx, sent } = context(() => json(list(30, 1, 12)), 'uk', '?utm_source=x');
    expect(await postRouteOutcome(ctx, 'blog', 'page-1')).toEqual({
      kind: 'redirect',
      location: '/ua/blog?utm_source=x',
      status: 301,
    });
    expect(sent).toHaveLength(0);
  });

  it.each(['page-0', 'page-02', 'Bad_Slug', 'кириллица'])('%s is not found without asking the service', async (s) => {
    const { ctx, sent } = context(() => json(list(30, 1, 12)));
    expect(await postRouteOutcome(ctx, 'blog', s)).toEqual({ kind: 'notFound' });
    expect(sent).toHaveLength(0);
  });

  it('a failing content service fails the list (the 500 page, never cached)', async () => {
    const { ctx } = context(broken);
    const failure = await postRouteOutcome(ctx, 'blog', undefined).catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status === 500).toBe(true);
  });
});

describe('a post page', () => {
  const hostile =
    '<h1>Заголовок</h1><p onclick="alert(1)">Текст<script>alert(1)</script></p>' +
    '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">ссылка</a>' +
    '<style>body{background:url(//evil)}</style><p style="color:red">стиль</p>';

  function answer(postAnswer: () => Response, listAnswer: () => Response = () => json(list(5, 1, 4))) {
    return (sent: Sent) => (/\/bbs\/(?:ru|uk)$/.test(sent.url.pathname) ? listAnswer() : postAnswer());
  }

  it('shows the post with its HTML sanitised, structured data and tags', async () => {
    const { ctx, sent } = context(answer(() => json(post('kak-vybrat', hostile))));
    const outcome = await postRouteOutcome(ctx, 'blog', 'kak-vybrat');
    expect(sent.map((s) => s.url.pathname)).toContain('/public/blog/bbs/kak-vybrat/ru');
    const view = model(outcome);
    if (view.kind !== 'post') throw new Error(view.kind);
    expect(tags(outcome)).toEqual(['post:kak-vybrat:ru', 'blog:ru']);
    expect(view.data.html).toBe(
      '<h2>Заголовок</h2><p>Текст</p><img src="x" loading="lazy" decoding="async" alt="" />ссылка<p>стиль</p>',
    );
    expect(view.data).toMatchObject({
      canonicalPath: '/blog/kak-vybrat',
      title: 'Статья 1 — Карапуз',
      description: 'Коротко о 1',
      date: '02.03.2026',
      listHref: '/blog',
    });
    const [article] = z
      .tuple([
        z.object({
          '@type': z.literal('BlogPosting'),
          headline: z.string(),
          datePublished: z.string(),
          image: z.array(z.string()),
          inLanguage: z.literal('ru'),
          publisher: z.object({ '@type': z.literal('Organization'), name: z.literal('Карапуз') }),
        }),
        z.object({ '@type': z.literal('BreadcrumbList') }),
      ])
      .parse(JSON.parse(view.data.jsonLd));
    expect(article.image).toEqual(['https://shop.test/svc/content/public/images/post-1.svg']);
  });

  it('offers the newest other posts of the list, never itself', async () => {
    const { ctx } = context(answer(() => json(post('post-2', '<p>x</p>'))));
    const outcome = await postRouteOutcome(ctx, 'blog', 'post-2');
    const view = model(outcome);
    if (view.kind !== 'post') throw new Error(view.kind);
    expect(view.data.more.map((p) => p.slug)).toEqual(['post-1', 'post-3', 'post-4']);
  });

  it('a news item is read from the news list, as a NewsArticle', async () => {
    const { ctx, sent } = context(
      answer(() => json(post('novyy-brend', '<p>x</p>', 1))),
      'uk',
    );
    const outcome = await postRouteOutcome(ctx, 'news', 'novyy-brend');
    expect(sent.map((s) => s.url.pathname)).toContain('/public/blog-news/bbs/novyy-brend/uk');
    const view = model(outcome);
    if (view.kind !== 'post') throw new Error(view.kind);
    expect(view.data.canonicalPath).toBe('/ua/news/novyy-brend');
    expect(view.data.jsonLd).toContain('"@type":"NewsArticle"');
  });

  it('an unknown post (404 from the content service) is not found', async () => {
    const { ctx } = context(answer(noData));
    expect(await postRouteOutcome(ctx, 'news', 'no-such-post')).toEqual({ kind: 'notFound' });
  });

  it('a failing content service fails the post page', async () => {
    const { ctx } = context(answer(broken));
    const failure = await postRouteOutcome(ctx, 'blog', 'kak-vybrat').catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status === 500).toBe(true);
  });

  it('a failing "more posts" block leaves the post standing, and is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { ctx } = context(answer(() => json(post('kak-vybrat', '<p>x</p>')), broken));
    const outcome = await postRouteOutcome(ctx, 'blog', 'kak-vybrat');
    expect(model(outcome)).toMatchObject({ kind: 'post', data: { more: [], html: '<p>x</p>' } });
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe('an info page', () => {
  const page = {
    slug: 'bonus-rules',
    locale: 'uk',
    title: 'Правила бонусної програми',
    content: '<h2>Кешбек</h2><p>3%</p><iframe src="https://evil.test"></iframe><svg onload="alert(1)"></svg>',
    metaTitle: 'Правила бонусної програми | Карапуз',
    metaDescription: 'Як накопичувати бонуси',
    updatedAt: '2026-01-10T08:00:00.000Z',
  };

  it('shows the page sanitised, with meta, structured data and tags', async () => {
    const { ctx, sent } = context(() => json(page), 'uk');
    const outcome = await infoPageOutcome(ctx, 'bonus-rules');
    expect(sent[0]?.url.pathname).toBe('/public/page/bbs/bonus-rules/uk');
    expect(tags(outcome)).toEqual(['page:bonus-rules:uk']);
    const found = model(outcome);
    expect(found).toMatchObject({
      html: '<h2>Кешбек</h2><p>3%</p>',
      title: 'Правила бонусної програми | Карапуз',
      description: 'Як накопичувати бонуси',
      updated: '10.01.2026',
      canonicalPath: '/ua/info/bonus-rules',
    });
    const [webPage] = z
      .tuple([
        z.object({ '@type': z.literal('WebPage'), inLanguage: z.literal('uk'), dateModified: z.string() }),
        z.object({ '@type': z.literal('BreadcrumbList') }),
      ])
      .parse(JSON.parse(found.jsonLd));
    expect(webPage.dateModified).toBe('2026-01-10T08:00:00.000Z');
  });

  it('an unknown page is not found', async () => {
    const { ctx } = context(noData);
    expect(await infoPageOutcome(ctx, 'no-such-page')).toEqual({ kind: 'notFound' });
  });

  it('a malformed slug is not found without asking the service', async () => {
    const { ctx, sent } = context(() => json(page));
    expect(await infoPageOutcome(ctx, 'Bonus Rules')).toEqual({ kind: 'notFound' });
    expect(await infoPageOutcome(ctx, undefined)).toEqual({ kind: 'notFound' });
    expect(sent).toHaveLength(0);
  });

  it('a failing content service fails the page', async () => {
    const { ctx } = context(broken);
    const failure = await infoPageOutcome(ctx, 'delivery').catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status === 500).toBe(true);
  });
});
