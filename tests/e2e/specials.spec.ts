import { expect, test, type APIRequestContext } from './fixtures.ts';
import { catalogMetaSchema } from '../../src/api/schemas/searchMeta.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';

async function service(request: APIRequestContext, path: string): Promise<unknown> {
  const response = await request.get(`/svc/search${path}`);
  expect(response.status(), path).toBe(200);
  return response.json();
}

for (const { path, products, meta } of [
  { path: '/outlet', products: '/public/products/sale-outlet', meta: 'outlet' },
  { path: '/pakunok-malyuka', products: '/public/products/catalog/pakunok-malyuka', meta: 'pakunok-malyuka' },
  { path: '/catalogs/leto', products: '/public/products/catalog/leto', meta: 'leto' },
]) {
  for (const { prefix, locale } of [
    { prefix: '', locale: 'ru' },
    { prefix: '/ua', locale: 'uk' },
  ] as const) {
    test(`${prefix}${path} shows the catalogue's h1 and products from the search service`, async ({
      page,
      request,
    }) => {
      const h1 = catalogMetaSchema.parse(await service(request, `/public/catalog/${meta}/meta?locale=${locale}`)).h1;
      const list = productListSchema.parse(
        await service(request, `${products}?page=0&limit=24&hasImage=1&withPrice=1&locale=${locale}`),
      );
      const response = await page.goto(`${prefix}${path}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.locator('[data-total]')).toHaveAttribute('data-total', String(list.pagination.total));
      await expect(page.locator('[data-products] article')).toHaveCount(list.items.length);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
    });
  }
}

test('promo pages are not indexed past page 1 or with a sort; page-1 answers 301', async ({ page, request }) => {
  await page.goto('/outlet/page-2');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', '/outlet');
  await page.goto('/ua/outlet/sort-price');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  const first = await request.get('/outlet/page-1', { maxRedirects: 0 });
  expect(first.status()).toBe(301);
  expect(first.headers()['location']).toBe('/outlet');
});

test('an unknown custom catalogue or a path outside the grammar is the 404 page', async ({ request }) => {
  for (const path of ['/catalogs/no-such-catalogue', '/ua/catalogs/leto/odezhda', '/outlet/page-0', '/catalogs/Leto']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
