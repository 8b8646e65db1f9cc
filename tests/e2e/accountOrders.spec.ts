import { expect, test, type Page } from './fixtures.ts';
import { AUTH_PATHS, sessionAnswerSchema } from '../../src/api/schemas/session.ts';
import { seriousA11yViolations } from './support.ts';
import { TEXT, addToBasket, buyable, placedOrderHash, readOrder } from './checkoutSupport.ts';

/**
 * A signed-in shopper's orders (issue 11): the checkout places the order through the shop's own
 * endpoint (`POST /api/account/order`, the bearer added on the server), and the account lists it
 * (`/profile/orders`) and shows it (`/profile/orders/{number}`), in both languages.
 */

// The first demo account (src/services/seed/users.ts).
const DEMO = { login: '380501112233', password: 'demo-password' };

async function signIn(page: Page): Promise<void> {
  await page.goto('/');
  const answer = await page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.json() as Promise<unknown>;
    },
    { path: AUTH_PATHS.login, body: DEMO },
  );
  expect(sessionAnswerSchema.parse(answer).session.signedIn).toBe(true);
}

test('a signed-in checkout places the shopper’s order, which the account lists and shows', async ({
  page,
  request,
}) => {
  // A sign-in, a checkout, three account pages and two accessibility scans: ~27 s on a quiet
  // two-core machine, over the default 30 s on a busy one.
  test.setTimeout(60_000);
  const t = TEXT.ru;
  await signIn(page);
  const item = await buyable(request, 'igrushki', 6);
  await addToBasket(page, 'ru', item);
  // Signed in, the checkout starts filled from the profile and the default location (Kyiv in the
  // seed), whatever another test has made of the names meanwhile.
  const me = sessionAnswerSchema.parse(
    await page.evaluate(async (path) => (await fetch(path)).json() as Promise<unknown>, AUTH_PATHS.me),
  ).session;
  if (!me.signedIn) throw new Error('not signed in');
  await page.goto('/checkout');
  await expect(page.getByLabel(t.firstName, { exact: true })).toHaveValue(me.shopper.firstName);
  await expect(page.getByLabel(t.phone, { exact: true })).toHaveValue('+380 50 111 22 33');
  await expect(page.getByText(t.kyiv)).toBeVisible();
  await page.getByLabel(t.lastName, { exact: true }).fill('Демченко');
  await page.getByRole('radio', { name: new RegExp(`^${t.pickup}`) }).check();
  await page.getByRole('radio', { name: /Магазин на Оболони/ }).check();
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/account/order');
  await page.getByRole('button', { name: t.submit }).click();
  // The browser sends no token: the session cookie rides along and the server adds the bearer.
  expect((await sent).headers()['authorization']).toBeUndefined();

  // The thank-you page still reads the order by its hash.
  const order = await readOrder(request, await placedOrderHash(page, 'ru'));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(order.number) })).toBeVisible();

  const history = await page.goto('/profile/orders');
  expect(history?.status()).toBe(200);
  expect(history?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои заказы' })).toBeVisible();
  const row = page.locator(`[data-order-row="${order.number}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-order-status]')).toHaveText('Новый заказ');
  // Newest first: the order just placed heads the list.
  await expect(page.locator('[data-order-row]').first()).toHaveAttribute('data-order-row', order.number);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await row.getByRole('link', { name: `№ ${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/orders/${order.number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${order.number}` })).toBeVisible();
  await expect(page.locator('[data-order-status="new-order"]')).toHaveText('Новый заказ');
  await expect(page.locator('[data-order-line]')).toHaveCount(order.activeOrderItems.length);
  await expect(page.getByText(order.deliveryAddress)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The Ukrainian pages of the same account.
  await page.goto('/ua/profile/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Мої замовлення' })).toBeVisible();
  await expect(page.locator(`[data-order-row="${order.number}"] [data-order-status]`)).toHaveText('Нове замовлення');
  await page.locator(`[data-order-row="${order.number}"]`).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: `Замовлення № ${order.number}` })).toBeVisible();
});

test('the history needs a session, and a page that does not exist is a 404', async ({ page }) => {
  for (const path of ['/profile/orders', '/ua/profile/orders', '/profile/orders/1000001']) {
    const away = await page.request.get(path, { maxRedirects: 0 });
    expect(away.status(), path).toBe(303);
  }
  await signIn(page);
  for (const path of [
    '/profile/orders?page=0',
    '/profile/orders?page=x',
    '/profile/orders?page=999',
    '/profile/orders/abc',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  // Another shopper's number reads like a number nobody has.
  const response = await page.goto('/profile/orders/9999999');
  expect(response?.status()).toBe(404);
});
