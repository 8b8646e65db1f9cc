import { expect, test } from './fixtures.ts';
import { AUTH_PATHS, sessionAnswerSchema } from '../../src/api/schemas/session.ts';

/**
 * The account page's first screen (issue 11): only through a session, never cached or indexed;
 * the logout button signs out and returns to the main page of the page's language.
 */

// The second demo account (src/services/user seed): nobody else's test signs it out.
const DEMO = { login: '380672223344', password: 'demo-password' };

for (const { prefix, title, logout, hello } of [
  { prefix: '', title: 'Личный кабинет', logout: 'Выйти', hello: 'Здравствуйте, Андрій' },
  { prefix: '/ua', title: 'Особистий кабінет', logout: 'Вийти', hello: 'Вітаємо, Андрій' },
]) {
  test(`${prefix || '/'}: the account page needs a session and signs out from its button`, async ({ page }) => {
    const away = await page.request.get(`${prefix}/profile`, { maxRedirects: 0 });
    expect(away.status()).toBe(303);
    expect(away.headers()['location']).toBe(`${prefix}/#login`);

    await page.goto(`${prefix}/`);
    const signedIn = await page.evaluate(
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
    expect(sessionAnswerSchema.parse(signedIn).session.signedIn).toBe(true);

    const response = await page.goto(`${prefix}/profile`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(hello)).toBeVisible();
    await expect(page.getByText('+38 (067) 222-33-44')).toBeVisible();

    await page.getByRole('button', { name: logout }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/$`));
    const after = await page.request.get(`${prefix}/profile`, { maxRedirects: 0 });
    expect(after.status()).toBe(303);
  });
}
