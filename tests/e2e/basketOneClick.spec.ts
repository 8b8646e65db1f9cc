import { expect, test } from './fixtures.ts';
import { stockedVariant, PREFIX } from './orderSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * «Купить в один клик» from the basket on a phone, with JavaScript: the drawer offers it (its
 * Russian words, one load), and the basket page's form in Ukrainian keeps what was typed after a
 * refusal, then orders the basket, lands on the order's page and leaves the browser's basket
 * empty. The multi-line rules, the idempotency, the no-JavaScript page and another shopper's
 * orders are proved in tests/services/basketOneClick.test.ts.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A phone no other order of the run has (the order service bounds open orders per phone). */
const freshPhone = () => `93${String((Date.now() + 4_000_000) % 10_000_000).padStart(7, '0')}`;

test('the basket is ordered in one click: a refusal keeps what was typed, then the order’s page, the basket empty', async ({
  page,
  request,
}) => {
  const { product, variant } = await stockedVariant(request);
  const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
  if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
  await page.goto(`${PREFIX.ru}/product/${product.slug}?${query.toString()}`);
  await page.locator('form[data-add-to-basket]').getByRole('button', { name: 'В корзину' }).click();
  const drawer = page.getByRole('dialog', { name: 'Корзина' });
  const fold = drawer.locator('details.basket-one-click');
  await fold.locator('summary').click();
  await expect(fold.locator('summary')).toHaveText('Купить в один клик');
  await expect(drawer.getByLabel('Имя', { exact: true })).toBeVisible();
  await fold.scrollIntoViewIfNeeded();
  // The panel's slide-in done, so the picture shows the drawer at rest.
  await drawer.locator('.basket-drawer').evaluate((panel) => Promise.all(panel.getAnimations().map((a) => a.finished)));
  await shotForPeople(page, 'b1click-drawer-ru');

  await page.goto('/ua/basket');
  const form = page.locator('details.basket-one-click');
  await form.locator('summary').click();
  await form.getByLabel('Телефон', { exact: true }).fill('+7 912 345 67 89');
  await form.getByLabel('Ім’я', { exact: true }).fill('Олена');
  await form.getByRole('button', { name: 'Оформити замовлення' }).click();
  await expect(form.locator('[data-field-error="phone"]')).toHaveText('Номер телефону має починатись з +380');
  await expect(form.getByLabel('Ім’я', { exact: true })).toHaveValue('Олена');
  await shotForPeople(page, 'b1click-refused-uk');

  await form.getByLabel('Телефон', { exact: true }).fill(`0${freshPhone()}`);
  await form.getByRole('button', { name: 'Оформити замовлення' }).click();
  await expect(page).toHaveURL(/\/ua\/order\/[^/?]+\?placed=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Замовлення № \d+/);
  await expect(page.getByText('Ми зателефонуємо вам, щоб узгодити доставку та оплату')).toBeVisible();
  await shotForPeople(page, 'b1click-order-uk');
  await expect(page.locator('a[data-basket-link] [data-basket-count]')).toHaveText(/^0?$/);
});
