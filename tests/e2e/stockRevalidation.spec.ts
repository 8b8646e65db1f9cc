import { expect, test, type APIRequestContext } from './fixtures.ts';
import { E2E_SEARCH_ADMIN_TOKEN } from '../../playwright.config.ts';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { productListSchema, type WireProduct } from '../../src/api/schemas/product.ts';
import { variantChangeResultSchema } from '../../src/api/schemas/searchAdmin.ts';
import { formatAmount } from '../../src/i18n/amount.ts';

/**
 * The search service reports a price change to POST /api/revalidate, so a product page that sat in
 * the route cache shows the new price on the very next request (issue 3: "When a product's price or
 * stock changes, the service notifies the storefront's revalidation endpoint").
 */

const NEW_PRICE = 9876.5;
const cacheStatus = (response: { headers(): Record<string, string> }) => response.headers()['x-astro-cache'];

/**
 * A product of the last folder category in the menu, from its second page: out of the way of the
 * other tests, which browse the first folders and first pages.
 */
async function quietProduct(request: APIRequestContext): Promise<WireProduct> {
  const config = categoryConfigSchema.parse(await (await request.get('/svc/search/public/category-config')).json());
  const folders = config.categoryList.filter((c) => !c.additionalConfig.excludeFromMenu);
  for (const folder of folders.toReversed()) {
    for (const page of [1, 0]) {
      const response = await request.get(
        `/svc/search/public/products?category=${folder.slug}&page=${page}&limit=24&withPrice=1&hasImage=1`,
      );
      const product = productListSchema.parse(await response.json()).items.at(-1);
      if (product) return product;
    }
  }
  throw new Error('the seed lists no products');
}

function changePrice(request: APIRequestContext, productId: number, variantId: number, token: string | null) {
  return request.patch(`/svc/search/admin/product/${productId}/variant/${variantId}`, {
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    // Recommended too: a selling price above the recommended one would not be the final price (spec §9).
    data: { price: { recommended: NEW_PRICE, selling: NEW_PRICE } },
  });
}

test('a price change through the search admin API reaches the cached product page at once', async ({ request }) => {
  const product = await quietProduct(request);
  const shownPrice = formatAmount(NEW_PRICE);
  const paths = [`/product/${product.slug}`, `/ua/product/${product.slug}`];

  for (const path of paths) {
    await request.get(path);
    const cached = await request.get(path);
    expect(cacheStatus(cached), path).toBe('HIT');
    expect(await cached.text(), path).not.toContain(shownPrice);
  }

  // Without the token nothing changes.
  const [first] = product.nomenclature;
  if (!first) throw new Error(`product ${product.id} lists no priced variant`);
  const refused = await changePrice(request, product.id, first.id, null);
  expect(refused.status()).toBe(401);
  serviceErrorSchema.parse(await refused.json());
  expect(cacheStatus(await request.get(paths[0] ?? '/'))).toBe('HIT');

  // Every shown variant gets the new selling price, so whichever the page preselects shows it.
  for (const variant of product.nomenclature) {
    const response = await changePrice(request, product.id, variant.id, E2E_SEARCH_ADMIN_TOKEN);
    expect(response.status()).toBe(200);
    const result = variantChangeResultSchema.parse(await response.json());
    expect(result.product.nomenclature.find((v) => v.id === variant.id)?.probablyPriceSelling).toBe(NEW_PRICE);
  }

  for (const path of paths) {
    const fresh = await request.get(path);
    expect(cacheStatus(fresh), path).toBe('MISS');
    expect(await fresh.text(), path).toContain(shownPrice);
    const again = await request.get(path);
    expect(cacheStatus(again), path).toBe('HIT');
    expect(await again.text(), path).toContain(shownPrice);
  }
});
