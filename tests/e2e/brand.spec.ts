import { expect, test } from '@playwright/test';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { brandDetailSchema } from '../../src/api/schemas/brandDetail.ts';
import { encodeQuery } from '../../src/api/queryString.ts';

test('from a product to its brand page, with the brand description and products (uk)', async ({ page, request }) => {
  await page.goto('/ua/odezhda');
  await page.locator('[data-products] article h3 a').first().click();
  const brandLink = page.locator('.brand a');
  const href = (await brandLink.getAttribute('href')) ?? '';
  const slug = href.split('/').pop() ?? '';
  await brandLink.click();
  await expect(page).toHaveURL(new RegExp(`/ua/brand/${slug}$`));

  const brand = brandDetailSchema.parse(await (await request.get(`/svc/search/public/brand/${slug}?locale=uk`)).json());
  const list = productListSchema.parse(
    await (
      await request.get(
        `/svc/search/public/products?${encodeQuery({ page: 0, limit: 24, hasImage: 1, withPrice: 1, filters: [{ topic: 'brand', values: [slug] }] })}`,
      )
    ).json(),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand.title);
  // Every demo brand has a description (src/services/seed/searchSeed.ts): one missing from the
  // service's answer fails here instead of skipping the check.
  expect(brand.descriptionUkr, 'the brand’s Ukrainian description').toBeTruthy();
  await expect(page.locator('.intro')).toHaveText(brand.descriptionUkr ?? '');
  await expect(page.locator('[data-total]')).toHaveAttribute('data-total', String(list.pagination.total));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/ua/brand/${slug}$`));
});

test('an unknown brand is the 404 page', async ({ request }) => {
  expect((await request.get('/brand/no-such-brand')).status()).toBe(404);
  expect((await request.get('/ua/brand/reima/sort-price')).status()).toBe(404);
});
