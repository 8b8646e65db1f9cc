import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { z } from 'zod';
import ru from '../../src/i18n/ru.json' with { type: 'json' };
import { addToBasket, buyable, startCheckout } from './checkoutSupport.ts';
import AxeBuilder from '@axe-core/playwright';
import { shotForPeople, watchConsole } from './support.ts';
import { specMessage } from '../../src/domain/validation/specMessages.ts';

/**
 * The auth modal (issue 11) in a real browser against the production build: opened from the page
 * hash and from the header's «Войти», the hash cleared, Escape and the focus going back, keyboard
 * only, both languages, the checkout's «Уже покупали? Войти» with the phone typed there, and the
 * modal's code loaded only when it opens.
 */

const TEXT = {
  ru: { login: 'Войти', cabinet: 'Кабинет', tabLogin: 'Вход', registration: 'Регистрация', phone: 'Телефон' },
  uk: { login: 'Увійти', cabinet: 'Кабінет', tabLogin: 'Вхід', registration: 'Реєстрація', phone: 'Телефон' },
} as const;

/** Script files the page has asked for so far, by path. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
const modalCode = (scripts: readonly string[]) =>
  scripts.filter((path) => /\/(mountAuthModal|openAuthModal)\./.test(path));
const headerLogin = (page: Page, lang: 'ru' | 'uk') =>
  page.getByRole('banner').getByRole('link', { name: TEXT[lang].login, exact: true });
const focusIsInside = (page: Page) =>
  page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false);

test('#login opens the login tab, the hash is cleared, Escape closes it', async ({ page }) => {
  // axe alone takes ~10 s on the dialog on a slow machine.
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await page.goto('/#login');
  const dialog = page.getByRole('dialog', { name: TEXT.ru.tabLogin });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog.getByRole('tab', { name: TEXT.ru.tabLogin })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByLabel(TEXT.ru.phone)).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  // The same hash again (a link on the page) opens it again.
  await page.evaluate(() => (location.hash = '#registration'));
  await expect(page.getByRole('dialog', { name: TEXT.ru.registration })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

test('the modal’s code is loaded only when the header’s «Войти» opens it; the focus goes back on close', async ({
  page,
}) => {
  const scripts = watchScripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(modalCode(scripts)).toEqual([]);
  const login = headerLogin(page, 'ru');
  await expect(login).toHaveAttribute('aria-haspopup', 'dialog');
  await login.click();
  const dialog = page.getByRole('dialog', { name: TEXT.ru.tabLogin });
  await expect(dialog).toBeVisible();
  expect(modalCode(scripts)).toHaveLength(2);
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();
  // A second open uses the loaded code.
  await login.click();
  await expect(dialog).toBeVisible();
  expect(modalCode(scripts)).toHaveLength(2);
});

test('keyboard only: open, the rules’ messages, Tab kept inside, tabs by arrows, Escape back to the link', async ({
  page,
}) => {
  await page.goto('/');
  const login = headerLogin(page, 'ru');
  await login.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: TEXT.ru.tabLogin })).toBeVisible();
  // Named by its step's heading: the locator must not hold the name across tabs.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Телефон')).toBeFocused();
  await page.keyboard.type('067 123 45 67');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Пароль')).toBeFocused();
  await page.keyboard.type('12345');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Минимум 6 символов')).toBeVisible();
  await expect(dialog.getByLabel('Пароль')).toBeFocused();
  await expect(dialog.getByLabel('Пароль')).toHaveAttribute('aria-invalid', 'true');
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsInside(page)).toBe(true);
  }
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInside(page)).toBe(true);
  }
  await dialog.getByRole('tab', { name: TEXT.ru.tabLogin }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: TEXT.ru.registration })).toBeFocused();
  await expect(page.getByRole('dialog', { name: TEXT.ru.registration })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(login).toBeFocused();
});

test('in Ukrainian under /ua: #registration, and #club with the expected-birth date', async ({ page }) => {
  await page.goto('/ua/#registration');
  const dialog = page.getByRole('dialog', { name: TEXT.uk.registration });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/ua\/?$/);
  await expect(dialog.getByLabel('Ім’я')).toBeVisible();
  await dialog.getByRole('button', { name: 'Зареєструватися' }).click();
  await expect(dialog.getByLabel(TEXT.uk.phone)).toBeFocused();
  // The spec's message with its apostrophe on the Ukrainian page (issue 29).
  await expect(dialog.getByText('Поле обов’язкове до заповнення').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/ua/#club');
  const club = page.getByRole('dialog', { name: 'Реєстрація в клубі майбутніх мам' });
  await expect(club).toBeVisible();
  await expect(club.getByLabel(/Очікувана дата народження малюка/)).toBeVisible();
  await expect(headerLogin(page, 'uk')).toBeVisible();
});

test('the header says «Кабинет» (to /profile) by the hint cookie, and «Войти» once the server finds no session', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'bbs_customer', value: '1', url: baseURL ?? 'http://127.0.0.1' }]);
  // The page asks the session endpoint because of the hint; its answer is held until the header is seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/me*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/ua/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: TEXT.uk.cabinet })).toHaveAttribute('href', '/ua/profile');
  await expect(banner.getByRole('link', { name: TEXT.uk.cabinet })).toBeVisible();
  await expect(headerLogin(page, 'uk')).toBeHidden();
  release();
  // A stale hint (no session behind it): the server clears it and the header follows.
  await expect(headerLogin(page, 'uk')).toBeVisible();
  await expect(banner.getByRole('link', { name: TEXT.uk.cabinet })).toBeHidden();
});

test('the checkout’s «Уже покупали? Войти» opens the login with the phone typed there', async ({ page, request }) => {
  await addToBasket(page, 'ru', await buyable(request, 'igrushki', 2));
  await startCheckout(page, 'ru', '+380 50 765 43 21');
  const opener = page.getByRole('button', { name: 'Войти' });
  await expect(page.getByText('Уже покупали?')).toBeVisible();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: TEXT.ru.tabLogin });
  await expect(dialog.getByLabel('Телефон')).toHaveValue('+380 50 765 43 21');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

// --- Against the real session endpoints and the embedded user service (its SMS sandbox).

/** The newest code the user service's SMS sandbox "sent" to `phone`, once there are more than `seen`. */
async function smsCode(request: APIRequestContext, phone: string, seen = 0): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/svc/user/sandbox/sms?phone=${phone}`);
      const { items } = smsSchema.parse(await response.json());
      text = items[0]?.text ?? '';
      return items.length;
    })
    .toBeGreaterThan(seen);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the SMS: ${text}`);
  return code;
}
const smsSchema = z.object({ items: z.array(z.object({ text: z.string() })) });
const smsCount = async (request: APIRequestContext, phone: string) =>
  smsSchema.parse(await (await request.get(`/svc/user/sandbox/sms?phone=${phone}`)).json()).items.length;

async function logOutByEndpoint(page: Page, baseURL: string | undefined): Promise<void> {
  const response = await page.request.post('/api/auth/logout?locale=ru', {
    headers: { Origin: new URL(baseURL ?? 'http://127.0.0.1').origin },
  });
  expect(response.status()).toBe(200);
}

test('a new shopper registers by phone with the SMS code, sets a password and is greeted; logs out and in again', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const phone = `38099${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await page.goto('/#registration');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Телефон').fill(`+${phone}`);
  await dialog.getByLabel('Имя').fill('Марія');
  await dialog.getByRole('checkbox', { name: 'Я не робот' }).check();
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('dialog', { name: 'Подтверждение телефона' })).toBeVisible();
  await expect(dialog.getByText(/^Отправить код ещё раз можно через (1:00|0:[0-5]\d)$/)).toBeVisible();
  await expect(dialog.getByLabel('Код из SMS')).toBeFocused();
  // A wrong code: the service's refusal under the code.
  await dialog.getByLabel('Код из SMS').fill('000000');
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(dialog.getByLabel('Код из SMS')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Код из SMS')).toBeFocused();
  await dialog.getByLabel('Код из SMS').fill(await smsCode(request, phone));
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('dialog', { name: 'Придумайте пароль' })).toBeVisible();
  await dialog.getByLabel('Новый пароль').fill('marias-secret');
  await dialog.getByLabel('Повторите пароль').fill('marias-secret');
  await dialog.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('dialog', { name: 'Добро пожаловать, Марія!' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Стать участником' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Кабинет' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Перейти на сайт' }).click();
  await expect(dialog).toBeHidden();

  await logOutByEndpoint(page, baseURL);
  await page.reload();
  const login = headerLogin(page, 'ru');
  await expect(login).toBeVisible();
  await login.click();
  await dialog.getByLabel('Телефон').fill(`0${phone.slice(3)}`);
  await dialog.getByLabel('Пароль').fill('wrong-secret');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  // The refusal (spec §8 1104) comes for the body's `login`: shown under the phone, in Russian.
  await expect(dialog.getByLabel('Телефон')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(ru.authErrors.wrongCredentials)).toBeVisible();
  await dialog.getByLabel('Пароль').fill('marias-secret');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner.getByRole('link', { name: 'Кабинет' })).toBeVisible();
  // The «Войти» that opened the modal is hidden now: the focus lands on «Кабинет», not on the page's start.
  await expect(banner.getByRole('link', { name: 'Кабинет' })).toBeFocused();
  expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
});

test('a shopper who forgot the password gets a code, sets a new one and is greeted (uk)', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The seed's plain demo account (src/services/seed/users.ts): the new password is its old one, so
  // other tests that sign in with it are not disturbed.
  const phone = '380672223344';
  const password = 'demo-password';
  const seen = await smsCount(request, phone);
  await page.goto('/ua/#login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Телефон').fill('+38 (067) 222-33-44');
  await dialog.getByRole('button', { name: 'Забули пароль?' }).click();
  await expect(page.getByRole('dialog', { name: 'Відновлення пароля' })).toBeVisible();
  await dialog.getByLabel('Код з SMS').fill(await smsCode(request, phone, seen));
  await dialog.getByRole('button', { name: 'Підтвердити' }).click();
  await expect(page.getByRole('dialog', { name: 'Новий пароль' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Встановити пізніше' })).toBeVisible();
  await dialog.getByLabel('Новий пароль').fill(password);
  await dialog.getByLabel('Повторіть пароль').fill(password);
  await dialog.getByRole('button', { name: 'Зберегти пароль' }).click();
  await expect(page.getByRole('dialog', { name: 'Ласкаво просимо, Андрій!' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: TEXT.uk.cabinet })).toBeVisible();
  await logOutByEndpoint(page, baseURL);
  await page.goto('/ua/#login');
  await dialog.getByLabel('Телефон').fill(phone);
  await dialog.getByLabel('Пароль').fill(password);
  await dialog.getByRole('button', { name: 'Увійти' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: TEXT.uk.cabinet })).toBeVisible();
});

test('#social asks the real endpoint for the pending social sign-in; without one it says so; the provider links come back here', async ({
  page,
}) => {
  // The full round trip through the sandbox provider waits for the user service's GET /public/config
  // (its oauthLinks); until then the start endpoint sends the shopper back to #login.
  await page.goto('/blog#social');
  const dialog = page.getByRole('dialog', { name: 'Регистрация' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(dialog.getByRole('alert')).toHaveText(/^Вход через соцсеть не завершён или устарел/);
  await page.keyboard.press('Escape');
  await page.goto('/blog#login');
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Войти через Facebook' })).toHaveAttribute(
    'href',
    '/api/auth/social/facebook?returnTo=%2Fblog',
  );
});

test.describe('the phone on a phone (issue 29)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const lang of ['ru', 'uk'] as const) {
    test(`${lang}: the login's phone is masked as typed, its fault named on leaving it, in the page's language`, async ({
      page,
    }) => {
      await page.goto(`${lang === 'uk' ? '/ua/' : '/'}#login`);
      const dialog = page.getByRole('dialog', { name: TEXT[lang].tabLogin });
      const phone = dialog.getByLabel(TEXT[lang].phone);
      await phone.pressSequentially('093 123');
      await expect(phone).toHaveValue('+380 93 123');
      await dialog.getByLabel('Пароль', { exact: true }).tap();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByText(specMessage('phoneShort', lang))).toBeVisible();
      await phone.press('End');
      await phone.pressSequentially('4567');
      await expect(phone).toHaveValue('+380 93 123 45 67');
      await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
      await shotForPeople(page, `auth-phone-${lang}`);
      // Submitting empty names the missing fields in the page's language.
      await phone.fill('');
      await dialog.getByRole('button', { name: TEXT[lang].login, exact: true }).tap();
      await expect(dialog.getByText(specMessage('required', lang)).first()).toBeVisible();
    });
  }
});
