import { expect, test } from './fixtures.ts';
import { AUTH_PATHS, bonusSummaryAnswerSchema } from '../../src/api/schemas/session.ts';
import { call, registerShopper, signIn } from './accountSupport.ts';

/**
 * The bonus programme in the account (issue 11): a new shopper joins with the page's plain form
 * (no script) and sees the member profile with the welcome bonus; a member with a year of history
 * pages through it; the page is personal (no-store, noindex) and its paths refuse nonsense.
 */

const OLENA = { phone: '380501112233', password: 'demo-password' };

// Registering takes an SMS code, and the run's codes from one address are limited: one new shopper joins.
test('a new shopper joins the programme from the bonus page', async ({ page }) => {
  test.setTimeout(120_000);
  const away = await page.request.get('/profile/bonus', { maxRedirects: 0 });
  expect(away.status()).toBe(303);
  expect(away.headers()['location']).toBe('/#login');

  await page.goto('/');
  await registerShopper(page);
  // The auth modal's member banner: nothing for a non-member.
  expect(bonusSummaryAnswerSchema.parse((await call(page, AUTH_PATHS.bonusSummary)).body).bonus).toBeNull();
  const response = await page.goto('/profile/bonus');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await expect(page.locator('[data-bonus-level]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Стать участником' }).click();
  await expect(page).toHaveURL(/\/profile\/bonus#bonus-program$/);
  await expect(page.locator('[data-bonus-level]')).toHaveText('Базовый');
  await expect(page.locator('[data-bonus-active]')).toHaveText('50 грн');
  await expect(page.locator('[data-bonus-history]')).toContainText('Бонус за вступление в программу');
  await expect(page.locator('[data-bonus-history]')).toContainText('+50 грн');
  // Joining twice changes nothing (the service keeps one membership and one welcome bonus).
  const again = await page.request.post('/api/account/bonus/join?locale=ru', {
    headers: { Origin: new URL(page.url()).origin },
    form: {},
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);
  await page.reload();
  await expect(page.locator('[data-bonus-history] tbody tr')).toHaveCount(1);
});

test('/ua: a non-member is invited in Ukrainian (the seed’s plain account, not joined here)', async ({ page }) => {
  await page.goto('/ua/');
  await signIn(page, '380672223344', 'demo-password');
  await page.goto('/ua/profile/bonus');
  await expect(page.getByRole('heading', { level: 1, name: 'Бонусна програма' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Стати учасником' })).toBeVisible();
  await expect(page.getByText('За вступ — 50 грн на рахунок.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Правила бонусної програми' })).toHaveAttribute(
    'href',
    '/ua/info/bonus-rules',
  );
});

test('a member pages through a year of bonus history; nonsense pages are 404', async ({ page }) => {
  await page.goto('/');
  await signIn(page, OLENA.phone, OLENA.password);
  // The auth modal's member banner: the status in the page's language and its expiry.
  const summary = bonusSummaryAnswerSchema.parse((await call(page, `${AUTH_PATHS.bonusSummary}?locale=uk`)).body);
  expect(summary.bonus).toEqual({
    levelName: 'Срібний',
    validUntil: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
    activeAmount: expect.any(Number),
  });
  await page.goto('/ua/profile/bonus');
  await expect(page.locator('[data-bonus-level]')).toHaveText('Срібний');
  await page.goto('/profile/bonus');
  await expect(page.locator('[data-bonus-level]')).toHaveText('Серебряный');
  const rows = page.locator('[data-bonus-history] tbody tr');
  await expect(rows).toHaveCount(10);
  const firstPage = await rows.allTextContents();
  await page
    .getByRole('navigation', { name: 'Страницы истории бонусов' })
    .getByRole('link', { name: 'Следующая страница' })
    .click();
  await expect(page).toHaveURL(/\/profile\/bonus\?page=2$/);
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await rows.allTextContents()).not.toEqual(firstPage);
  for (const query of ['?page=0', '?page=abc', '?page=01', '?page=999']) {
    expect((await page.request.get(`/profile/bonus${query}`)).status(), query).toBe(404);
  }
});

test('joining needs a session and the shop’s own page', async ({ page, baseURL }) => {
  const anonymous = await page.request.post('/api/account/bonus/join', { headers: { Origin: baseURL ?? '' } });
  expect(anonymous.status()).toBe(401);
  // A plain form post without a session: a small page with the way to the login form.
  const form = await page.request.post('/api/account/bonus/join', { headers: { Origin: baseURL ?? '' }, form: {} });
  expect(form.status()).toBe(401);
  expect(await form.text()).toContain('href="/#login"');

  await page.goto('/');
  await signIn(page, OLENA.phone, OLENA.password);
  const foreign = await page.request.post('/api/account/bonus/join', {
    headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    form: {},
  });
  expect(foreign.status()).toBe(403);
});
