import { expect, test } from './fixtures.ts';
import { formatPhone } from '../../src/domain/format/phone.ts';
import authRu from '../../src/i18n/auth.ru.json' with { type: 'json' };
import { freshPhone, lastCode } from './accountSupport.ts';
import { answerAtBank, placeOrder, PREFIX } from './orderSupport.ts';
import { seriousA11yViolations, shotForPeople } from './support.ts';

/**
 * Spec §6 "an anonymous user who left a phone at checkout is asked to confirm it", as one inline
 * step on the order page (issue 29): whenever the order is no account's, also after the bank sent
 * the shopper back; the code only (no captcha, no dialog, no password); the new account takes the
 * order's name, surname and e-mail, and the order is in its history. Also the auth modal's tabs
 * hidden and shown by the window event, and the spec's 500 ms auto-focus (accounts §2, §9).
 */

const AUTH = { ru: authRu.auth } as const;
const CONFIRM = {
  ru: {
    title: 'Подтвердите номер телефона',
    send: 'Получить код',
    code: 'Код из сообщения',
    action: 'Подтвердить номер',
    wrong: 'Неверный код. Проверьте и попробуйте ещё раз.',
    done: 'Номер подтверждён. Заказ — в вашем личном кабинете.',
    orders: 'Мои заказы',
  },
  uk: {
    title: 'Підтвердіть номер телефону',
    send: 'Отримати код',
    code: 'Код із повідомлення',
    action: 'Підтвердити номер',
    wrong: 'Невірний код. Перевірте й спробуйте ще раз.',
    done: 'Номер підтверджено. Замовлення — у вашому особистому кабінеті.',
    orders: 'Мої замовлення',
  },
} as const;

// One language per flow (docs/decisions.md "One language per end-to-end flow").
{
  const lang = 'uk';
  test.describe(`on a phone (${lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test(`a card payer back from the bank confirms the phone with the code alone; the order is the new account’s (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const c = CONFIRM[lang];
      const phone = freshPhone('38066');
      const order = await placeOrder(page.request, { paymentType: 2, lang, phone });
      await page.goto(`${PREFIX[lang]}/order/${order.hash}`);
      await page.locator('form[data-pay-form] button').tap();
      await answerAtBank(page, 'Оплатить');
      // Back from the bank (no `?placed=1`): the step is on the page.
      const step = page.getByRole('region', { name: c.title });
      await expect(step).toContainText(formatPhone(phone));
      await expect(step).not.toContainText('SMS');
      await step.getByRole('button', { name: c.send }).tap();
      await expect(step.getByLabel(c.code)).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shotForPeople(page, `confirm-phone-code-${lang}`);
      // A wrong code says so and keeps the field.
      await step.getByLabel(c.code).fill('000000');
      await step.getByRole('button', { name: c.action }).tap();
      await expect(step.getByRole('alert')).toHaveText(c.wrong);
      await step.getByLabel(c.code).fill(await lastCode(page, phone));
      await step.getByRole('button', { name: c.action }).tap();
      await expect(page.locator('[data-phone-confirmed]')).toHaveText(c.done);
      await expect(page.getByRole('region', { name: c.title })).toHaveCount(0);

      // The order's surname and e-mail are the profile's.
      await page.goto(`${PREFIX[lang]}/profile`);
      await expect(page.locator('input[name="lastName"]')).toHaveValue('Коваль');
      await expect(page.locator('input[name="firstName"]')).toHaveValue('Олена');
      await page.goto(`${PREFIX[lang]}/profile/orders`);
      await expect(page.getByRole('heading', { level: 1, name: c.orders })).toBeVisible();
      await expect(page.locator(`[data-order-row="${order.number}"]`)).toBeVisible();
    });
  });
}

test('the step asks no code for an order that is an account’s, and another order’s hash sends nothing', async ({
  page,
}) => {
  const origin = new URL((await page.goto('/'))?.url() ?? 'http://localhost').origin;
  const foreign = await page.request.post('/order/AAAAAAAAAAAAAAAAAAAAAA/phone-code', {
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(404);
  const cash = await placeOrder(page.request, { paymentType: 1, phone: freshPhone('38066') });
  await page.goto(`/order/${cash.hash}?placed=1`);
  await expect(page.getByRole('region', { name: CONFIRM.ru.title })).toBeVisible();
});

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
