import { expect, test } from './fixtures.ts';
import { stockedVariant, PREFIX } from './orderSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * Issue 25, the delivery city on a phone: the product page's delivery block leads to the city
 * picker; the chosen city is remembered, its delivery methods fill the block, its shops lead the
 * availability, and the basket lists the methods the basket check answers for it. The flow walks in
 * Ukrainian; the Russian words are checked by one page load. The rules are proved in
 * tests/unit/deliveryCity.test.ts, tests/services/deliveryCityPages.test.ts and
 * tests/components/basketDelivery.test.tsx.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a city chosen from the product page fills its delivery, leads its shops and prices the basket’s delivery', async ({
  page,
  request,
}) => {
  const { product, variant } = await stockedVariant(request, { category: 'odezhda' });
  const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
  if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
  const path = `${PREFIX.uk}/product/${product.slug}?${query.toString()}`;
  await page.goto(path);
  const block = page.locator('[data-product-delivery]');
  await expect(block).toContainText('Вкажіть місто');
  // The last city of the availability list, so that leading it is a visible change.
  const cities = page.locator('[data-availability] .city');
  expect(await cities.count()).toBeGreaterThan(1);
  const last = cities.last();
  const cityId = await last.getAttribute('data-city-id');
  const cityName = (await last.locator('h3').textContent()) ?? '';

  await block.getByRole('link', { name: 'Обрати місто' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Місто доставки');
  await page.getByLabel('Назва міста').fill(cityName);
  await page.getByLabel('Назва міста').press('Enter');
  await shotForPeople(page, 'city-picker-uk');
  await page.locator(`[data-city-choice="${cityId}"]`).click();

  await expect(page).toHaveURL(new RegExp(`/ua/product/${product.slug}\\?color=`));
  await expect(block.locator('[data-delivery-city]')).toContainText(`Доставка в ${cityName}`);
  await expect(block.locator('[data-delivery-method]').first()).toBeVisible();
  await expect(cities.first()).toHaveAttribute('data-city-id', cityId ?? '');
  await block.scrollIntoViewIfNeeded();
  await shotForPeople(page, 'city-product-uk');

  const form = page.locator('form[data-add-to-basket]');
  await form.getByRole('button', { name: 'У кошик' }).click();
  const drawer = page.getByRole('dialog', { name: 'Кошик' });
  await expect(drawer.getByText(`Доставка в ${cityName}`)).toBeVisible();
  await expect(drawer.locator('[data-delivery-method]').first()).toBeVisible();
  await drawer.locator('.basket-delivery').scrollIntoViewIfNeeded();
  await shotForPeople(page, 'city-basket-uk');

  // Russian: the product page's block for the remembered city, the picker's words.
  await page.goto(`/product/${product.slug}?${query.toString()}`);
  await expect(block.locator('[data-delivery-city]')).toContainText('Доставка в ');
  await expect(block.getByRole('link', { name: 'Изменить город' })).toBeVisible();
  await block.scrollIntoViewIfNeeded();
  await shotForPeople(page, 'city-product-ru');
  await page.goto(`/delivery-city?back=${encodeURIComponent(`/product/${product.slug}`)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Город доставки');
  await expect(page.locator(`[data-current-city="${cityId}"]`)).toContainText('Сейчас выбран:');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Часто выбирают');
  await shotForPeople(page, 'city-picker-ru');
});
