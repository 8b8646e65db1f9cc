import { expect, test, type APIRequestContext } from './fixtures.ts';
import { z } from 'zod';
import { E2E_SEARCH_ADMIN_TOKEN } from '../../playwright.config.ts';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { shopConfigsSchema } from '../../src/api/schemas/delivery.ts';
import { productListSchema, type WireProduct } from '../../src/api/schemas/product.ts';
import { variantChangeResultSchema } from '../../src/api/schemas/searchAdmin.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';

/**
 * Rules of the spec as the built pages show them (issue 14): the final price, numbers with a
 * space between thousands, the first chosen colour in front, filter paths, `page-1` on every
 * listing and the footer phone.
 */

async function productsOf(request: APIRequestContext, category: string, page: number): Promise<WireProduct[]> {
  const response = await request.get(
    `/svc/search/public/products?category=${category}&page=${page}&limit=24&withPrice=1&hasImage=1`,
  );
  expect(response.status()).toBe(200);
  return productListSchema.parse(await response.json()).items;
}

/** Folder categories from the last one back: the other tests browse the first folders. */
async function quietFolders(request: APIRequestContext): Promise<string[]> {
  const config = categoryConfigSchema.parse(await (await request.get('/svc/search/public/category-config')).json());
  return config.categoryList
    .filter((c) => !c.additionalConfig.excludeFromMenu)
    .map((c) => c.slug)
    .toReversed();
}

async function changeVariant(request: APIRequestContext, productId: number, variantId: number, data: unknown) {
  const response = await request.patch(`/svc/search/admin/product/${productId}/variant/${variantId}`, {
    headers: { Authorization: `Bearer ${E2E_SEARCH_ADMIN_TOKEN}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
  return variantChangeResultSchema.parse(await response.json());
}

const offerSchema = z.object({ '@type': z.literal('Product'), offers: z.object({ price: z.number() }) });

test('a selling price above the recommended one shows the recommended price as final, without a discount', async ({
  page,
  request,
}) => {
  // The second-to-last folder, page 2: out of the way of the price tests of stockRevalidation.spec.ts.
  const [, folder] = await quietFolders(request);
  const product = (await productsOf(request, folder ?? '', 1))[0];
  if (!product) throw new Error(`no product on page 2 of ${folder}`);
  for (const variant of visibleVariants(product.nomenclature)) {
    await changeVariant(request, product.id, variant.id, { price: { recommended: 1234, selling: 1500 } });
  }

  await page.goto(`/product/${product.slug}`);
  const price = page.locator('.info .price strong');
  await expect(price).toHaveAttribute('data-price', '1234');
  await expect(price).toHaveText(/1 234/);
  // Issue 29: the old price and the badge are in the page for the picker, hidden when there is no drop.
  await expect(page.locator('.info .price s')).toBeHidden();
  await expect(page.locator('.info .price .badge')).toBeHidden();
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  const [offer] = z.tuple([offerSchema, z.unknown()]).parse(JSON.parse(ld ?? 'null'));
  expect(offer.offers.price).toBe(1234);
});

test('a stock figure above 999 is printed with a space between thousands', async ({ page, request }) => {
  const shops = shopConfigsSchema.parse(
    await (await request.get('/svc/delivery/public/shop/configs?project=bbs')).json(),
  );
  const pickup = shops.warehouseList.find((shop) => shop.pickupEnable);
  if (!pickup) throw new Error('the seed has no pickup warehouse');
  const [, , folder] = await quietFolders(request);
  const product = (await productsOf(request, folder ?? '', 1))[1];
  const variant = product && visibleVariants(product.nomenclature)[0];
  if (!product || !variant) throw new Error(`no product on page 2 of ${folder}`);
  const changed = await changeVariant(request, product.id, variant.id, {
    stock: [{ warehouseId: pickup.id, quantity: 1500 }],
  });
  const shown = changed.product.nomenclature.find((v) => v.id === variant.id);

  await page.goto(
    `/product/${product.slug}?color=${variant.colorPresentation?.slug ?? 'without-color'}${
      variant.sizePresentation ? `&size=${variant.sizePresentation.slug}` : ''
    }`,
  );
  expect(shown?.warehouses.find((w) => w.id === pickup.id)?.quantity).toBe(1500);
  await expect(page.locator(`[data-availability] [data-warehouse-id="${pickup.id}"]`)).toContainText('1 500');
});

test('the colour the shopper opened the page with comes first in the colour list', async ({ page, request }) => {
  let found: { slug: string; colors: string[] } | null = null;
  for (const folder of ['odezhda', 'obuv']) {
    for (const product of await productsOf(request, folder, 0)) {
      const colors = [
        ...new Set(visibleVariants(product.nomenclature).map((v) => v.colorPresentation?.slug ?? 'without-color')),
      ];
      if (colors.length >= 3) {
        found = { slug: product.slug, colors };
        break;
      }
    }
    if (found) break;
  }
  if (!found) throw new Error('no product with three colours in the first pages');

  await page.goto(`/product/${found.slug}`);
  const swatches = page.locator('.colors [data-color]');
  const opening = await swatches.evaluateAll((links) => links.map((link) => link.getAttribute('data-color')));
  const last = opening.at(-1);
  if (!last || opening.length < 3) throw new Error('the colour picker shows fewer than three colours');

  await page.goto(`/product/${found.slug}?color=${last}`);
  await expect(swatches.first()).toHaveAttribute('data-color', last);
  await expect(swatches.first()).toHaveAttribute('aria-current', 'true');
  // A variant URL is the same product (docs/decisions.md): indexable, canonical to the product itself.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/product/${found.slug}$`));
});

test('filter links are followable only for filter paths; other selections are nofollow and noindex', async ({
  page,
}) => {
  await page.goto('/odezhda');
  const first = page.locator('a[data-catalog-link="filter"]').first();
  await expect(first).not.toHaveAttribute('rel', /nofollow/);
  const target = await first.getAttribute('href');
  if (!target) throw new Error('the first filter has no link');

  // One value of one topic: a filter path, indexable, with its own canonical URL.
  await page.goto(target);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${target}$`));
  // A second value of the same topic would make it no filter path: that link is nofollow.
  const topic = await first.getAttribute('data-topic');
  const sibling = page.locator(`a[data-catalog-link="filter"][data-topic="${topic}"]:not([aria-current])`).first();
  await expect(sibling).toHaveAttribute('rel', 'nofollow');
  await page.goto((await sibling.getAttribute('href')) ?? '/');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

test('page-1 answers 301 to the page without it on every kind of listing', async ({ request }) => {
  for (const [from, to] of [
    ['/odezhda/page-1', '/odezhda'],
    ['/ua/odezhda/page-1', '/ua/odezhda'],
    ['/outlet/page-1', '/outlet'],
    ['/pakunok-malyuka/page-1', '/pakunok-malyuka'],
    ['/search-result/page-1?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0', '/search-result?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0'],
    ['/blog/page-1', '/blog'],
    ['/ua/news/page-1', '/ua/news'],
  ] as const) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    const location = new URL(response.headers()['location'] ?? '', 'http://shop.test');
    expect(`${location.pathname}${location.search}`, from).toBe(to);
  }
});

test('the footer phone is copyable as +XX (XXX) XXX-XX-XX and never wraps', async ({ page }) => {
  await page.goto('/');
  const phone = page.locator('[data-shop-phone]');
  await expect(phone).toHaveText(/^\+\d{2} \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
  expect(await phone.evaluate((link) => getComputedStyle(link).whiteSpace)).toBe('nowrap');
});
