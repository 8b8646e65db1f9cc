import { expect, test, type APIRequestContext } from './fixtures.ts';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { encodeQuery } from '../../src/api/queryString.ts';

/**
 * Catalogue addresses that cannot exist (issue 25): a filter value no product of the category has
 * is the 404 page of its language, never kept by a cache, instead of an empty page to index. The
 * rule itself is tested in tests/unit/filterExistence.test.ts; which service calls such an address
 * costs, in tests/launcher/faults.test.ts.
 */

async function expectNotFoundPage(request: APIRequestContext, path: string): Promise<void> {
  for (const round of [1, 2]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), `${path} (${round})`).toBe(404);
    expect(response.headers()['cache-control'], path).toBe('no-store');
    expect(response.headers()['x-astro-cache'], path).not.toBe('HIT');
    expect(await response.text(), path).toContain(
      path.startsWith('/ua/') ? 'Сторінку не знайдено' : 'Страница не найдена',
    );
  }
}

test('a filter value no product has is the 404 page in both languages; a real one is a page', async ({ request }) => {
  await expectNotFoundPage(request, '/odezhda/color=nosuchcolour');
  await expectNotFoundPage(request, '/ua/odezhda/color=nosuchcolour');
  await expectNotFoundPage(request, `/odezhda/color=${'a'.repeat(2000)}`);
  await expectNotFoundPage(request, '/odezhda/price=0,abc');
  const real = await request.get('/odezhda/color=belyy');
  expect(real.status()).toBe(200);
  expect(await real.text()).toContain('data-total');
});

test('a colour the shop has but no product of the sub-category: the 404 page (judged by its own counts)', async ({
  request,
}) => {
  const config = categoryConfigSchema.parse(await (await request.get('/svc/search/public/category-config')).json());
  const colours = config.topicList.find((topic) => topic.slug === 'color')?.filterList.map((entry) => entry.slug) ?? [];
  // The first sub-category that lacks one of the shop's colours, with one it has.
  for (const folder of config.categoryList) {
    for (const sub of folder.childList) {
      const query = encodeQuery({ category: sub.slug, limit: 1, hasImage: 1, withPrice: 1 });
      const list = productListSchema.parse(await (await request.get(`/svc/search/public/products?${query}`)).json());
      const counted = list.aggr.topicList.find((topic) => topic.slug === 'color')?.filterList ?? [];
      const present = counted.find((entry) => (entry.count ?? 0) > 0)?.slug;
      const absent = colours.find(
        (colour) => !counted.some((entry) => entry.slug === colour && (entry.count ?? 0) > 0),
      );
      if (present === undefined || absent === undefined) continue;
      await expectNotFoundPage(request, `/ua/${folder.slug}/${sub.slug}/color=${absent}`);
      expect((await request.get(`/ua/${folder.slug}/${sub.slug}/color=${present}`)).status()).toBe(200);
      return;
    }
  }
  throw new Error('every sub-category has every colour: no case to test');
});

test('brand, outlet, special catalogues and search results: an unknown filter is the 404 page', async ({ request }) => {
  for (const path of [
    '/brand/reima/color=nosuchcolour',
    '/ua/brand/reima/color=nosuchcolour',
    '/outlet/color=nosuchcolour',
    '/ua/outlet/color=nosuchcolour',
    '/pakunok-malyuka/color=nosuchcolour',
    '/ua/catalogs/leto/color=nosuchcolour',
    '/search-result/color=nosuchcolour?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0',
    '/ua/search-result/nosuchtopic=x?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0',
  ]) {
    await expectNotFoundPage(request, path);
  }
});
