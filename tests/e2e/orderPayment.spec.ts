import { expect, test, type Page } from './fixtures.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import { answerAtBank, placeOrder, PREFIX } from './orderSupport.ts';
import { seriousA11yViolations, shotForPeople } from './support.ts';

/**
 * Issue 29, "Card payment is easy to abandon", on a phone: the order page's headline says what is
 * due with the amount and the pay button on the first screen; after «not a client of the bank» the
 * shopper chooses another payment type herself (a plain form); once paid the total reads
 * «Оплачено» / «Сплачено»; the instalment preview divides what the bank is sent (with delivery).
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const TEXT = {
  ru: {
    awaiting: (number: string) => `Заказ № ${number} ожидает оплаты`,
    heading: (number: string) => `Заказ № ${number}`,
    thanks: 'Спасибо! Ваш заказ оформлен',
    due: 'К оплате',
    paid: 'Оплачено',
    pay: (amount: number) => `Оплатить ${formatAmount(amount)} грн`,
    parts: (amount: number) => `4 платежа по ~${formatAmount(amount)} грн`,
    other: 'Оплатить другим способом',
    card: 'Картой онлайн',
    cash: 'Наличными при получении',
    submit: 'Продолжить',
  },
  uk: {
    awaiting: (number: string) => `Замовлення № ${number} очікує оплати`,
    heading: (number: string) => `Замовлення № ${number}`,
    thanks: 'Дякуємо! Ваше замовлення оформлено',
    due: 'До сплати',
    paid: 'Сплачено',
    pay: (amount: number) => `Сплатити ${formatAmount(amount)} грн`,
    parts: (amount: number) => `4 платежі по ~${formatAmount(amount)} грн`,
    other: 'Сплатити іншим способом',
    card: 'Карткою онлайн',
    cash: 'Готівкою при отриманні',
    submit: 'Продовжити',
  },
} as const;

const totalLabel = (page: Page) => page.locator('[data-total-label]');

for (const lang of ['ru', 'uk'] as const) {
  const t = TEXT[lang];

  test(`the headline says a card payment is due, the button is on the first screen; paid reads «${t.paid}» (${lang})`, async ({
    page,
  }) => {
    const order = await placeOrder(page.request, { paymentType: 2, lang });
    await page.goto(`${PREFIX[lang]}/order/${order.hash}?placed=1`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t.awaiting(order.number));
    await expect(page.getByText(t.thanks)).toHaveCount(0);
    const due = page.locator('[data-payment-due]');
    await expect(due).toContainText(t.due);
    await expect(due.locator('[data-due-amount]')).toHaveText(`${formatAmount(order.totalPrice)} грн`);
    const pay = page.getByRole('button', { name: t.pay(order.totalPrice) });
    const box = await pay.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    await shotForPeople(page, `order-awaiting-${lang}`);

    await pay.tap();
    await answerAtBank(page, 'Оплатить');
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(t.awaiting(order.number));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(t.heading(order.number));
    await expect(page.locator('[data-payment-due]')).toHaveCount(0);
    await expect(totalLabel(page)).toHaveText(t.paid);
    await shotForPeople(page, `order-paid-${lang}`, { fullPage: true });
  });

  test(`after «not a client of the bank» the shopper pays by card instead, from the order page (${lang})`, async ({
    page,
  }) => {
    const order = await placeOrder(page.request, { paymentType: 8, lang });
    await page.goto(`${PREFIX[lang]}/order/${order.hash}`);
    // The bank is sent the total with delivery: the preview divides that.
    const each = Math.ceil(order.totalPrice / 4);
    await expect(page.locator('[data-payment-due]')).toContainText(t.parts(each));
    await expect(page.locator('[data-payment-parts]')).toHaveText(t.parts(each));
    // Folded while nothing failed.
    const choice = page.locator('[data-payment-choice]');
    await expect(choice).not.toHaveAttribute('open');

    await page.getByRole('button', { name: t.pay(order.totalPrice) }).tap();
    await answerAtBank(page, 'Покупатель не клиент банка');
    await expect(choice).toHaveAttribute('open');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shotForPeople(page, `order-not-client-${lang}`, { fullPage: true });
    await choice.getByRole('radio', { name: t.card }).check();
    await choice.getByRole('button', { name: t.submit }).tap();
    // Straight to the bank with the new type.
    await answerAtBank(page, 'Оплатить');
    await expect(totalLabel(page)).toHaveText(t.paid);
    await expect(page.getByText(t.card).first()).toBeVisible();
  });

  test(`a declined card order switched to cash: nothing is due online any more (${lang})`, async ({ page }) => {
    const order = await placeOrder(page.request, { paymentType: 2, lang });
    await page.goto(`${PREFIX[lang]}/order/${order.hash}`);
    await page.getByRole('button', { name: t.pay(order.totalPrice) }).tap();
    await answerAtBank(page, 'Отклонить');
    const choice = page.locator('[data-payment-choice]');
    await choice.getByRole('radio', { name: t.cash }).check();
    await choice.getByRole('button', { name: t.submit }).tap();
    await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/order/${order.hash}$`));
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText(t.awaiting(order.number));
    await expect(page.locator('[data-payment-due]')).toHaveCount(0);
    await expect(page.getByText(t.cash)).toBeVisible();
    await expect(totalLabel(page)).toHaveText(t.due);
  });
}

test('the choice form posted for another order’s hash changes nothing of this one', async ({ page }) => {
  const order = await placeOrder(page.request, { paymentType: 2 });
  await page.goto(`/order/${order.hash}`);
  const origin = new URL(page.url()).origin;
  const foreign = await page.request.post('/order/AAAAAAAAAAAAAAAAAAAAAA/payment-type', {
    headers: { Origin: origin },
    form: { paymentType: '1', paymentParts: '3' },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(404);
  // A type the delivery does not allow (card to the courier at a branch): back with the refusal.
  const refused = await page.request.post(`/order/${order.hash}/payment-type`, {
    headers: { Origin: origin },
    form: { paymentType: '5', paymentParts: '3' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  expect(refused.headers()['location']).toBe(`/order/${order.hash}?payment-type=refused`);
  await page.goto(refused.headers()['location'] ?? '');
  await expect(page.locator('[data-payment-type-refused]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(TEXT.ru.awaiting(order.number));
});
