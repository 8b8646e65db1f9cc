import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { encodeQuery, type QueryValue } from '../../src/api/queryString.ts';
import { productTitle } from '../../src/domain/catalog/productTitle.ts';
import { seriousA11yViolations, watchConsole } from './support.ts';

/** What the search service says for the same state, asked directly over HTTP. */
async function serviceList(request: APIRequestContext, query: Record<string, QueryValue>) {
  const response = await request.get(
    `/svc/search/public/products?${encodeQuery({ hasImage: 1, withPrice: 1, limit: 24, ...query })}`,
  );
  expect(response.status()).toBe(200);
  return productListSchema.parse(await response.json());
}

const shownTitles = (page: Page) => page.locator('[data-products] article h3');
const total = async (page: Page) => Number(await page.locator('[data-total]').getAttribute('data-total'));

// One language per flow (docs/decisions.md "One language per end-to-end flow"): this walk in
// Ukrainian, the other tests of this file in Russian.
{
  const { prefix, locale, lang } = { prefix: '/ua', locale: 'uk', lang: 'uk' } as const;
  test(`a shopper narrows a folder category with filters, a sort and pages (${locale})`, async ({ page, request }) => {
    await page.goto(`${prefix}/`);
    await page
      .getByRole('navigation', { name: /Каталог товар/ })
      .locator('.level-1 > li > a[href$="/odezhda"]')
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/odezhda$`));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');

    const all = await serviceList(request, { category: 'odezhda', page: 0, locale });
    expect(await total(page)).toBe(all.pagination.total);
    const titleOf = (p: (typeof all.items)[number]) => productTitle(locale === 'uk' ? p.titleUkr : p.title);
    await expect(shownTitles(page)).toHaveText(all.items.map(titleOf));

    // Two filters from different topics, chosen by clicking their links.
    const firstColor = page.locator('a.facet-link[data-topic="color"]').first();
    const color = (await firstColor.getAttribute('data-value')) ?? '';
    await firstColor.click();
    await expect(page).toHaveURL(new RegExp(`/odezhda/color=${color}$`));
    const firstSize = page.locator('a.facet-link[data-topic="size"]').first();
    const size = (await firstSize.getAttribute('data-value')) ?? '';
    await firstSize.click();
    // Two topics of one value each: a filter path, indexable (docs/decisions.md "Filter paths").
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
    // The sort is one select (issue 29).
    await page
      .getByRole('combobox', { name: locale === 'uk' ? 'Сортування' : 'Сортировка' })
      .selectOption({ label: locale === 'uk' ? 'Спочатку дешевші' : 'Сначала дешевле' });
    await expect(page).toHaveURL(new RegExp(`/odezhda/color=${color}/size=${size}/sort-price$`));

    const filtered = await serviceList(request, {
      category: 'odezhda',
      page: 0,
      orderBy: 'price',
      order: 'asc',
      filters: [
        { topic: 'color', values: [color] },
        { topic: 'size', values: [size] },
      ],
    });
    expect(await total(page)).toBe(filtered.pagination.total);
    expect(filtered.pagination.total).toBeGreaterThan(0);
    await expect(shownTitles(page)).toHaveText(filtered.items.map(titleOf));
    const chosen = page.locator('a.facet-link.active');
    await expect(chosen).toHaveCount(2);

    // Page 2 of the whole folder, with prev/next links.
    await page.goto(`${prefix}/odezhda/page-2`);
    const second = await serviceList(request, { category: 'odezhda', page: 1, locale });
    await expect(shownTitles(page)).toHaveText(second.items.map(titleOf));
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', `${prefix}/odezhda`);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', `${prefix}/odezhda/page-3`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${prefix}/odezhda/page-2$`),
    );
  });
}

test.describe('catalogue URLs outside the grammar or the data are the 404 page', () => {
  for (const path of [
    '/no-such-folder',
    '/odezhda/no-such-sub',
    '/odezhda/nosuchtopic=x',
    '/odezhda/page-0',
    '/odezhda/page-99999',
    '/odezhda/sort-price/page-2',
    '/ua/odezhda/PAGE-2',
  ]) {
    test(path, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
    });
  }
});

test('a sub-category and its breadcrumbs', async ({ page }) => {
  await page.goto('/ua/odezhda');
  const sub = page.locator('.subcategories a').first();
  const href = (await sub.getAttribute('href')) ?? '';
  await sub.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const crumbs = page.getByRole('navigation', { name: 'Навігація' }).getByRole('listitem');
  await expect(crumbs).toHaveCount(3);
  await expect(crumbs.first()).toHaveText('Головна');
  await expect(crumbs.nth(1)).toHaveText('Одяг');
});

test('a non-canonical spelling of a state answers 301 to the canonical URL, query kept', async ({ request }) => {
  for (const [from, to] of [
    ['/odezhda/', '/odezhda'],
    ['/ua/odezhda/size=92/color=belyy', '/ua/odezhda/color=belyy/size=92'],
    [
      '/odezhda/color=rozovyy,belyy?q=%D0%B1%D0%BE%D0%B4%D0%B8',
      '/odezhda/color=belyy,rozovyy?q=%D0%B1%D0%BE%D0%B4%D0%B8',
    ],
  ]) {
    const response = await request.get(from as string, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()['location'], from).toBe(to);
  }
});

test('the catalogue page has no serious accessibility violations and no console errors', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/ua/odezhda/page-2');
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the CMS banner and description show on page 1 and not on page 2 or with a sort (spec §5)', async ({
  page,
  request,
}) => {
  const block = await request.get('/svc/content/public/content-block/bbs/catalog_content_odezhda_desc/uk');
  expect(block.status()).toBe(200);
  await page.goto('/ua/odezhda');
  await expect(page.locator('[data-content-banner] img')).toBeVisible();
  await expect(page.locator('[data-content-description]')).not.toBeEmpty();
  await page.goto('/ua/odezhda/page-2');
  await expect(page.locator('[data-content-banner]')).toHaveCount(0);
  await expect(page.locator('[data-content-description]')).toHaveCount(0);
  await page.goto('/ua/odezhda/sort-price');
  await expect(page.locator('[data-content-banner]')).toHaveCount(0);
});
