import { expect, test, type Browser, type Locator, type Page } from './fixtures.ts';
import ru from '../../src/i18n/ru.json' with { type: 'json' };
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import { wishListStateSchema } from '../../src/api/schemas/account.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { accountPagePath } from '../../src/domain/account/accountPages.ts';
import { routeName, routeUrl } from '../../src/i18n/routes.ts';
import { call, registerShopper } from './accountSupport.ts';
import { walksIn } from './support.ts';

/**
 * Wish lists (issue 12; accounts spec §3, §7) in a real browser against the production build, in
 * both languages: hearts on a catalogue card and on the product page (cached pages, the state from
 * the store), the lists in the account, a second list and a move, the shared link read signed out
 * in a fresh browser context, a guest's heart kept through the sign-in, and no change by hash.
 */

const TEXT = { ru, uk } as const;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
const heartName = (locale: Locale, title: string) => fill(TEXT[locale].wishHearts.label, { title });
const catalogue = (locale: Locale) => routeUrl(routeName('catalog-page', locale), { folderCategory: 'odezhda' });
const DEFAULT_TITLE = { ru: 'Мой список', uk: 'Мій список' } as const;
const LOGIN = {
  ru: { open: 'Войти', dialog: 'Вход', phone: 'Телефон', password: 'Пароль' },
  uk: { open: 'Увійти', dialog: 'Вхід', phone: 'Телефон', password: 'Пароль' },
} as const;

/** A card of the catalogue grid and its product's title. */
async function cardOf(page: Page, index: number): Promise<{ card: Locator; title: string }> {
  const card = page.getByRole('article').nth(index);
  const title = ((await card.getByRole('heading').textContent()) ?? '').trim();
  if (title === '') throw new Error(`card ${index} has no title`);
  return { card, title };
}

/** One list's section on the account page (a region named by its heading). */
const listSection = (page: Page, title: string) =>
  page.getByRole('region', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

/** A fresh shopper with a password, made in a browser context of its own (nothing of it stays in the test's). */
async function freshAccount(browser: Browser): Promise<{ phone: string; password: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const account = await registerShopper(page);
  await context.close();
  return account;
}

/** Signs in through the header's «Войти» and the auth modal, as a shopper does. */
async function signInWithModal(page: Page, locale: Locale, phone: string, password: string): Promise<void> {
  const text = LOGIN[locale];
  await page.getByRole('banner').getByRole('link', { name: text.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text.dialog });
  await dialog.getByLabel(text.phone).fill(`+${phone}`);
  await dialog.getByLabel(text.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: text.open, exact: true }).click();
  await expect(dialog).toBeHidden();
}

// One language per flow (docs/decisions.md "One language per end-to-end flow"): a test under a
// condition walks only the language it names.
for (const locale of ['ru', 'uk'] as const) {
  const t = TEXT[locale];

  if (walksIn(locale, 'ru'))
    test(`${locale}: hearts from the catalogue and the product page, a second list, a move, the shared link`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      await page.goto('/');
      await registerShopper(page);

      // A catalogue card's heart (the page is cached and anonymous: the state is the store's).
      await page.goto(catalogue(locale));
      const first = await cardOf(page, 0);
      const firstHeart = first.card.getByRole('button', { name: heartName(locale, first.title) });
      await expect(firstHeart).toHaveAttribute('aria-pressed', 'false');
      await firstHeart.click();
      await expect(firstHeart).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('status').filter({ hasText: DEFAULT_TITLE[locale] })).toBeVisible();

      // The product page's own heart, for another product.
      const second = await cardOf(page, 1);
      await second.card.getByRole('link', { name: second.title }).click();
      await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
      const pageHeart = page.getByRole('button', { name: heartName(locale, second.title), exact: true });
      await expect(pageHeart).toHaveAttribute('aria-pressed', 'false');
      await pageHeart.click();
      await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
      // The heart shows at once; the live region speaks when the shop has kept it. Reloading before
      // then would cancel the request (cold pictures can hold every connection for seconds).
      await expect(page.getByRole('status').filter({ hasText: DEFAULT_TITLE[locale] })).toBeVisible();
      // Both stay hearted on the cached pages, read again.
      await page.reload();
      await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
      await page.goto(catalogue(locale));
      await expect(page.getByRole('button', { name: heartName(locale, first.title) }).first()).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      // The account lists them in the default list.
      await page.goto(accountPagePath('wishList', locale));
      await expect(page.getByRole('heading', { level: 1, name: t.wishListPage.title })).toBeVisible();
      const mine = listSection(page, DEFAULT_TITLE[locale]);
      await expect(mine.getByRole('link', { name: first.title })).toBeVisible();
      await expect(mine.getByRole('link', { name: second.title })).toBeVisible();

      // A second list, and the catalogue's product moved there.
      const giftsTitle = locale === 'uk' ? 'Подарунки на свято' : 'Подарки на праздник';
      await page.getByLabel(t.wishListPage.titleLabel).fill(giftsTitle);
      await page.getByRole('button', { name: t.wishListPage.create }).click();
      const gifts = listSection(page, giftsTitle);
      await expect(gifts.getByText(fill(t.wishList.created, { title: giftsTitle }))).toBeVisible();
      const item = mine.getByRole('listitem').filter({ has: page.getByRole('link', { name: first.title }) });
      await item.getByLabel(t.wishListPage.moveTo).selectOption({ label: giftsTitle });
      await item.getByRole('button', { name: `${t.wishListPage.move}: ${first.title}` }).click();
      await expect(gifts.getByText(fill(t.wishList.moved, { title: giftsTitle }))).toBeVisible();
      await expect(gifts.getByRole('link', { name: first.title })).toBeVisible();
      await expect(mine.getByRole('link', { name: first.title })).toHaveCount(0);
      await expect(mine.getByRole('link', { name: second.title })).toBeVisible();

      // The shared link, opened signed out in a fresh browser: the list's own page, title and description.
      const shareUrl = await gifts.getByRole('link', { name: /\/wishlist\// }).getAttribute('href');
      expect(shareUrl).toMatch(new RegExp(`${locale === 'uk' ? '/ua' : ''}/wishlist/[A-Za-z0-9_-]{24}$`));
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      const response = await visitor.goto(shareUrl ?? '');
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('no-store');
      await expect(visitor.getByRole('heading', { level: 1, name: giftsTitle })).toBeVisible();
      await expect(visitor.getByRole('link', { name: first.title })).toBeVisible();
      await expect(visitor.getByRole('link', { name: second.title })).toHaveCount(0);
      await expect(visitor).toHaveTitle(new RegExp(giftsTitle));
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        new RegExp(`«${giftsTitle}»: 1 `),
      );
      await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
      // The hearts there are the visitor's own: nothing is wished yet.
      await expect(visitor.getByRole('button', { name: heartName(locale, first.title) })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await visitorContext.close();
    });

  if (walksIn(locale, 'uk'))
    test(`${locale}: a guest’s heart survives the sign-in`, async ({ page, browser }) => {
      test.setTimeout(90_000);
      const { phone, password } = await freshAccount(browser);

      await page.goto(catalogue(locale));
      const { card, title } = await cardOf(page, 3);
      const heart = card.getByRole('button', { name: heartName(locale, title) });
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('status').filter({ hasText: t.wishHearts.addedGuest })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('bbs_wishList_anon'))).toMatch(/"productId":\d+/);

      await signInWithModal(page, locale, phone, password);
      // The guest's heart joins the account's default list; this browser's copy goes.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('bbs_wishList_anon'))).toBeNull();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(page.getByRole('button', { name: heartName(locale, title) }).first()).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.goto(accountPagePath('wishList', locale));
      await expect(listSection(page, DEFAULT_TITLE[locale]).getByRole('link', { name: title })).toBeVisible();
    });
}

test('a list cannot be changed by its hash, nor without a session', async ({ page, playwright, baseURL }) => {
  await page.goto('/');
  await registerShopper(page);
  const { card, title } = await (async () => {
    await page.goto(catalogue('ru'));
    return cardOf(page, 2);
  })();
  await card.getByRole('button', { name: heartName('ru', title) }).click();
  await expect(card.getByRole('button', { name: heartName('ru', title) })).toHaveAttribute('aria-pressed', 'true');
  // The heart is pressed at once (optimistic); the live region speaks once the service has it.
  await expect(page.getByRole('status').filter({ hasText: DEFAULT_TITLE.ru })).toBeVisible();
  const read = await call(page, '/api/account/wish-list');
  const [list] = wishListStateSchema.parse(read.body).lists;
  if (!list) throw new Error('no list');
  const item = list.wishListItems[0];
  if (!item) throw new Error('no item');
  const shared = routeUrl(routeName('wish-list-page', 'ru'), { hash: list.hash });

  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const anonymous = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  // The public page shows; it takes no change.
  expect((await anonymous.get(shared)).status()).toBe(200);
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    expect((await anonymous.fetch(shared, { method, form: { title: 'Чужой' } })).status(), method).toBe(405);
  }
  // The user service reads by hash and changes nothing by it.
  for (const method of ['PUT', 'DELETE', 'POST']) {
    const answer = await anonymous.fetch(`/svc/user/public/wish-list/${list.hash}`, {
      method,
      data: { title: 'Чужой' },
    });
    expect(answer.status(), method).toBe(404);
  }
  // Every change of the shop's endpoints needs a session: 401, for JSON and for a form.
  const attempts: [string, Record<string, unknown>][] = [
    ['/api/account/wish-list/heart', { productId: item.productId, nomenclatureId: item.nomenclatureId, wished: false }],
    [`/api/account/wish-list/${list.id}`, { title: 'Чужой' }],
    [`/api/account/wish-list/${list.id}/delete`, {}],
    [`/api/account/wish-list/${list.id}/items/${item.id}/delete`, {}],
    ['/api/account/wish-list/merge', { items: [{ productId: 1, nomenclatureId: 1 }] }],
  ];
  for (const [path, body] of attempts) {
    expect((await anonymous.post(path, { data: body })).status(), path).toBe(401);
    const form = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value)]));
    expect((await anonymous.post(path, { form })).status(), `${path} (form)`).toBe(401);
  }
  expect((await anonymous.get('/api/account/wish-list')).status()).toBe(401);
  // From another site, even signed in: 403.
  const foreign = await page.request.post('/api/account/wish-list/heart', {
    data: { productId: item.productId, nomenclatureId: item.nomenclatureId, wished: false },
    headers: { Origin: 'https://evil.example' },
  });
  expect(foreign.status()).toBe(403);
  await anonymous.dispose();

  // Nothing changed: the owner's list and its public page still hold the product.
  const after = wishListStateSchema.parse((await call(page, '/api/account/wish-list')).body);
  expect(after.lists).toEqual(wishListStateSchema.parse(read.body).lists);
  await page.goto(shared);
  await expect(page.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});
