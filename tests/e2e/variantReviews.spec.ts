import { expect, test } from './fixtures.ts';
import { reviewListSchema } from '../../src/api/schemas/content.ts';
import { productDetailSchema } from '../../src/api/schemas/productDetail.ts';
import { colorSlug } from '../../src/domain/product/variantSelection.ts';
import { shotForPeople } from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const reviewList = async (request: import('@playwright/test').APIRequestContext, path: string) =>
  reviewListSchema.parse(await (await request.get(`/svc/content/public/review/${path}&project=bbs`)).json());

/** Issue 25: the reviews of the variant the page stands for come first, then the others, each once. */
test('a chosen variant’s reviews lead the product’s reviews, each listed once (ru)', async ({ page, request }) => {
  // A variant whose reviews are not its product's newest ones: the order changes for it.
  const reviews = await reviewList(request, 'category?minRating=1&page=0&limit=20');
  let found: { url: string; articleIds: number[] } | null = null;
  for (const review of reviews.items) {
    if (review.article === null) continue;
    const product = productDetailSchema.safeParse(
      await (await request.get(`/svc/search/public/products/${review.productId}?withPrice=1`)).json(),
    );
    if (!product.success || product.data.nomenclature.length < 2) continue;
    const newest = await reviewList(request, `product?productId=${review.productId}&page=0&limit=10`);
    const ofArticle = await reviewList(request, `product-article?article=${review.article}&page=0&limit=10`);
    const ids = ofArticle.items.filter((r) => r.productId === review.productId).map((r) => r.id);
    // Only where the variant's reviews are not already the product's newest ones does the order change.
    const newestIds = newest.items.slice(0, ids.length).map((r) => r.id);
    if (ids.length === 0 || newestIds.join() === ids.join()) continue;
    const variant = product.data.nomenclature.find((v) => v.displayArticle === review.article);
    if (!variant) continue;
    const query = new URLSearchParams({ color: colorSlug(variant) });
    if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
    found = { url: `/product/${product.data.slug}?${query}`, articleIds: ids };
    break;
  }
  if (!found) throw new Error('the seed has no variant review that is not its product’s newest');

  await page.goto(found.url);
  const items = page.locator('[data-review]');
  const ids = (await items.evaluateAll((lis) => lis.map((li) => li.id))).map((id) => Number(id.replace('review-', '')));
  expect(ids.slice(0, found.articleIds.length)).toEqual(found.articleIds.slice(0, ids.length));
  expect(new Set(ids).size, 'no review twice').toBe(ids.length);
  await expect(items.first().getByText('О выбранном варианте')).toBeVisible();
  await expect(page.locator('[data-review][data-of-variant]')).toHaveCount(Math.min(found.articleIds.length, 10));
  await items.first().scrollIntoViewIfNeeded();
  await shotForPeople(page, 'variant-reviews-ru');
  // The Ukrainian page says it in Ukrainian.
  expect(await (await request.get(`/ua${found.url}`)).text()).toContain('Про обраний варіант');
});
