import { expect, test, type Page } from './fixtures.ts';
import { E2E_EDITOR_TOKEN } from '../../playwright.config.ts';
import { postListSchema } from '../../src/api/schemas/content.ts';
import { buyable, PREFIX, TEXT } from './checkoutSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * The offline worker (issue 27; src/offline/serviceWorker.ts, rules in src/domain/offline): kept
 * pages read without a network and say so, the rest shows the offline page, personal pages are never
 * kept, a basket change made offline is checked when the network is back, and an online shopper
 * sees an editor's change at once.
 */
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const OFFLINE = {
  ru: { title: 'Нет соединения с интернетом', notice: /Нет соединения с интернетом: это сохранённая копия/ },
  uk: { title: 'Немає з’єднання з інтернетом', notice: /Немає з’єднання з інтернетом: це збережена копія/ },
} as const;

/** Waits until the worker controls the page and has kept the page's own HTML. */
async function kept(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const cache = await caches.open('bbs-pages');
          return (await cache.match(location.href)) !== undefined;
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}

test('a visited page reads offline with its notice; an unvisited page and the checkout show the offline page (ru)', async ({
  page,
  context,
  request,
}) => {
  const item = await buyable(request, 'igrushki', 7);
  await page.goto(item.path);
  const name = (await page.locator('main h1').textContent()) ?? '';
  expect(name).not.toBe('');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE.ru.notice })).toBeHidden();
  await kept(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('main h1')).toHaveText(name);
  await expect(page.getByText(OFFLINE.ru.notice)).toBeVisible();
  await shotForPeople(page, 'offline-kept-product-ru');

  for (const path of ['/odezhda', '/checkout']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(OFFLINE.ru.title);
  }
  await shotForPeople(page, 'offline-page-ru');
  // The checkout was never kept: only the offline page and public pages are in the worker's caches.
  const keptPaths = await page.evaluate(async () => {
    const cache = await caches.open('bbs-pages');
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
  expect(keptPaths).toContain(new URL(item.path, 'http://shop').pathname);
  expect(keptPaths.filter((p) => /checkout|basket|profile|order/.test(p))).toEqual([]);
  await context.setOffline(false);
});

test('a basket change made offline is checked as soon as the network is back (uk)', async ({
  page,
  context,
  request,
}) => {
  const item = await buyable(request, 'igrushki', 8);
  await page.goto(`${PREFIX.uk}${item.path}`);
  await kept(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE.uk.notice)).toBeVisible();
  await shotForPeople(page, 'offline-kept-product-uk');

  const checks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/basket/check')) checks.push(r.url());
  });
  const form = page.locator('form[data-add-to-basket]');
  await form.getByRole('button', { name: TEXT.uk.add }).click();
  // The drawer's code never came to this phone: the shopper stays on the page, the line is kept.
  await expect(form.getByText('Товар додано до кошика')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${PREFIX.uk}/product/`));
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? '').includes('"items":[{')),
  );
  expect(stored).toBe(true);
  // Its check (1 s after the change) could not go out.
  await page.waitForTimeout(1_500);
  const whileOffline = checks.length;

  await context.setOffline(false);
  await expect.poll(() => checks.length, { timeout: 10_000 }).toBeGreaterThan(whileOffline);

  // The Ukrainian offline page, for a page never visited.
  await context.setOffline(true);
  await page.goto(`${PREFIX.uk}/vzuttya`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(OFFLINE.uk.title);
  await shotForPeople(page, 'offline-page-uk');
  await context.setOffline(false);
});

test('an online shopper with the page kept sees the editor’s change at once (ru)', async ({ page, request }) => {
  const editor = { Authorization: `Bearer ${E2E_EDITOR_TOKEN}` };
  const slug = `e2e-offline-${Date.now().toString(36)}`;
  const admin = `/svc/content/admin/blog/bbs/${slug}`;
  const posts = await request.get('/svc/content/public/blog/bbs/ru?page=0&limit=1');
  const [anyPost] = postListSchema.parse(await posts.json()).items;
  if (!anyPost) throw new Error('the seed has no blog posts');
  const write = (title: string) =>
    request.put(admin, {
      headers: editor,
      data: {
        // Older than every seeded post: it lands on the last list page and moves no one else.
        publishedAt: '2015-06-02T09:00:00.000Z',
        image: anyPost.image,
        translations: { ru: { title, preview: 'Проверка офлайн-копии', content: '<p>Текст</p>' } },
      },
    });
  expect((await write('Запись до правки')).status()).toBe(201);
  try {
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Запись до правки');
    await kept(page);
    expect((await write('Запись после правки')).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Запись после правки');
    await expect(page.getByText(OFFLINE.ru.notice)).toBeHidden();
  } finally {
    expect((await request.delete(admin, { headers: editor })).status()).toBe(204);
  }
});
