import { expect, test, type APIRequestContext } from './fixtures.ts';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { encodeQuery } from '../../src/api/queryString.ts';
import { shotForPeople } from './support.ts';

/**
 * The filter panel follows the category config (spec §3 topCount, collapse, showCount; issue 25):
 * on a phone's filter sheet the groups of a `collapse` category start closed, a long group shows its
 * first `topCount` values and «Показати всі», a choice made in an opened group keeps it open. One
 * language for the flow (docs/decisions.md "One language per end-to-end flow"); the other's words,
 * with the no-JavaScript path, in a page load.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A folder's config and the topic of its panel with the most values beyond `topCount`. */
async function longFacet(request: APIRequestContext, folder: string) {
  const config = categoryConfigSchema.parse(await (await request.get('/svc/search/public/category-config')).json());
  const node = config.categoryList.find((category) => category.slug === folder);
  expect(node, folder).toBeDefined();
  const list = productListSchema.parse(
    await (
      await request.get(
        `/svc/search/public/products?${encodeQuery({ category: folder, hasImage: 1, withPrice: 1, limit: 1 })}`,
      )
    ).json(),
  );
  const shown = list.aggr.topicList
    .filter((topic) => !['category', 'price', 'warehouses'].includes(topic.slug))
    .map((topic) => ({ slug: topic.slug, values: topic.filterList.filter((entry) => (entry.count ?? 0) > 0) }))
    .toSorted((a, b) => b.values.length - a.values.length)[0];
  const topCount = node?.topCount ?? 0;
  expect(shown?.values.length ?? 0, `a facet of ${folder} longer than ${topCount}`).toBeGreaterThan(topCount);
  return { node, topic: shown?.slug ?? '', count: shown?.values.length ?? 0, topCount };
}

test('a collapsed category on a phone: closed groups, «Показати всі», a choice keeps its group open (uk)', async ({
  page,
  request,
}) => {
  const { node, topic, count, topCount } = await longFacet(request, 'igrushki');
  expect(node?.collapse).toBe(true);
  expect(node?.showCount).toBe(true);

  await page.goto('/ua/igrushki');
  await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
  await page.locator('details.filters > summary').tap();
  const sheet = page.getByRole('dialog', { name: 'Фільтри' });
  await expect(sheet).toBeVisible();

  const group = sheet.locator(`details[data-facet="${topic}"]`);
  const values = group.locator('a.facet-link');
  await expect(group).not.toHaveAttribute('open');
  await expect(values.first()).toBeHidden();
  await shotForPeople(page, 'badurl-facets-collapsed-uk');

  await group.locator(':scope > summary').tap();
  await expect(values).toHaveCount(count);
  await expect(values.nth(topCount - 1)).toBeVisible();
  await expect(values.nth(topCount)).toBeHidden();
  await expect(values.first().locator('.count')).toBeVisible();
  const more = group.locator('details[data-facet-more] > summary');
  await expect(more.locator('.more-label')).toHaveText('Показати всі');
  await expect(more.locator('.less-label')).toBeHidden();
  await more.tap();
  await expect(values.nth(count - 1)).toBeVisible();
  await expect(more.locator('.less-label')).toHaveText('Згорнути');
  await expect(more.locator('.more-label')).toBeHidden();
  await shotForPeople(page, 'badurl-facets-all-uk');

  // A choice in the opened group: the sheet previews that state and everything the shopper opened
  // stays open (the server would render the rest closed: nothing chosen in it).
  const first = values.first();
  const value = (await first.getAttribute('data-value')) ?? '';
  await first.tap();
  const chosen = sheet.locator(`a.facet-link[data-topic="${topic}"][data-value="${value}"]`);
  await expect(chosen).toHaveAttribute('aria-current', 'true');
  await expect(sheet.locator(`details[data-facet="${topic}"]`)).toHaveAttribute('open', '');
  await expect(sheet.locator(`details[data-facet-more="${topic}"]`)).toHaveAttribute('open', '');
  await expect(sheet.locator(`details[data-facet-more="${topic}"] .less-label`)).toBeVisible();
  // Another group the shopper never opened is still closed.
  const other = sheet.locator(`details.facet-group:not([data-facet="${topic}"])`).first();
  if ((await other.count()) > 0) await expect(other).not.toHaveAttribute('open');
  await chosen.scrollIntoViewIfNeeded();
  await shotForPeople(page, 'badurl-facets-chosen-uk');
});

test('without JavaScript the groups and «Показать все» open in place; counts follow showCount (ru)', async ({
  browser,
  request,
}) => {
  const { topic, count, topCount } = await longFacet(request, 'igrushki');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  // Without script Chromium loads every picture, lazy or not: the page's text is all this needs.
  await page.goto('/igrushki', { waitUntil: 'domcontentloaded' });
  await page.locator('details.filters > summary').click();
  const group = page.locator(`details[data-facet="${topic}"]`);
  await group.locator(':scope > summary').click();
  const values = group.locator('a.facet-link');
  await expect(values.nth(topCount)).toBeHidden();
  const more = group.locator('details[data-facet-more] > summary');
  await expect(more.locator('.more-label')).toHaveText('Показать все');
  await expect(more.locator('.less-label')).toBeHidden();
  await more.click();
  await expect(values.nth(count - 1)).toBeVisible();
  await expect(more.locator('.less-label')).toHaveText('Свернуть');
  await expect(more.locator('.more-label')).toBeHidden();
  await shotForPeople(page, 'badurl-facets-all-ru');

  // A category whose config hides counts (kormlenie: showCount false) shows none.
  await page.goto('/kormlenie', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('a.facet-link').first()).toBeAttached();
  await expect(page.locator('a.facet-link .count')).toHaveCount(0);
  await context.close();
});
