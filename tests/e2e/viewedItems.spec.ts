import { expect, test, type APIRequestContext } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { signIn } from './accountSupport.ts';

/**
 * Recently viewed (issue 12; spec §9: `viewedItems` per customer or anon, at most 12): the strip on
 * the product and main pages follows what this browser opened, newest first, never the page's own
 * product; the list joins the customer's at sign-in; the cards come as a cached HTML fragment.
 */

async function productSlugs(
  request: APIRequestContext,
  count: number,
): Promise<{ id: number; slug: string; title: string }[]> {
  const response = await request.get('/svc/search/public/products?hasImage=1&withPrice=1&page=0&limit=24');
  return productListSchema
    .parse(await response.json())
    .items.slice(0, count)
    .map((p) => ({ id: p.id, slug: p.slug, title: p.title }));
}

const strip = (page: import('@playwright/test').Page) => page.locator('section[data-viewed]');
const stripIds = async (page: import('@playwright/test').Page) =>
  (
    await strip(page)
      .locator('li[data-product-id]')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-product-id')))
  ).map(Number);

test('the strip follows what was opened, newest first, and joins the account at sign-in', async ({ page, request }) => {
  const [a, b, c] = await productSlugs(request, 3);
  if (!a || !b || !c) throw new Error('the seed has too few products');

  await page.goto(`/product/${a.slug}`);
  // Nothing seen before: the strip stays hidden.
  await expect(strip(page)).toBeHidden();
  await page.goto(`/product/${b.slug}`);
  await expect(strip(page)).toBeVisible();
  expect(await stripIds(page)).toEqual([a.id]);
  await page.goto(`/product/${c.slug}`);
  await expect(strip(page).locator('li')).toHaveCount(2);
  expect(await stripIds(page)).toEqual([b.id, a.id]);
  await expect(strip(page).getByRole('heading', { name: 'Вы недавно смотрели' })).toBeVisible();

  await page.goto('/ua/');
  await expect(strip(page).locator('li')).toHaveCount(3);
  expect(await stripIds(page)).toEqual([c.id, b.id, a.id]);
  await expect(strip(page).getByRole('heading', { name: 'Ви нещодавно переглядали' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bbs_viewedItems_anon'))).toBe(
    JSON.stringify([c.id, b.id, a.id]),
  );

  // Sign-in: the anonymous list becomes the customer's (spec §4 "viewed items are synced").
  const state = await signIn(page, '380672223344', 'demo-password');
  if (!state.signedIn) throw new Error('not signed in');
  await page.reload();
  const own = `bbs_viewedItems_${state.shopper.id}`;
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), own)).not.toBeNull();
  expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), own)) ?? '[]')).toEqual(
    expect.arrayContaining([c.id, b.id, a.id]),
  );
  expect(await page.evaluate(() => localStorage.getItem('bbs_viewedItems_anon'))).toBeNull();
});

test('the fragment: cached like a page, noindex, and a malformed list is a 404', async ({ request }) => {
  const [a, b] = await productSlugs(request, 2);
  if (!a || !b) throw new Error('the seed has too few products');
  const response = await request.get(`/viewed?ids=${b.id},${a.id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  expect(response.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  const html = await response.text();
  expect(html).not.toContain('<html');
  expect(html.indexOf(`data-product-id="${b.id}"`)).toBeLessThan(html.indexOf(`data-product-id="${a.id}"`));
  expect(html).toContain(a.title.replace(/"/g, '&quot;').slice(0, 10));
  for (const ids of ['abc', '1,1', '', Array.from({ length: 13 }, (_, i) => i + 1).join(',')]) {
    expect((await request.get(`/viewed?ids=${ids}`)).status(), ids).toBe(404);
  }
  expect((await request.get('/viewed')).status()).toBe(404);
});
