import { expect, test, type APIRequestContext } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';

/** How many products the search service finds in the odezhda folder within a price range. */
async function serviceTotal(request: APIRequestContext, from: number | null, to: number | null): Promise<number> {
  const query = new URLSearchParams({ category: 'odezhda', page: '0', limit: '24', hasImage: '1', withPrice: '1' });
  if (from !== null) query.set('priceFrom', String(from));
  if (to !== null) query.set('priceTo', String(to));
  const response = await request.get(`/svc/search/public/products?${query}`);
  expect(response.status()).toBe(200);
  return productListSchema.parse(await response.json()).pagination.total;
}

test.describe('the price range form works without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // Without script Chromium loads every picture at once (lazy loading is off), and on a fresh
  // server each is made on its first request: they would hold every connection while the next
  // page waits. These tests are about the form; the pictures are refused.
  test.beforeEach(async ({ page }) => {
    await page.route('**/img?**', (route) => route.abort());
  });

  test('a range narrows the list to what the service finds, on page 1, not indexed', async ({ page, request }) => {
    await page.goto('/odezhda/page-2');
    const form = page.locator('form[data-price-form]');
    await form.getByLabel('от').fill('200');
    await form.getByLabel('до').fill('800');
    await form.getByRole('button', { name: 'Показать' }).click();
    await expect(page).toHaveURL(/\/odezhda\/price=200,800$/);
    const expected = await serviceTotal(request, 200, 800);
    expect(expected).toBeGreaterThan(0);
    await expect(page.locator('[data-total]')).toHaveAttribute('data-total', String(expected));
    expect(expected).toBeLessThan(await serviceTotal(request, null, null));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
    // The form shows the range it holds, and the reset link drops it.
    await expect(form.getByLabel('от')).toHaveValue('200');
    await expect(form.getByLabel('до')).toHaveValue('800');
  });

  test('bounds the wrong way round are swapped; an open bound stays open; a sort is kept (uk)', async ({
    page,
    request,
  }) => {
    await page.goto('/ua/odezhda/sort-price');
    const form = page.locator('form[data-price-form]');
    await form.getByLabel('від').fill('900');
    await form.getByLabel('до').fill('300');
    await form.getByRole('button', { name: 'Показати' }).click();
    await expect(page).toHaveURL(/\/ua\/odezhda\/price=300,900\/sort-price$/);

    await form.getByLabel('від').fill('');
    await form.getByLabel('до').fill('500');
    await form.getByRole('button', { name: 'Показати' }).click();
    await expect(page).toHaveURL(/\/ua\/odezhda\/price=0,500\/sort-price$/);
    await expect(page.locator('[data-total]')).toHaveAttribute(
      'data-total',
      String(await serviceTotal(request, null, 500)),
    );

    await form.getByLabel('до').fill('');
    await form.getByRole('button', { name: 'Показати' }).click();
    await expect(page).toHaveURL(/\/ua\/odezhda\/sort-price$/);
  });
});

test('the form redirects with 303, and nonsense bounds are ignored', async ({ request }) => {
  const answer = await request.get('/odezhda?priceFrom=abc&priceTo=1%20000', { maxRedirects: 0 });
  expect(answer.status()).toBe(303);
  expect(answer.headers()['location']).toBe('/odezhda/price=0,1000');
});
