import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { z } from 'zod';
import { pageSchema, postListSchema, type PostList } from '../../src/api/schemas/content.ts';
import { formatDate } from '../../src/domain/format/date.ts';
import { E2E_EDITOR_TOKEN } from '../../playwright.config.ts';
import { seriousA11yViolations, walksIn, watchConsole } from './support.ts';

// Blog, news and info pages as a shopper meets them, in both languages, against the seeded CMS.
// Expectations are read from the content service itself, so a wrong list, order or date fails.

const PAGE_SIZE = 12;
const LOCALES = [
  { prefix: '', locale: 'ru', blog: 'Блог', news: 'Новости', crumbs: 'Навигация' },
  { prefix: '/ua', locale: 'uk', blog: 'Блог', news: 'Новини', crumbs: 'Навігація' },
] as const;

/**
 * The layout's one module script is on every page: the consent banner (issue 12), which asks before
 * any analytics, the basket count and drawer opener (issue 9) and the account link that loads the
 * sign-in modal on demand (issue 11), with the chunks it shares (the basket's storage keys, the
 * customer hint's rules, Vite's loader for dynamic imports), and the banner's inline peek in the
 * head (shows the banner from the first paint). Nothing else may run on a content page.
 */
const HEADER_SCRIPT =
  /\/_astro\/(?:BaseLayout\.astro_astro_type_script|basketKeys|customerHint|preload-helper)[^/]*\.js$/;

/** Every other script the page asks the network for (the pages must ask for none). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !HEADER_SCRIPT.test(new URL(request.url()).pathname))
      scripts.push(request.url());
  });
  return scripts;
}

/**
 * Any script element or island in the whole document but the layout's own module script (consent
 * banner, basket count, account link, catalogue menu), the head's inline scripts (the banner's peek,
 * the language offer, the one that starts the page's files after its first picture) and the data the layout's script adds
 * (the next-pages rules, issue 27): blog, news and info
 * pages ship no other JavaScript (their search box is the plain form, without the quick-search island).
 */
const ownScripts = (page: Page) =>
  page.locator(
    'script:not([type="application/ld+json"]):not([type="speculationrules"]):not([src*="/_astro/BaseLayout.astro"]):not([data-consent-peek]):not([data-language-offer]):not([data-later-files]), astro-island',
  );

async function serviceList(
  request: APIRequestContext,
  kind: 'blog' | 'news',
  locale: 'ru' | 'uk',
  page: number,
): Promise<PostList> {
  const base = kind === 'blog' ? 'blog' : 'blog-news';
  const response = await request.get(`/svc/content/public/${base}/bbs/${locale}?page=${page}&limit=${PAGE_SIZE}`);
  expect(response.status()).toBe(200);
  return postListSchema.parse(await response.json());
}

const absoluteUrl = z.url({ protocol: /^https?$/ });
const publisher = z.object({ '@type': z.literal('Organization'), name: z.literal('Карапуз') });
const articleLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.enum(['Article', 'BlogPosting', 'NewsArticle']),
  headline: z.string().min(1),
  datePublished: z.iso.datetime({ offset: true }),
  image: z.array(absoluteUrl).min(1),
  inLanguage: z.enum(['ru', 'uk']),
  url: absoluteUrl,
  publisher,
});
const webPageLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.enum(['WebPage', 'Article']),
  name: z.string().min(1),
  inLanguage: z.enum(['ru', 'uk']),
  url: absoluteUrl,
  publisher,
});
const breadcrumbLd = z.object({
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z.array(z.object({ position: z.number(), name: z.string(), item: absoluteUrl })).min(2),
});

/** The page's JSON-LD blocks, flattened into one list of typed nodes. */
async function jsonLd(page: Page): Promise<{ '@type': string }[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.length).toBeGreaterThan(0);
  const node = z.looseObject({ '@type': z.string() });
  // A block holds one node or a list of them.
  return blocks.flatMap((text) => z.union([z.array(node), node.transform((n) => [n])]).parse(JSON.parse(text)));
}

async function expectIndexable(page: Page, path: string, prefix: string): Promise<void> {
  const unprefixed = prefix ? path.slice(prefix.length) : path;
  const end = (p: string) => new RegExp(`^https?://[^/]+${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', end(path));
  await expect(page.locator('link[hreflang="ru"]')).toHaveAttribute('href', end(unprefixed));
  await expect(page.locator('link[hreflang="uk"]')).toHaveAttribute('href', end(`/ua${unprefixed}`));
}

// One language per flow (docs/decisions.md "One language per end-to-end flow"): a test under a
// condition walks only the language it names.
for (const { prefix, locale, blog, crumbs } of LOCALES) {
  if (walksIn(locale, 'ru'))
    test(`a shopper opens the blog, reads a post and comes back to the list (${locale})`, async ({ page, request }) => {
      const errors = watchConsole(page);
      const scripts = watchScripts(page);
      const expected = await serviceList(request, 'blog', locale, 0);
      const first = expected.items[0];
      if (!first) throw new Error('the seed has no blog posts');

      await page.goto(`${prefix}/blog`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog);
      await expectIndexable(page, `${prefix}/blog`, prefix);
      const cards = page.locator('[data-post-list="blog"] article');
      await expect(cards.locator('h2')).toHaveText(expected.items.map((post) => post.title));
      await expect(cards.first().locator('time')).toHaveText(formatDate(first.publishedAt));
      await expect(cards.first().locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(breadcrumbLd.safeParse((await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList')).success).toBe(
        true,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);

      await cards.first().getByRole('link', { name: first.title }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/blog/${first.slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
      await expect(page.locator('article[data-post] header time')).toHaveText(formatDate(first.publishedAt));
      await expectIndexable(page, `${prefix}/blog/${first.slug}`, prefix);
      const data = await jsonLd(page);
      const article = articleLd.parse(data.find((d) => d['@type'] !== 'BreadcrumbList'));
      expect(article).toMatchObject({ headline: first.title, inLanguage: locale, datePublished: first.publishedAt });
      expect(article.url).toMatch(new RegExp(`${prefix}/blog/${first.slug}$`));
      breadcrumbLd.parse(data.find((d) => d['@type'] === 'BreadcrumbList'));
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('navigation', { name: crumbs }).getByRole('link', { name: blog }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/blog$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog);

      await expect(ownScripts(page)).toHaveCount(0);
      expect(scripts).toEqual([]);
      expect(errors).toEqual([]);
    });

  if (walksIn(locale, 'uk'))
    test(`a shopper pages through the news with next and previous (${locale})`, async ({ page, request }) => {
      const errors = watchConsole(page);
      const scripts = watchScripts(page);
      const { total } = await serviceList(request, 'news', locale, 0);
      expect(Math.ceil(total / PAGE_SIZE), 'the seed must have at least three pages of news').toBeGreaterThanOrEqual(3);
      const second = await serviceList(request, 'news', locale, 1);

      await page.goto(`${prefix}/news/page-2`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        LOCALES.find((l) => l.locale === locale)?.news ?? '',
      );
      await expect(page.locator('[data-post-list="news"] article h2')).toHaveText(
        second.items.map((post) => post.title),
      );
      await expectIndexable(page, `${prefix}/news/page-2`, prefix);
      await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', `${prefix}/news`);
      await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', `${prefix}/news/page-3`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.locator('a[rel="next"]').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/news/page-3$`));
      await expect(page.locator('[data-post-list="news"]')).toHaveAttribute('data-page', '3');
      await page.locator('a[rel="prev"]').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/news/page-2$`));
      await page.locator('a[rel="prev"]').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/news$`));
      await expect(page.locator('[data-post-list="news"]')).toHaveAttribute('data-page', '1');
      await expect(page.locator('a[rel="prev"]')).toHaveCount(0);
      await expect(page.locator('link[rel="prev"]')).toHaveCount(0);

      await expect(ownScripts(page)).toHaveCount(0);
      expect(scripts).toEqual([]);
      expect(errors).toEqual([]);
    });

  if (walksIn(locale, 'uk'))
    test(`the footer leads to the bonus rules (${locale})`, async ({ page, request }) => {
      const errors = watchConsole(page);
      const scripts = watchScripts(page);
      const response = await request.get(`/svc/content/public/page/bbs/bonus-rules/${locale}`);
      const rules = pageSchema.parse(await response.json());

      await page.goto(`${prefix}/news`);
      await page.locator(`footer a[href="${prefix}/info/bonus-rules"]`).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/info/bonus-rules$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(rules.title);
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page).toHaveTitle(rules.metaTitle ?? rules.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', rules.metaDescription ?? '');
      await expectIndexable(page, `${prefix}/info/bonus-rules`, prefix);
      const data = await jsonLd(page);
      expect(webPageLd.parse(data.find((d) => d['@type'] !== 'BreadcrumbList'))).toMatchObject({
        name: rules.title,
        inLanguage: locale,
      });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await expect(ownScripts(page)).toHaveCount(0);
      expect(scripts).toEqual([]);
      expect(errors).toEqual([]);
    });

  test(`every content link of the footer answers 200 (${locale})`, async ({ page, request }) => {
    await page.goto(`${prefix}/`);
    const hrefs = await page
      .locator('footer a[href*="/info/"], footer a[href$="/blog"], footer a[href$="/news"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.toSorted()).toEqual(
      [`${prefix}/blog`, `${prefix}/info/bonus-rules`, `${prefix}/info/delivery`, `${prefix}/news`].toSorted(),
    );
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type'], href).toContain('text/html');
      expect(response.headers()['cache-control'], href).toBe('public, max-age=0, must-revalidate');
    }
  });
}

test('unknown slugs and pages are the 404 page, never cached', async ({ request }) => {
  const [blogPost] = (await serviceList(request, 'blog', 'ru', 0)).items;
  const [newsItem] = (await serviceList(request, 'news', 'uk', 0)).items;
  const { total } = await serviceList(request, 'blog', 'ru', 0);
  if (!blogPost || !newsItem) throw new Error('the seed has no posts');
  const missing = [
    '/blog/no-such-post-000',
    '/ua/blog/no-such-post-000',
    '/news/no-such-news-000',
    `/news/${blogPost.slug}`,
    `/ua/blog/${newsItem.slug}`,
    '/info/no-such-page',
    '/ua/info/no-such-page',
    '/info/Bonus-Rules',
    `/blog/page-${Math.ceil(total / PAGE_SIZE) + 1}`,
    '/ua/news/page-999',
    '/blog/page-0',
    '/news/page-02',
    '/blog/Bad_Slug',
  ];
  for (const path of missing) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['cache-control'], path).toBe('no-store');
  }
  // …while the real ones are there.
  expect((await request.get(`/blog/${blogPost.slug}`)).status()).toBe(200);
  expect((await request.get(`/ua/news/${newsItem.slug}`)).status()).toBe(200);
});

test('page-1 of a list redirects permanently to the list itself', async ({ request }) => {
  for (const [from, to] of [
    ['/blog/page-1', '/blog'],
    ['/ua/news/page-1', '/ua/news'],
  ] as const) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()['location'], from).toBe(to);
  }
});

test('hostile CMS HTML in a post never reaches the browser, and an edit shows at once', async ({ page, request }) => {
  const editor = { Authorization: `Bearer ${E2E_EDITOR_TOKEN}` };
  const slug = `e2e-hostile-${Date.now().toString(36)}`;
  const admin = `/svc/content/admin/blog/bbs/${slug}`;
  const [anyPost] = (await serviceList(request, 'blog', 'ru', 0)).items;
  if (!anyPost) throw new Error('the seed has no blog posts');
  const hostile = [
    '<h1>Внутренний заголовок</h1>',
    '<p onclick="window.__pwned=1">Первый абзац<script>window.__pwned=1</script></p>',
    '<img src="/favicon.svg" alt="" onerror="window.__pwned=1" onload="window.__pwned=1">',
    '<a href="javascript:window.__pwned=1">ссылка-ловушка</a>',
    '<a href="https://example.com/" target="_blank">внешняя ссылка</a>',
    '<svg onload="window.__pwned=1"><circle r="5"></circle></svg>',
    '<iframe src="javascript:window.__pwned=1"></iframe>',
    '<style>main{display:none}</style>',
    '<p style="background:url(javascript:window.__pwned=1)">абзац со стилем</p>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+" alt="data">',
    '<form action="/"><button formaction="javascript:window.__pwned=1">кнопка</button></form>',
  ].join('\n');
  const write = (title: string) =>
    request.put(admin, {
      headers: editor,
      data: {
        // Older than every seeded post: it lands on the last list page and moves no one else.
        publishedAt: '2015-06-01T09:00:00.000Z',
        image: anyPost.image,
        translations: { ru: { title, preview: 'Проверка очистки HTML', content: hostile } },
      },
    });

  const created = await write('Проверка безопасности');
  expect(created.status()).toBe(201);
  try {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const scripts = watchScripts(page);
    // A CSP violation (an inline script or style that slipped through) is a console error too.
    const errors = watchConsole(page);
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Проверка безопасности');
    const body = page.locator('article[data-post]');
    await expect(body.getByRole('heading', { level: 2, name: 'Внутренний заголовок' })).toBeVisible();
    await expect(body.getByText('Первый абзац')).toBeVisible();
    await expect(body.getByText('абзац со стилем')).toBeVisible();
    await expect(page.locator('main')).toBeVisible();
    await expect(body.locator('script, style, svg, iframe, form, button, [style]')).toHaveCount(0);
    await expect(body.locator('a[href^="javascript"], img[src^="data:"]')).toHaveCount(0);
    const handlers = await body
      .locator('*')
      .evaluateAll((nodes) =>
        nodes.flatMap((node) => node.getAttributeNames().filter((name) => name.startsWith('on'))),
      );
    expect(handlers).toEqual([]);
    await expect(body.getByRole('link', { name: 'внешняя ссылка' })).toHaveAttribute('rel', /\bnoopener\b/);
    await expect(ownScripts(page)).toHaveCount(0);
    expect(await page.evaluate((): unknown => Reflect.get(window, '__pwned'))).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(scripts).toEqual([]);
    expect(errors).toEqual([]);

    // Cached on the second request; the editor's change drops it through the post's tags.
    await request.get(`/blog/${slug}`);
    expect((await request.get(`/blog/${slug}`)).headers()['x-astro-cache']).toBe('HIT');
    expect((await write('Проверка безопасности, исправлено')).status()).toBe(200);
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Проверка безопасности, исправлено');
  } finally {
    expect((await request.delete(admin, { headers: editor })).status()).toBe(204);
  }
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
});

test('a new post shows on the cached list at once', async ({ request }) => {
  const editor = { Authorization: `Bearer ${E2E_EDITOR_TOKEN}` };
  const slug = `e2e-list-${Date.now().toString(36)}`;
  const admin = `/svc/content/admin/blog-news/bbs/${slug}`;
  const { total, items } = await serviceList(request, 'news', 'uk', 0);
  const last = `/ua/news/page-${Math.ceil((total + 1) / PAGE_SIZE)}`;
  // Fill the route cache with the last page as it is now.
  await request.get(last);
  const created = await request.put(admin, {
    headers: editor,
    data: {
      publishedAt: '2015-01-01T09:00:00.000Z',
      image: items[0]?.image ?? '/favicon.svg',
      translations: { uk: { title: `Перевірка списку ${slug}`, preview: 'e2e', content: '<p>e2e</p>' } },
    },
  });
  expect(created.status()).toBe(201);
  try {
    const html = await (await request.get(last)).text();
    expect(html).toContain(`/ua/news/${slug}`);
  } finally {
    await request.delete(admin, { headers: editor });
  }
  expect(await (await request.get(last)).text()).not.toContain(`/ua/news/${slug}`);
});

test('the search box of a page without JavaScript still searches, as a plain form', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.locator('astro-island')).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Поиск по магазину' });
  await box.fill('шапка');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search-result\?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
