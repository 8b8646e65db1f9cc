import { expect, test, type APIRequestContext } from './fixtures.ts';
import { brandAggregationsSchema, brandDetailSchema } from '../../src/api/schemas/brandDetail.ts';
import { shopConfigsSchema } from '../../src/api/schemas/delivery.ts';
import { encodeQuery } from '../../src/api/queryString.ts';
import { brandShops } from '../../src/domain/checkout/deliveryRules.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import { shotForPeople } from './support.ts';

/**
 * A brand's page (issue 25): a catalogue of the brand's goods with a category's filters, sort and
 * pages (facets from `/public/brand/{id}/agg`), its description and the shop's own stores.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const BRAND = 'reima';

type Filter = { topic: string; values: string[] };

async function brandAgg(request: APIRequestContext, filters: Filter[] = []) {
  const response = await request.get(
    `/svc/search/public/brand/${BRAND}/agg?${encodeQuery({ hasImage: 1, withPrice: 1, filters })}`,
  );
  expect(response.status()).toBe(200);
  return brandAggregationsSchema.parse(await response.json());
}

async function ownShops(request: APIRequestContext) {
  const configs = shopConfigsSchema.parse(
    await (await request.get('/svc/delivery/public/shop/configs?project=bbs')).json(),
  );
  return brandShops(configs);
}

test('a brand page filters and sorts like a category, in place, and lists the shop’s own stores (uk)', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const brand = brandDetailSchema.parse(
    await (await request.get(`/svc/search/public/brand/${BRAND}?locale=uk`)).json(),
  );
  const all = await brandAgg(request);
  // The most populated value of the first topic that narrows the list.
  const narrowing = all.aggr.topicList
    .filter((topic) => !['category', 'price', 'warehouses'].includes(topic.slug))
    .flatMap((topic) =>
      topic.filterList.map((entry) => ({ topic: topic.slug, value: entry.slug, count: entry.count ?? 0 })),
    )
    .filter((entry) => entry.count > 0 && entry.count < all.total)
    .toSorted((a, b) => b.count - a.count)[0];
  if (!narrowing) throw new Error(`no filter narrows ${BRAND}`);
  const filtered = await brandAgg(request, [{ topic: narrowing.topic, values: [narrowing.value] }]);
  const shops = await ownShops(request);
  expect(shops.length).toBeGreaterThan(0);

  await page.goto(`/ua/brand/${BRAND}`);
  await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand.title);
  await expect(page.locator('.intro')).toHaveText(brand.descriptionUkr ?? '');
  await expect(page.locator('[data-total]')).toHaveAttribute('data-total', String(all.total));
  const shopList = page.getByRole('region', { name: 'Наші магазини' });
  await expect(shopList.getByRole('listitem')).toHaveCount(shops.length);
  await expect(shopList.getByRole('listitem').first()).toContainText(shops[0]?.titleUkr ?? '');
  await shotForPeople(page, 'brand-uk');

  // A filter from the sheet: the brand's own path with the filter, the count the brand's aggregations give.
  await page.locator('details.filters > summary').tap();
  const sheet = page.getByRole('dialog', { name: 'Фільтри' });
  await sheet.locator(`a.facet-link[data-topic="${narrowing.topic}"][data-value="${narrowing.value}"]`).tap();
  await sheet
    .getByRole('button', { name: new RegExp(`^Показати ${formatAmount(filtered.total)} товар(и|ів|у)?$`) })
    .tap();
  await expect(page).toHaveURL(`/ua/brand/${BRAND}/${narrowing.topic}=${narrowing.value}`);
  await expect(page.locator('[data-catalog-region="count"]')).toHaveAttribute('data-total', String(filtered.total));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${brand.title}: `);
  // One value of one topic is a filter path: indexable, with its own canonical (as on a category).
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/ua/brand/${BRAND}/${narrowing.topic}=${narrowing.value}$`),
  );
  await shotForPeople(page, 'brand-filtered-uk');

  // A sort: its own URL, noindex and no canonical.
  await page.getByRole('combobox', { name: 'Сортування' }).selectOption({ label: 'Спочатку дешевші' });
  await expect(page).toHaveURL(`/ua/brand/${BRAND}/${narrowing.topic}=${narrowing.value}/sort-price`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

test('the Russian brand page: its filters as links, its shops, its structured data; wrong addresses', async ({
  request,
}) => {
  const html = await (await request.get(`/brand/${BRAND}`)).text();
  expect(html).toContain('Наши магазины');
  expect(html).toMatch(new RegExp(`href="/brand/${BRAND}/[a-z-]+=[a-z0-9-]+"`));
  expect(html).toContain('"@type":"BreadcrumbList"');
  expect(html).toContain('"@type":"ItemList"');
  // The price form without JavaScript: a 303 to the path state.
  const priced = await request.get(`/brand/${BRAND}?priceFrom=100&priceTo=900`, { maxRedirects: 0 });
  expect(priced.status()).toBe(303);
  expect(priced.headers()['location']).toBe(`/brand/${BRAND}/price=100,900`);
  for (const path of ['/brand/no-such-brand', `/ua/brand/${BRAND}/brand=lego`, `/brand/${BRAND}/page-999`]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
