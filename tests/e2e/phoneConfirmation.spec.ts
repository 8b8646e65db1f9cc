import { expect, test } from '@playwright/test';
import { formatPhone } from '../../src/domain/format/phone.ts';
import authRu from '../../src/i18n/auth.ru.json' with { type: 'json' };
import authUk from '../../src/i18n/auth.uk.json' with { type: 'json' };
import { freshPhone, lastCode } from './accountSupport.ts';
import {
  PREFIX,
  TEXT,
  addToBasket,
  buyable,
  chooseCity,
  placedOrderHash,
  readOrder,
  type Lang,
} from './checkoutSupport.ts';

/**
 * Spec §6 "an anonymous user who left a phone at checkout is asked to confirm it": the thank-you
 * page offers the registration with the order's phone and name; the SMS code confirms the phone,
 * and the order is then in the new account's history. Also the auth modal's tabs hidden and shown
 * by the window event, and the spec's 500 ms auto-focus (accounts §2, §9).
 */

const AUTH = { ru: authRu.auth, uk: authUk.auth } as const;
const CONFIRM = {
  ru: { title: 'Подтвердите номер телефона', action: 'Подтвердить номер', orders: 'Мои заказы' },
  uk: { title: 'Підтвердіть номер телефону', action: 'Підтвердити номер', orders: 'Мої замовлення' },
} as const;

for (const lang of ['ru', 'uk'] as const satisfies Lang[]) {
  test(`${lang}: after an anonymous order the phone is confirmed, and the order is the new account’s`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const t = TEXT[lang];
    const a = AUTH[lang];
    const phone = freshPhone('38066');
    await addToBasket(page, lang, await buyable(request, 'igrushki', 2));
    await page.goto(`${PREFIX[lang]}/checkout`);
    await page.getByLabel(t.phone, { exact: true }).fill(`+${phone}`);
    await page.getByLabel(t.firstName, { exact: true }).fill('Ярина');
    await page.getByLabel(t.lastName, { exact: true }).fill('Бойко');
    await chooseCity(page, lang, 'kyiv');
    await page.getByRole('radio', { name: new RegExp(`^${t.pickup}`) }).check();
    await page.getByRole('radio', { name: /Магазин на Оболон/ }).check();
    await page.getByRole('button', { name: t.submit }).click();
    const order = await readOrder(request, await placedOrderHash(page, lang), lang);

    const prompt = page.getByRole('region', { name: CONFIRM[lang].title });
    await expect(prompt).toContainText(formatPhone(phone));
    await prompt.getByRole('link', { name: CONFIRM[lang].action }).click();
    const dialog = page.getByRole('dialog');
    await expect(page.getByRole('dialog', { name: a.tabRegistration })).toBeVisible();
    await expect(dialog.getByLabel(a.phone)).toHaveValue(formatPhone(phone));
    await expect(dialog.getByLabel(a.firstName)).toHaveValue('Ярина');
    await dialog.getByRole('checkbox', { name: a.securityCheck }).check();
    await dialog.getByRole('button', { name: a.register }).click();
    await expect(page.getByRole('dialog', { name: a.codeTitle })).toBeVisible();
    await dialog.getByLabel(a.code).fill(await lastCode(page, phone));
    await dialog.getByRole('button', { name: a.confirm }).click();
    await expect(page.getByRole('dialog', { name: a.passwordTitle })).toBeVisible();
    // Signed in by the code: the prompt is gone from the page.
    await expect(prompt).toBeHidden();
    await dialog.getByLabel(a.newPassword).fill('yaryna-secret');
    await dialog.getByLabel(a.repeatPassword).fill('yaryna-secret');
    await dialog.getByRole('button', { name: a.savePassword }).click();
    await expect(page.getByRole('dialog', { name: a.greeting.replace('{{name}}', 'Ярина') })).toBeVisible();

    await page.goto(`${PREFIX[lang]}/profile/orders`);
    await expect(page.getByRole('heading', { level: 1, name: CONFIRM[lang].orders })).toBeVisible();
    await expect(page.locator(`[data-order-row="${order.number}"]`)).toBeVisible();
    // Signed in, the thank-you page does not ask again.
    await page.goto(`${PREFIX[lang]}/order/${order.hash}?placed=1`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(order.number);
    await expect(page.getByRole('region', { name: CONFIRM[lang].title })).toBeHidden();
  });
}

test('the modal’s tabs are hidden and shown by the window event', async ({ page }) => {
  const a = AUTH.ru;
  await page.goto('/#login');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab')).toHaveCount(2);
  const send = (detail: unknown) =>
    page.evaluate((d) => window.dispatchEvent(new CustomEvent('bbs:auth-tabs', { detail: d })), detail);
  // Hiding the open tab moves to the other one.
  await send({ login: false });
  await expect(dialog.getByRole('tab')).toHaveCount(1);
  await expect(dialog.getByRole('tab', { name: a.tabRegistration })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('button', { name: a.register })).toBeVisible();
  // Both hidden: no tab list, the form stays.
  await send({ registration: false });
  await expect(dialog.getByRole('tablist')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: a.register })).toBeVisible();
  // A detail that is not the contract changes nothing.
  await send({ login: 'yes' });
  await expect(dialog.getByRole('tablist')).toHaveCount(0);
  await send({ login: true, registration: true });
  await expect(dialog.getByRole('tab')).toHaveCount(2);
});

test('a step’s first field takes the focus after the spec’s 500 ms; the heading holds it till then', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  // From here the page's timers run only when the test says.
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await page.getByRole('banner').getByRole('link', { name: 'Войти', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: AUTH.ru.tabLogin })).toBeFocused();
  await page.clock.runFor(450);
  await expect(dialog.getByRole('heading', { name: AUTH.ru.tabLogin })).toBeFocused();
  await page.clock.runFor(100);
  await expect(dialog.getByLabel(AUTH.ru.phone)).toBeFocused();
});
