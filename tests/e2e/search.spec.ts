import { expect, test } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';

async function serviceList(request: import('@playwright/test').APIRequestContext, title: string, locale = 'ru') {
  const response = await request.get(
    `/svc/search/public/products?hasImage=1&withPrice=1&page=0&limit=24&project=bbs&locale=${locale}&title=${encodeURIComponent(title)}`,
  );
  return productListSchema.parse(await response.json());
}

async function serviceTotal(request: import('@playwright/test').APIRequestContext, title: string) {
  return (await serviceList(request, title)).pagination.total;
}

for (const { start, word, lang } of [
  { start: '/', word: 'шапка', lang: 'ru' },
  { start: '/ua/', word: 'смужку', lang: 'uk' },
]) {
  test(`a shopper searches for "${word}" from the header (${lang})`, async ({ page, request }) => {
    await page.goto(start);
    const box = page.locator('#site-search');
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search-result\\?q=${encodeURIComponent(word)}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
    const expected = await serviceList(request, word, lang);
    expect(expected.pagination.total).toBeGreaterThan(0);
    await expect(page.locator('[data-total]')).toHaveAttribute('data-total', String(expected.pagination.total));
    // The service's answer in its order (a word also finds its category's goods: issue 29).
    const titles = await page.locator('[data-products] article h3').allTextContents();
    expect(titles.length).toBe(Math.min(24, expected.pagination.total));
    expect(titles.some((title) => title.toLowerCase().includes(word))).toBe(true);
    // The query stays in the box.
    await expect(page.locator('#site-search')).toHaveValue(word);
  });
}

test('search without q goes to the main page with a 302', async ({ request }) => {
  for (const [from, to] of [
    ['/search-result', '/'],
    ['/ua/search-result?q=', '/ua/'],
  ]) {
    const response = await request.get(from as string, { maxRedirects: 0 });
    expect(response.status(), from).toBe(302);
    expect(response.headers()['location']).toBe(to);
  }
});

test('search pages: page-1 is the first page, unknown segments are 404', async ({ request }) => {
  const first = await request.get('/search-result/page-1?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0', { maxRedirects: 0 });
  expect(first.status()).toBe(301);
  expect(first.headers()['location']).toBe('/search-result?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0');
  expect((await request.get('/search-result/odezhda?q=x1')).status()).toBe(404);
  expect((await request.get('/search-result/page-999?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0')).status()).toBe(404);
});

test('the search page forgives the other keyboard layout and script: «ktuj» and «лего» find LEGO', async ({
  page,
  request,
}) => {
  const exact = await serviceTotal(request, 'lego');
  expect(exact).toBeGreaterThan(0);
  for (const typed of ['ktuj', 'лего']) {
    await page.goto(`/search-result?q=${encodeURIComponent(typed)}`);
    await expect(page.locator('[data-total]')).toHaveAttribute('data-total', String(exact));
    const titles = await page.locator('[data-products] article h3').allTextContents();
    expect(titles.length).toBe(Math.min(24, exact));
    for (const title of titles) expect(title).toContain('LEGO');
  }
});
