import { expect, test, type Page } from './fixtures.ts';
import type { WireProduct, WireVariant } from '../../src/api/schemas/product.ts';
import { stockedVariant, PREFIX, type Lang } from './orderSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * «Купить в один клик» (storefront spec §6, §7) on the product page of a phone: without JavaScript
 * the form posts to `/one-click`, a bad phone comes back with the spec's message and what was
 * typed, and the order's page confirms the order by its number; with JavaScript the phone is
 * masked and the same form posts with its intent. The flows walk in Ukrainian; the Russian words
 * are checked by one page load. The rules, the idempotency and the refusals are proved in
 * tests/services/oneClickOrder.test.ts.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const TEXT = {
  ru: { title: 'Купить в один клик', phone: 'Телефон', name: 'Имя', submit: 'Оформить заказ' },
  uk: { title: 'Купити в один клік', phone: 'Телефон', name: 'Ім’я', submit: 'Оформити замовлення' },
};

const productPath = (lang: Lang, product: WireProduct, variant: WireVariant) => {
  const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
  if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
  return `${PREFIX[lang]}/product/${product.slug}?${query.toString()}`;
};

/** A phone no other order of the run has (the order service bounds open orders per phone). */
const freshPhone = () => `93${String(Date.now() % 10_000_000).padStart(7, '0')}`;

async function openForm(page: Page, lang: Lang): Promise<void> {
  await page.locator('[data-one-click-box] summary').click();
  await expect(page.getByLabel(TEXT[lang].phone, { exact: true })).toBeVisible();
}

async function expectConfirmation(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/ua\/order\/[^/?]+\?placed=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Замовлення № \d+/);
  await expect(page.getByText('Дякуємо! Ваше замовлення оформлено')).toBeVisible();
  await expect(page.getByText('Ми зателефонуємо вам, щоб узгодити доставку та оплату')).toBeVisible();
}

test(
  'without JavaScript: a bad phone comes back with the spec’s message, then the order’s page',
  { tag: '@pictures' },
  async ({ browser, request }) => {
    const { product, variant } = await stockedVariant(request);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(productPath('uk', product, variant));
    await openForm(page, 'uk');
    await page.getByLabel(TEXT.uk.phone, { exact: true }).fill('+7 912 345 67 89');
    await page.getByLabel(TEXT.uk.name, { exact: true }).fill('Олена');
    await shotForPeople(page, 'oneclick-product-uk');
    await page.getByRole('button', { name: TEXT.uk.submit }).click();

    await expect(page).toHaveURL(/\/ua\/one-click$/);
    await expect(page.locator('[data-field-error="phone"]')).toHaveText('Номер телефону має починатись з +380');
    await expect(page.getByLabel(TEXT.uk.name, { exact: true })).toHaveValue('Олена');
    // The refusal page shows the line with its picture.
    await expect(page.locator('[data-one-click-line] img')).not.toHaveJSProperty('naturalWidth', 0);
    await shotForPeople(page, 'oneclick-refused-uk');
    await page.getByLabel(TEXT.uk.phone, { exact: true }).fill(`0${freshPhone()}`);
    await page.getByRole('button', { name: TEXT.uk.submit }).click();
    await expectConfirmation(page);
    await shotForPeople(page, 'oneclick-order-uk');
    await context.close();
  },
);

test('with JavaScript: the phone is masked and the form posts with its intent; Russian words', async ({
  page,
  request,
}) => {
  const { product, variant } = await stockedVariant(request);
  await page.goto(productPath('uk', product, variant));
  await page.locator('[data-one-click-box] summary').scrollIntoViewIfNeeded();
  await shotForPeople(page, 'oneclick-folded-uk');
  await openForm(page, 'uk');
  await expect(page.locator('form[data-one-click] input[name="intent"]')).toHaveValue(/^[0-9a-f-]{36}$/);
  const phone = page.getByLabel(TEXT.uk.phone, { exact: true });
  await phone.pressSequentially(`0${freshPhone()}`);
  await expect(phone).toHaveValue(/^\+380 93 \d{3} \d{2} \d{2}$/);
  await page.getByLabel(TEXT.uk.name, { exact: true }).fill('Олена');
  await page.getByRole('button', { name: TEXT.uk.submit }).click();
  await expectConfirmation(page);

  // The Russian page's words: one load of the same product page.
  await page.goto(productPath('ru', product, variant));
  await openForm(page, 'ru');
  await expect(page.locator('[data-one-click-box] summary')).toHaveText(TEXT.ru.title);
  await expect(page.getByLabel(TEXT.ru.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.ru.submit })).toBeVisible();
  await shotForPeople(page, 'oneclick-product-ru');
});
