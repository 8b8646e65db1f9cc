import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { z } from 'zod';
import { contentBlockSchema, reviewListSchema, sizeTableSlugs } from '../../src/api/schemas/content.ts';
import { shopConfigsSchema, type Shop } from '../../src/api/schemas/delivery.ts';
import { productListSchema, type WireProduct, type WireVariant } from '../../src/api/schemas/product.ts';
import { accessoryListSchema } from '../../src/api/schemas/productDetail.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';
import { SHARE_FALLBACK_BASE } from '../../src/domain/product/share.ts';
import { seriousA11yViolations, walksIn, watchConsole } from './support.ts';

/**
 * The product page's details, checked against the embedded services' own answers: availability by
 * city for the chosen variant, accessories, the size table, sharing and the JSON-LD.
 */

const LOCALES = [
  { prefix: '', locale: 'ru' },
  { prefix: '/ua', locale: 'uk' },
] as const;

async function productPage(request: APIRequestContext, category: string, page: number): Promise<WireProduct[]> {
  const response = await request.get(
    `/svc/search/public/products?category=${category}&page=${page}&limit=24&withPrice=1&hasImage=1`,
  );
  expect(response.status()).toBe(200);
  return productListSchema.parse(await response.json()).items;
}

async function shopList(request: APIRequestContext): Promise<Shop[]> {
  const response = await request.get('/svc/delivery/public/shop/configs?project=bbs');
  expect(response.status()).toBe(200);
  const configs = shopConfigsSchema.parse(await response.json());
  return [...configs.warehouseList, ...configs.partnerShopList];
}

/**
 * What the availability block must say for a variant, as `city|shop id|quantity` (own stock) or
 * `city|shop id|donors` (brought in from a donor warehouse): pickup points only, each with own
 * stock or with donors holding some.
 */
function expectedAvailability(variant: WireVariant, shops: Shop[], locale: 'ru' | 'uk'): string[] {
  const stock = new Map(variant.warehouses.map((w) => [w.id, w.quantity]));
  const lines: string[] = [];
  for (const shop of shops) {
    if (!shop.pickupEnable) continue;
    const city = locale === 'uk' ? shop.cityUkr : shop.city;
    const own = stock.get(shop.id) ?? 0;
    if (own > 0) lines.push(`${city}|${shop.id}|${own}`);
    else if (shop.donors.some((id) => id !== shop.id && (stock.get(id) ?? 0) > 0))
      lines.push(`${city}|${shop.id}|donors`);
  }
  return lines.toSorted();
}

/** The availability block as the page shows it, in the same notation. */
async function shownAvailability(page: Page): Promise<string[]> {
  const lines = await page.locator('[data-availability] [data-city-id]').evaluateAll((cities) =>
    cities.flatMap((city) => {
      const name = city.querySelector('h3')?.textContent?.trim() ?? '';
      return [...city.querySelectorAll('[data-warehouse-id]')].map(
        (li) =>
          `${name}|${li.getAttribute('data-warehouse-id')}|${
            li.hasAttribute('data-from-donors') ? 'donors' : li.getAttribute('data-quantity')
          }`,
      );
    }),
  );
  return lines.toSorted();
}

/** A product with a colour whose two sizes differ in where they can be picked up. */
async function productWithDifferingAvailability(
  request: APIRequestContext,
  shops: Shop[],
): Promise<{ product: WireProduct; first: WireVariant; second: WireVariant }> {
  for (let page = 0; page < 6; page++) {
    for (const product of await productPage(request, 'odezhda', page)) {
      const shown = visibleVariants(product.nomenclature).filter((v) => v.colorPresentation && v.sizePresentation);
      for (const first of shown) {
        const second = shown.find(
          (v) =>
            v !== first &&
            v.colorPresentation?.slug === first.colorPresentation?.slug &&
            expectedAvailability(v, shops, 'ru').length > 0 &&
            expectedAvailability(v, shops, 'ru').join() !== expectedAvailability(first, shops, 'ru').join(),
        );
        if (second) return { product, first, second };
      }
    }
  }
  throw new Error('the seed has no colour whose sizes differ in availability');
}

const variantQuery = (v: WireVariant) =>
  `?${new URLSearchParams({ color: v.colorPresentation?.slug ?? '', size: v.sizePresentation?.slug ?? '' })}`;

// One language per flow (docs/decisions.md "One language per end-to-end flow"): a test under a
// condition walks only the language it names.
for (const { prefix, locale } of LOCALES) {
  if (walksIn(locale, 'ru'))
    test(`availability by city follows the chosen variant (${locale})`, async ({ page, request }) => {
      const errors = watchConsole(page);
      const shops = await shopList(request);
      const { product, first, second } = await productWithDifferingAvailability(request, shops);

      await page.goto(`${prefix}/product/${product.slug}${variantQuery(first)}`);
      await expect(page.locator('.product')).toHaveAttribute('data-variant-id', String(first.id));
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: locale === 'uk' ? 'Наявність у магазинах' : 'Наличие в магазинах',
        }),
      ).toBeVisible();
      expect(await shownAvailability(page)).toEqual(expectedAvailability(first, shops, locale));

      await page.locator(`a.size[data-size="${second.sizePresentation?.slug}"]`).click();
      await expect(page.locator('.product')).toHaveAttribute('data-variant-id', String(second.id));
      // Issue 29: the size switches in place; the shops come with the variant's page a moment later.
      await expect.poll(() => shownAvailability(page)).toEqual(expectedAvailability(second, shops, locale));
      // Grouped: every city appears once, with its shops under it.
      const cities = await page.locator('[data-availability] [data-city-id] h3').allTextContents();
      expect(new Set(cities).size).toBe(cities.length);

      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

  if (walksIn(locale, 'uk'))
    test(`accessories with stock are shown as product cards (${locale})`, async ({ page, request }) => {
      let found: { product: WireProduct; accessories: WireProduct[] } | null = null;
      for (const category of ['kurtki', 'bodi', 'krossovki', 'kombinezony']) {
        for (const product of (await productPage(request, category, 0)).slice(0, 12)) {
          const response = await request.get(
            `/svc/search/public/products/${product.id}/accessory?withPrice=1&hasImage=1`,
          );
          if (response.status() !== 200) continue;
          const { items } = accessoryListSchema.parse(await response.json());
          const inStock = items.filter((item) => item.nomenclature.some((v) => v.totalAmount > 0));
          if (inStock.length > 0) {
            found = { product, accessories: inStock };
            break;
          }
        }
        if (found) break;
      }
      expect(found, 'a product with accessories in stock').not.toBeNull();
      if (!found) return;

      await page.goto(`${prefix}/product/${found.product.slug}`);
      const section = page.locator('[data-accessories]');
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(
        locale === 'uk' ? 'З цим товаром купують' : 'С этим товаром покупают',
      );
      const expected = found.accessories.slice(0, 8).map((a) => `${prefix}/product/${a.slug}`);
      await expect(section.locator('article h3 a')).toHaveCount(expected.length);
      expect(
        await section.locator('article h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(expected);
    });

  if (walksIn(locale, 'ru'))
    test(`the size table from the content fallback chain opens as a disclosure (${locale})`, async ({
      page,
      request,
    }) => {
      const [product] = await productPage(request, 'obuv', 0);
      if (!product) throw new Error('no footwear in the seed');
      const slugs = sizeTableSlugs({
        category: product.category?.slug ?? null,
        folderCategory: product.folderCategory.slug,
        brand: product.brand?.slug ?? null,
      });
      let html: string | null = null;
      for (const slug of slugs) {
        const response = await request.get(`/svc/content/public/content-block/bbs/${slug}/${locale}`);
        if (response.status() === 200) {
          html = contentBlockSchema.parse(await response.json()).contentFormatted;
          break;
        }
      }
      expect(html, `one of ${slugs.join(', ')} exists`).not.toBeNull();
      const firstHeader = /<th[^>]*>([^<]+)<\/th>/.exec(html ?? '')?.[1]?.trim() ?? '';
      expect(firstHeader).not.toBe('');

      await page.goto(`${prefix}/product/${product.slug}`);
      const details = page.locator('details[data-size-table]');
      const table = details.locator('table').first();
      await expect(table).toBeHidden();
      await details.locator('summary').click();
      await expect(details).toHaveAttribute('open', '');
      await expect(table).toBeVisible();
      await expect(table.locator('th').first()).toHaveText(firstHeader);
    });

  if (walksIn(locale, 'uk'))
    test(`share opens the fallback URL in a new window without the Web Share API (${locale})`, async ({
      page,
      context,
      request,
    }) => {
      const errors = watchConsole(page);
      await page.addInitScript(() => {
        // Chromium on Linux has no Web Share API; make sure of it on any machine.
        Reflect.deleteProperty(Navigator.prototype, 'share');
      });
      // The fallback must not reach the network: answer it here.
      const shared: string[] = [];
      await context.route(`${SHARE_FALLBACK_BASE}**`, async (route) => {
        shared.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>share</title>' });
      });
      const { product, first } = await productWithDifferingAvailability(request, await shopList(request));
      await page.goto(`${prefix}/product/${product.slug}${variantQuery(first)}`);
      const link = page.getByRole('link', { name: locale === 'uk' ? /Поділитися/ : /Поделиться/ });

      const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await popup.waitForLoadState();
      const opened = new URL(popup.url());
      expect(`${opened.origin}${opened.pathname}`).toBe(SHARE_FALLBACK_BASE);
      const sharedUrl = new URL(opened.searchParams.get('u') ?? '');
      expect(sharedUrl.pathname).toBe(`${prefix}/product/${product.slug}`);
      expect(sharedUrl.searchParams.get('color')).toBe(first.colorPresentation?.slug);
      expect(sharedUrl.searchParams.get('size')).toBe(first.sizePresentation?.slug);
      expect(shared).toHaveLength(1);
      // The product page itself stays where it was.
      expect(new URL(page.url()).pathname).toBe(`${prefix}/product/${product.slug}`);
      expect(errors).toEqual([]);
    });

  if (walksIn(locale, 'ru'))
    test(`the structured data parses with at most 3 images and reviews, UAH and availability (${locale})`, async ({
      page,
      request,
    }) => {
      // A product with more than 3 reviews, so the cap is exercised.
      let chosen: { product: WireProduct; total: number; average: number } | null = null;
      for (let p = 0; p < 4 && !chosen; p++) {
        const products = await productPage(request, 'odezhda', p);
        const query = products.map((item, i) => `ids[${i}]=${item.id}`).join('&');
        const ratings = z
          .object({ items: z.array(z.object({ productId: z.number(), total: z.number(), averageRate: z.number() })) })
          .parse(await (await request.get(`/svc/content/public/review/ratings?${query}`)).json());
        const rated = ratings.items.find((r) => r.total > 3);
        const product = products.find((item) => item.id === rated?.productId);
        if (rated && product) chosen = { product, total: rated.total, average: rated.averageRate };
      }
      expect(chosen, 'a product with more than 3 reviews').not.toBeNull();
      if (!chosen) return;

      await page.goto(`${prefix}/product/${chosen.product.slug}`);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const nodes = blocks.flatMap((text) => z.array(z.looseObject({ '@type': z.string() })).parse(JSON.parse(text)));
      const rating = z.object({ '@type': z.literal('Rating'), ratingValue: z.number().int().min(1).max(5) });
      const productLd = z
        .looseObject({
          '@type': z.literal('Product'),
          image: z.array(z.url()).min(1).max(3),
          offers: z.looseObject({
            priceCurrency: z.literal('UAH'),
            price: z.number().positive(),
            availability: z.enum([
              'https://schema.org/InStock',
              'https://schema.org/OutOfStock',
              'https://schema.org/PreOrder',
            ]),
          }),
          aggregateRating: z.looseObject({
            ratingValue: z.number().min(1).max(5),
            reviewCount: z.number().int(),
            bestRating: z.literal(5),
            worstRating: z.literal(1),
          }),
          review: z
            .array(
              z.looseObject({
                '@type': z.literal('Review'),
                reviewRating: rating,
                author: z.looseObject({ name: z.string() }),
              }),
            )
            .min(1)
            .max(3),
        })
        .parse(nodes.find((node) => node['@type'] === 'Product'));
      expect(productLd.aggregateRating.reviewCount).toBe(chosen.total);
      expect(nodes.some((node) => node['@type'] === 'BreadcrumbList')).toBe(true);
      // The reviews the data describes are on the page too: the first 3 of the page's first 10 (the
      // chosen variant's first, issue 25), each one of the product's.
      const shown = page.locator('[data-review]');
      await expect(shown).toHaveCount(Math.min(chosen.total, 10));
      const shownAuthors = await shown.locator(':scope > .head > strong').allTextContents();
      expect(productLd.review.map((r) => r.author.name)).toEqual(shownAuthors.slice(0, 3));
      const ids = await shown.evaluateAll((items) => items.map((item) => item.id));
      const all = reviewListSchema.parse(
        await (await request.get(`/svc/content/public/review/product?productId=${chosen.product.id}&limit=50`)).json(),
      );
      expect(ids.every((id) => all.items.some((review) => `review-${review.id}` === id))).toBe(true);
    });
}

test('without JavaScript the share control is a plain link to the fallback URL in a new tab', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.request.get('/svc/search/public/products?category=odezhda&page=0&limit=1&withPrice=1');
    const [product] = productListSchema.parse(await response.json()).items;
    if (!product) throw new Error('no product');
    await page.goto(`/product/${product.slug}`);
    const link = page.locator('a[data-share]');
    await expect(link).toHaveAttribute('target', '_blank');
    const href = new URL((await link.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(SHARE_FALLBACK_BASE);
    expect(new URL(href.searchParams.get('u') ?? '').pathname).toBe(`/product/${product.slug}`);
  } finally {
    await context.close();
  }
});

test('with the Web Share API the variant URL is shared through it and no window opens', async ({ page, request }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        (window as unknown as { sharedData: ShareData }).sharedData = data;
        return Promise.resolve();
      },
    });
  });
  const { product, first } = await productWithDifferingAvailability(request, await shopList(request));
  await page.goto(`/ua/product/${product.slug}${variantQuery(first)}`);
  let popups = 0;
  page.on('popup', () => popups++);
  await page.locator('a[data-share]').click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedData?: ShareData }).sharedData?.url ?? null))
    .toMatch(new RegExp(`/ua/product/${product.slug}\\?color=.+&size=.+$`));
  expect(popups).toBe(0);
  expect(new URL(page.url()).pathname).toBe(`/ua/product/${product.slug}`);
});
