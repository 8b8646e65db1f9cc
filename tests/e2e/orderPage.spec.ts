import { expect, test, type Page } from './fixtures.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import { answerAtBank, placeOrder, PREFIX } from './orderSupport.ts';
import { seriousA11yViolations, walksIn } from './support.ts';

/**
 * The order page (`/order/{hash}`, `/ua/order/{hash}`) as a shopper uses it after the checkout, in
 * a real browser against the production build, the embedded order service and its sandbox bank:
 * pay by card, a declined payment and a second try, monobank's "confirm in the app", cash (nothing
 * to pay online), an unknown order, and a payment hash of somebody else's order in the URL.
 */

const TEXT = {
  ru: {
    heading: (number: string) => `Заказ № ${number}`,
    thanks: 'Спасибо! Ваш заказ оформлен',
    newOrder: 'Новый заказ',
    cardOnline: 'Картой онлайн',
    cash: 'Наличными при получении',
    pending: 'Ожидается оплата',
    paid: 'Оплачено',
    failed: 'Оплата не прошла',
    inApp: 'Ожидается оплата в приложении monobank',
    pay: (amount: number) => `Оплатить ${formatAmount(amount)} грн`,
    payAgain: 'Оплатить ещё раз',
    paidBanner: 'Оплата прошла. Спасибо!',
    failedBanner: 'Оплата не прошла. Деньги не списаны',
    inAppBanner: 'Подтвердите покупку в приложении monobank',
    total: 'К оплате',
    notFound: 'Страница не найдена',
  },
  uk: {
    heading: (number: string) => `Замовлення № ${number}`,
    thanks: 'Дякуємо! Ваше замовлення оформлено',
    newOrder: 'Нове замовлення',
    cardOnline: 'Карткою онлайн',
    cash: 'Готівкою при отриманні',
    pending: 'Очікується оплата',
    paid: 'Оплачено',
    failed: 'Оплата не пройшла',
    inApp: 'Очікується оплата в застосунку monobank',
    pay: (amount: number) => `Сплатити ${formatAmount(amount)} грн`,
    payAgain: 'Сплатити ще раз',
    paidBanner: 'Оплата пройшла. Дякуємо!',
    failedBanner: 'Оплата не пройшла. Гроші не списано',
    inAppBanner: 'Підтвердьте покупку в застосунку monobank',
    total: 'До сплати',
    notFound: 'Сторінку не знайдено',
  },
} as const;

const paymentStatus = (page: Page) => page.locator('[data-payment-status]');
const banner = (page: Page) => page.locator('[data-payment-banner]');
const payButton = (page: Page) => page.locator('form[data-pay-form] button');

// One language per flow (docs/decisions.md "One language per end-to-end flow"): a test under a
// condition walks only the language it names.
for (const lang of ['ru', 'uk'] as const) {
  if (walksIn(lang, 'uk'))
    test(`an order paid by card online: the bank approves, the order page says paid (${lang})`, async ({ page }) => {
      const order = await placeOrder(page.request, { paymentType: 2, lang });
      const path = `${PREFIX[lang]}/order/${order.hash}`;
      const response = await page.goto(`${path}?placed=1`);
      // Personal: never stored, never indexed, no canonical URL.
      expect(response?.headers()['cache-control']).toBe('no-store');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

      await expect(page.getByRole('heading', { level: 1 })).toContainText(TEXT[lang].heading(order.number));
      // A card payment is still due: the headline says so, not a green «thank you» (issue 29).
      await expect(page.getByText(TEXT[lang].thanks)).toHaveCount(0);
      await expect(page.locator('[data-order-status]')).toHaveText(TEXT[lang].newOrder);
      await expect(page.locator('[data-order-status]')).toHaveClass(/new-order/);
      await expect(
        page.locator('[aria-labelledby="order-payment-title"]').getByText(TEXT[lang].cardOnline),
      ).toBeVisible();
      await expect(paymentStatus(page)).toHaveText(TEXT[lang].pending);
      const line = order.activeOrderItems[0];
      await expect(page.locator('[data-order-line]').getByRole('link')).toHaveText(
        lang === 'uk' ? (line?.titleUkr ?? '') : (line?.title ?? ''),
      );
      await expect(page.locator('[data-order-total]')).toHaveText(`${formatAmount(order.totalPrice)} грн`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('button', { name: TEXT[lang].pay(order.totalPrice) }).click();
      await answerAtBank(page, 'Оплатить');
      await expect(page).toHaveURL(new RegExp(`${path}\\?payment=[\\w-]+$`));
      await expect(banner(page)).toHaveText(TEXT[lang].paidBanner);
      await expect(paymentStatus(page)).toHaveText(TEXT[lang].paid);
      await expect(payButton(page)).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Paid is paid: the pay form posted again (an old tab) only leads back to the page.
      const again = await page.request.post(`${path}/pay`, {
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(303);
      expect(again.headers()['location']).toBe(path);
    });

  if (walksIn(lang, 'ru'))
    test(`monobank instalments left waiting in the app say so (${lang})`, async ({ page }) => {
      const order = await placeOrder(page.request, { paymentType: 10, lang });
      await page.goto(`${PREFIX[lang]}/order/${order.hash}`);
      await expect(page.getByText('monobank').first()).toBeVisible();
      await payButton(page).click();
      await answerAtBank(page, 'Оставить ожидать в приложении банка');
      await expect(paymentStatus(page)).toHaveText(TEXT[lang].inApp);
      await expect(banner(page)).toContainText(TEXT[lang].inAppBanner);
    });

  if (walksIn(lang, 'uk'))
    test(`cash: no payment status and no pay button (${lang})`, async ({ page }) => {
      const order = await placeOrder(page.request, { paymentType: 1, lang });
      await page.goto(`${PREFIX[lang]}/order/${order.hash}`);
      await expect(page.getByText(TEXT[lang].cash)).toBeVisible();
      await expect(page.getByText(TEXT[lang].total)).toBeVisible();
      await expect(paymentStatus(page)).toHaveCount(0);
      await expect(payButton(page)).toHaveCount(0);
      // Nothing to pay online: a pay form posted anyway leads back to the page, no bank.
      const post = await page.request.post(`${PREFIX[lang]}/order/${order.hash}/pay`, {
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(303);
      expect(post.headers()['location']).toBe(`${PREFIX[lang]}/order/${order.hash}`);
    });

  if (walksIn(lang, 'ru'))
    test(`an unknown or malformed order is the shop’s 404 page, and so is its pay form (${lang})`, async ({ page }) => {
      for (const hash of ['AAAAAAAAAAAAAAAAAAAAAA', 'no.such', '%E2%80%AE']) {
        const response = await page.goto(`${PREFIX[lang]}/order/${hash}`);
        expect(response?.status(), hash).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].notFound);
      }
      const post = await page.request.post(`${PREFIX[lang]}/order/AAAAAAAAAAAAAAAAAAAAAA/pay`, {
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(404);
      // The page an outage rewrites to is no page of its own either.
      expect((await page.goto(`${PREFIX[lang]}/503`))?.status()).toBe(404);
      // The pay form's address is no page: typed in, it is the same 404 page.
      const get = await page.goto(`${PREFIX[lang]}/order/AAAAAAAAAAAAAAAAAAAAAA/pay`);
      expect(get?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].notFound);
    });
}

test('a declined payment, then a second try that the bank approves', async ({ page }) => {
  const order = await placeOrder(page.request, { paymentType: 2 });
  await page.goto(`/order/${order.hash}`);
  await payButton(page).click();
  await answerAtBank(page, 'Отклонить');
  await expect(banner(page)).toContainText(TEXT.ru.failedBanner);
  await expect(paymentStatus(page)).toHaveText(TEXT.ru.failed);

  await page.getByRole('button', { name: TEXT.ru.payAgain }).click();
  await answerAtBank(page, 'Оплатить');
  await expect(banner(page)).toHaveText(TEXT.ru.paidBanner);
  await expect(paymentStatus(page)).toHaveText(TEXT.ru.paid);
  await expect(payButton(page)).toHaveCount(0);
});

test('another order’s payment hash in `?payment=` shows nothing of that payment', async ({ page }) => {
  const mine = await placeOrder(page.request, { paymentType: 2 });
  const theirs = await placeOrder(page.request, { paymentType: 2 });
  // Somebody else pays their order: their payment hash is in the address the bank sent them to.
  await page.goto(`/order/${theirs.hash}`);
  await payButton(page).click();
  await answerAtBank(page, 'Оплатить');
  const theirPayment = new URL(page.url()).searchParams.get('payment');
  expect(theirPayment).toMatch(/^[\w-]+$/);

  await page.goto(`/order/${mine.hash}?payment=${theirPayment ?? ''}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(TEXT.ru.heading(mine.number));
  await expect(banner(page)).toHaveCount(0);
  await expect(paymentStatus(page)).toHaveText(TEXT.ru.pending);
  await expect(payButton(page)).toBeVisible();
});
