import { specMessage } from '../../src/domain/validation/specMessages.ts';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './fixtures.ts';
import { answerAtBank, PREFIX, stockedVariant, type Lang } from './orderSupport.ts';
import { TEXT as CHECKOUT, chooseCity, placedOrderHash, readOrder, startCheckout } from './checkoutSupport.ts';
import { seriousA11yViolations, shotForPeople, walksIn } from './support.ts';
import { signIn } from './accountSupport.ts';

/**
 * Electronic gift certificates (spec §3 "Gift certificate", §4 order-hash, §5 nominal) as a shopper
 * buys and spends one: the purchase form on the certificate category's page, the certificate's page
 * and its payment at the sandbox bank, the key spent in the basket drawer, the spec's nominal
 * messages, the form without JavaScript, and one purchase per form intent.
 */

const CATEGORY = 'elektronnyi-podarochnyi-sertifikat';
/** Spec §4 "order-hash", as a storage key by spec §9 (project code prefix, customer or anon suffix). */
const ORDER_HASH_KEY = 'bbs_order-hash_anon';

const TEXT = {
  ru: {
    nominal: 'Номинал, грн',
    firstName: 'Имя',
    phone: 'Телефон',
    email: 'E-mail',
    buy: 'Купить сертификат',
    mine: 'Мой сертификат',
    heading: (amount: string) => `Подарочный сертификат на ${amount} грн`,
    pending: 'Ожидается оплата',
    paid: 'Оплачено',
    pay: (amount: string) => `Оплатить ${amount} грн`,
    hint: 'Введите этот код в корзине в поле «Промокод или сертификат», выбрав «Подарочный сертификат».',
    addToBasket: 'В корзину',
    drawer: 'Корзина',
    codeType: 'Что вводите',
    certificate: 'Подарочный сертификат',
    code: 'Код',
    apply: 'Применить',
    codes: 'Введённые коды',
    discount: (amount: string) => `скидка ${amount} грн`,
    name: 'Олена',
  },
  uk: {
    nominal: 'Номінал, грн',
    firstName: 'Ім’я',
    phone: 'Телефон',
    email: 'E-mail',
    buy: 'Купити сертифікат',
    mine: 'Мій сертифікат',
    heading: (amount: string) => `Подарунковий сертифікат на ${amount} грн`,
    pending: 'Очікується оплата',
    paid: 'Оплачено',
    pay: (amount: string) => `Сплатити ${amount} грн`,
    hint: 'Введіть цей код у кошику в полі «Промокод або сертифікат», обравши «Подарунковий сертифікат».',
    addToBasket: 'У кошик',
    drawer: 'Кошик',
    codeType: 'Що вводите',
    certificate: 'Подарунковий сертифікат',
    code: 'Код',
    apply: 'Застосувати',
    codes: 'Введені коди',
    discount: (amount: string) => `знижка ${amount} грн`,
    name: 'Мар’яна',
  },
} as const;

/** Fills the purchase form of the page. */
async function fillPurchase(page: Page, lang: Lang, nominal: string): Promise<void> {
  const form = page.locator('form[data-certificate-form]');
  await form.getByLabel(TEXT[lang].nominal).fill(nominal);
  await form.getByLabel(TEXT[lang].firstName).fill(TEXT[lang].name);
  await form.getByLabel(TEXT[lang].phone).fill('+380501234567');
  await form.getByLabel(TEXT[lang].email).fill('olena@example.com');
}

const certificateUrl = (lang: Lang) => new RegExp(`${PREFIX[lang]}/certificate/([\\w-]+)$`);

// One language per flow (docs/decisions.md "One language per end-to-end flow"): a test under a
// condition walks only the language it names.
for (const lang of ['ru', 'uk'] as const) {
  if (walksIn(lang, 'ru'))
    test(`a certificate bought on the category page, paid, and its key spent in the basket (${lang})`, async ({
      page,
    }) => {
      await page.goto(`${PREFIX[lang]}/${CATEGORY}`);
      const form = page.locator('form[data-certificate-form]');
      // The script gave the form its purchase intent; this browser has bought nothing yet.
      await expect(form.locator('input[name="intent"]')).toHaveValue(/^[0-9a-f-]{36}$/);
      await expect(page.getByRole('link', { name: TEXT[lang].mine })).toBeHidden();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await fillPurchase(page, lang, '100');
      await form.getByRole('button', { name: TEXT[lang].buy }).click();
      await expect(page).toHaveURL(certificateUrl(lang));
      const hash = certificateUrl(lang).exec(new URL(page.url()).pathname)?.[1] ?? '';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].heading('100'));
      await expect(page.locator('[data-payment-status]')).toHaveText(TEXT[lang].pending);
      await expect(page.locator('[data-certificate-key]')).toHaveCount(0);
      // Spec §4: the purchase's hash is kept in this browser (by the page's module script, which
      // may run a moment after the heading shows on a busy machine).
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), ORDER_HASH_KEY)).toBe(hash);

      await page.getByRole('button', { name: TEXT[lang].pay('100') }).click();
      await answerAtBank(page, 'Оплатить');
      await expect(page).toHaveURL(new RegExp(`${PREFIX[lang]}/certificate/${hash}\\?payment=[\\w-]+$`));
      await expect(page.locator('[data-payment-status]')).toHaveText(TEXT[lang].paid);
      const keyText = page.locator('[data-certificate-key]');
      await expect(keyText).toHaveText(/^BBS[0-9A-Z]{13}$/);
      const key = (await keyText.textContent())?.trim() ?? '';
      await expect(page.getByText(TEXT[lang].hint)).toBeVisible();
      await expect(page.locator('[data-certificate-balance]')).toHaveText('100 грн');
      await expect(page.getByText(/\d{2}\.\d{2}\.\d{4}/)).toBeVisible();
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), ORDER_HASH_KEY)).toBe(hash);
      await expect(page.locator('form[data-pay-form]')).toHaveCount(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Back on the category page, «Мой сертификат» leads to it.
      await page.goto(`${PREFIX[lang]}/${CATEGORY}`);
      await expect(page.getByRole('link', { name: TEXT[lang].mine })).toHaveAttribute(
        'href',
        `${PREFIX[lang]}/certificate/${hash}`,
      );

      // Spent in the basket: any product worth more than the certificate.
      const { product, variant } = await stockedVariant(page.request, { category: 'igrushki', min: 300 });
      const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
      if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
      await page.goto(`${PREFIX[lang]}/product/${product.slug}?${query.toString()}`);
      await page.locator('form[data-add-to-basket]').getByRole('button', { name: TEXT[lang].addToBasket }).click();
      const drawer = page.getByRole('dialog', { name: TEXT[lang].drawer });
      await expect(drawer).toBeVisible();
      await drawer.getByLabel(TEXT[lang].codeType).selectOption({ label: TEXT[lang].certificate });
      await drawer.getByRole('textbox', { name: TEXT[lang].code }).fill(key);
      await drawer.getByRole('button', { name: TEXT[lang].apply }).click();
      const codes = drawer.getByRole('list', { name: TEXT[lang].codes });
      await expect(codes).toContainText(key);
      await expect(codes).toContainText(TEXT[lang].discount('100'));

      // … and spent by an order: the checkout sends it, the order service counts it.
      await page.keyboard.press('Escape');
      await startCheckout(page, lang);
      await chooseCity(page, lang, 'kyiv');
      await page.getByRole('radio', { name: new RegExp(`^${CHECKOUT[lang].pickup}`) }).check();
      await page.getByRole('radio', { name: lang === 'uk' ? /Магазин на Оболоні/ : /Магазин на Оболони/ }).check();
      await page.getByRole('button', { name: CHECKOUT[lang].submit }).click();
      const order = await readOrder(page.request, await placedOrderHash(page, lang), lang);
      expect(order.certificateAmount).toBe(100);
    });

  if (walksIn(lang, 'uk'))
    test(`nominals 49 and 100001 get the spec’s messages and the form keeps what was typed (${lang})`, async ({
      page,
    }) => {
      await page.goto(`${PREFIX[lang]}/certificate`);
      for (const [nominal, message] of [
        ['49', specMessage('certificateMin', lang)],
        ['100001', specMessage('certificateMax', lang)],
      ] as const) {
        await fillPurchase(page, lang, nominal);
        const answer = page.waitForResponse((r) => r.request().method() === 'POST');
        await page.getByRole('button', { name: TEXT[lang].buy }).click();
        expect((await answer).status()).toBe(400);
        const field = page.getByLabel(TEXT[lang].nominal);
        await expect(field).toHaveValue(nominal);
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('[data-field-error="nominal"]')).toHaveText(message);
        await expect(page.getByLabel(TEXT[lang].firstName)).toHaveValue(TEXT[lang].name);
        // Typed as +380501234567, shown by the mask (issue 29).
        await expect(page.getByLabel(TEXT[lang].phone)).toHaveValue('+380 50 123 45 67');
        await expect(page.getByLabel(TEXT[lang].email)).toHaveValue('olena@example.com');
        await expect(page.locator('[data-field-error]')).toHaveCount(1);
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      await page.getByLabel(TEXT[lang].phone).fill('+7 999 123 45 67');
      await page.getByRole('button', { name: TEXT[lang].buy }).click();
      await expect(page.locator('[data-field-error="phone"]')).toHaveText(specMessage('phone', lang));
    });

  test.describe(`on a phone (${lang})`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test(`the phone is masked as typed and its fault named on leaving the field (${lang})`, async ({ page }) => {
      await page.goto(`${PREFIX[lang]}/certificate`);
      const phone = page.getByLabel(TEXT[lang].phone);
      await phone.pressSequentially('050 123');
      await expect(phone).toHaveValue('+380 50 123');
      await page.getByLabel(TEXT[lang].email).focus();
      await expect(page.locator('[data-field-error="phone"]')).toHaveText(specMessage('phoneShort', lang));
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await phone.press('End');
      await phone.pressSequentially('4567');
      await expect(phone).toHaveValue('+380 50 123 45 67');
      await expect(page.locator('[data-field-error="phone"]')).toHaveCount(0);
      await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
      await shotForPeople(page, `certificate-phone-${lang}`);
    });
  });
}

test('without JavaScript a certificate is bought and paid with plain forms (no purchase intent)', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/ua/${CATEGORY}`);
  await expect(page.locator('form[data-certificate-form] input[name="intent"]')).toHaveValue('');
  await fillPurchase(page, 'uk', '1 500');
  await page.getByRole('button', { name: TEXT.uk.buy }).click();
  await expect(page).toHaveURL(certificateUrl('uk'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.uk.heading('1 500'));
  await page.getByRole('button', { name: TEXT.uk.pay('1 500') }).click();
  await answerAtBank(page, 'Оплатить');
  await expect(page.locator('[data-certificate-key]')).toHaveText(/^BBS[0-9A-Z]{13}$/);
  await context.close();
});

test('one purchase per form intent; a changed form with the same intent is a purchase of its own', async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const buy = async (fields: Record<string, string>) => {
    const response = await request.post('/certificate', { form: fields, headers: { Origin: origin }, maxRedirects: 0 });
    expect(response.status()).toBe(303);
    return response.headers()['location'];
  };
  const typed = { nominal: '500', firstName: 'Олена', phone: '+380501234567', email: 'olena@example.com' };
  const intent = randomUUID();
  const first = await buy({ ...typed, intent });
  expect(first).toMatch(/^\/certificate\/[\w-]+$/);
  expect(await buy({ ...typed, intent })).toBe(first);
  const changed = await buy({ ...typed, nominal: '600', intent });
  expect(changed).not.toBe(first);
  // Without an intent (no JavaScript) each post is a purchase: two unpaid purchases cost nothing.
  expect(await buy(typed)).not.toBe(await buy(typed));

  // A form from another site is refused (Astro's checkOrigin).
  const foreign = await request.post('/certificate', {
    form: { ...typed, intent: randomUUID() },
    headers: { Origin: 'https://evil.test' },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
});

test('a signed-in shopper’s certificate purchase is theirs (the signed-in call); an anonymous one is nobody’s', async ({
  page,
}) => {
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const owner = (hash: string) => {
    const db = new DatabaseSync(join(dataDir, 'order.db'), { readOnly: true });
    try {
      const row = db.prepare('SELECT customer_id FROM certificate_order WHERE hash = ?').get(hash);
      return row === undefined ? 'no purchase' : row['customer_id'];
    } finally {
      db.close();
    }
  };
  const buy = async () => {
    await page.goto(`/${CATEGORY}`);
    await fillPurchase(page, 'ru', '200');
    await page.locator('form[data-certificate-form]').getByRole('button', { name: TEXT.ru.buy }).click();
    await expect(page).toHaveURL(certificateUrl('ru'));
    return certificateUrl('ru').exec(new URL(page.url()).pathname)?.[1] ?? '';
  };

  expect(owner(await buy())).toBeNull();
  const state = await signIn(page, '380672223344', 'demo-password');
  if (!state.signedIn) throw new Error('not signed in');
  expect(owner(await buy())).toBe(state.shopper.id);
});
