import { expect, test, type Page } from './fixtures.ts';
import { seriousA11yViolations, shotForPeople, watchConsole } from './support.ts';

/**
 * Issue 29, "one language per page": the root stays Russian for everyone (the server answers the
 * same page whatever the browser says), a browser that prefers Ukrainian is offered Ukrainian once
 * by a visible bar, and an explicit choice (the bar, the header's switch) is remembered: a later
 * visit to the root goes to /ua/ in the browser.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const bar = (page: Page) => page.locator('[data-lang-offer]');
const languageCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'bbs_lang')?.value;

test.describe('a browser that prefers Ukrainian', () => {
  test.use({ ...PHONE, locale: 'uk-UA' });

  test('is offered Ukrainian on a Russian page; «Так» leads there and the root follows later', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/info/delivery');
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toContainText('Перейти на українську?');
    await shotForPeople(page, 'language-offer-ru');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await bar(page).getByRole('link', { name: 'Так' }).tap();
    await expect(page).toHaveURL(/\/ua\/info\/delivery$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    expect(await languageCookie(page)).toBe('uk');

    await page.goto('/');
    await expect(page).toHaveURL(/\/ua\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    // A Russian page other than the root stays Russian: the shopper followed a link to it.
    await page.goto('/info/delivery');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(bar(page)).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('«Ні, дякую» keeps Russian and the offer does not come back', async ({ page }) => {
    await page.goto('/');
    await expect(bar(page)).toBeVisible();
    await bar(page).getByRole('button', { name: 'Ні, дякую' }).tap();
    await expect(bar(page)).toBeHidden();
    expect(await languageCookie(page)).toBe('ru');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(bar(page)).toBeHidden();
  });

  test('an offer left unanswered is made once', async ({ page }) => {
    await page.goto('/');
    await expect(bar(page)).toBeVisible();
    await page.reload();
    await expect(bar(page)).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('the server answers the root in Russian, without a redirect, whatever the browser prefers', async ({
    request,
  }) => {
    const response = await request.get('/', { headers: { 'Accept-Language': 'uk-UA,uk;q=0.9' }, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="ru"');
    expect(response.headers()['vary'] ?? '').not.toMatch(/accept-language|cookie/i);
  });
});

test.describe('a browser that prefers Russian', () => {
  test.use({ ...PHONE, locale: 'ru-RU' });

  test('is offered nothing, and the header’s switch is remembered both ways', async ({ page }) => {
    await page.goto('/');
    await expect(bar(page)).toBeHidden();
    await page.locator('header a[data-lang-choice="uk"]').tap();
    await expect(page).toHaveURL(/\/ua\/$/);
    expect(await languageCookie(page)).toBe('uk');
    await page.goto('/');
    await expect(page).toHaveURL(/\/ua\/$/);

    await page.locator('header a[data-lang-choice="ru"]').tap();
    await expect(page).toHaveURL(/\/$/);
    expect(await languageCookie(page)).toBe('ru');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});

test.describe('a Ukrainian page', () => {
  test.use({ ...PHONE, locale: 'uk-UA' });

  test('never shows the offer', async ({ page }) => {
    await page.goto('/ua/');
    await expect(bar(page)).toHaveCount(0);
  });
});
