import { expect, test } from './fixtures.ts';
import { reviewAggsSchema, reviewListSchema } from '../../src/api/schemas/content.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { shotForPeople } from './support.ts';

/** The product page's stars per rating (accounts spec §7 `/public/review/aggs`; issue 25). */
test('a reviewed product shows how many reviews gave each rating, 5 to 1, as the service counts them', async ({
  page,
  request,
}) => {
  const best = reviewListSchema.parse(
    await (await request.get('/svc/content/public/review/category?minRating=1&page=0&limit=20&project=bbs')).json(),
  );
  const ids = [...new Set(best.items.map((review) => review.productId))];
  const query = ids.map((id, i) => `ids[${String(i)}]=${String(id)}`).join('&');
  const products = productListSchema.parse(
    await (
      await request.get(`/svc/search/public/products?${query}&withPrice=1&page=0&limit=${String(ids.length)}`)
    ).json(),
  ).items;
  const product = products[0];
  if (!product) throw new Error('the seed has no reviewed product the shop shows');
  const aggs = reviewAggsSchema.parse(
    await (await request.get(`/svc/content/public/review/aggs?productId=${String(product.id)}&project=bbs`)).json(),
  );
  expect(aggs.total).toBeGreaterThan(0);

  await page.goto(`/ua/product/${product.slug}`);
  const rows = page.getByRole('list', { name: 'Оцінки покупців' }).getByRole('listitem');
  await expect(rows).toHaveCount(5);
  const expected = [5, 4, 3, 2, 1].map(
    (rating) => `Оцінка ${String(rating)}: ${String(aggs.counts.find((c) => c.rating === rating)?.count ?? 0)}`,
  );
  await expect(rows.locator('.visually-hidden')).toHaveText(expected);
  const values = await rows
    .locator('meter')
    .evaluateAll((meters) => meters.map((meter) => (meter instanceof HTMLMeterElement ? meter.value : -1)));
  expect(values.reduce((sum, value) => sum + value, 0)).toBe(aggs.total);
  await page.getByRole('heading', { name: 'Відгуки' }).scrollIntoViewIfNeeded();
  await shotForPeople(page, 'review-counts-uk');
  // The Russian page names the list in Russian.
  const ru = await (await request.get(`/product/${product.slug}`)).text();
  expect(ru).toContain('aria-label="Оценки покупателей"');
});
