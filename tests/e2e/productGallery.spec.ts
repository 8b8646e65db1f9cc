import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { productListSchema, type WireProduct } from '../../src/api/schemas/product.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';
import { seriousA11yViolations, walksIn, watchConsole } from './support.ts';

/**
 * The product gallery: pictures of the chosen colour in order, linked videos, and the 360° view
 * whose frames follow the colour picker; checked against the search service's own answers.
 */

const LOCALES = [
  { prefix: '', locale: 'ru', video: 'Видео', newTab: 'откроется в новой вкладке', rotate: 'Обзор 360°' },
  { prefix: '/ua', locale: 'uk', video: 'Відео', newTab: 'відкриється в новій вкладці', rotate: 'Огляд 360°' },
] as const;

/** The first product of `category` (pages of 100, as the catalogue would list them) that `wanted` accepts. */
async function findProduct(
  request: APIRequestContext,
  category: string,
  wanted: (product: WireProduct) => boolean,
): Promise<WireProduct> {
  for (let page = 0; page < 20; page++) {
    const response = await request.get(
      `/svc/search/public/products?category=${category}&page=${page}&limit=100&withPrice=1&hasImage=1`,
    );
    expect(response.status()).toBe(200);
    const { items } = productListSchema.parse(await response.json());
    const found = items.find(wanted);
    if (found) return found;
    if (items.length < 100) break;
  }
  throw new Error(`the seed has no such product in ${category}`);
}

const shownColours = (product: WireProduct): string[] => [
  ...new Set(visibleVariants(product.nomenclature).map((v) => v.colorPresentation?.slug ?? 'without-color')),
];
const ofColour = (colorList: readonly string[], colour: string) => colorList.length === 0 || colorList.includes(colour);

/** Links of the pictures the gallery must show for `colour`, in order (all of them when the colour has none). */
function expectedPictures(product: WireProduct, colour: string): string[] {
  const own = product.images.filter((image) => ofColour(image.colorList, colour));
  return (own.length > 0 ? own : product.images).toSorted((a, b) => a.order - b.order).map((image) => image.link);
}

/** Links of the 360° frames of `colour`, in turning order. */
function expectedFrames(product: WireProduct, colour: string): string[] {
  return product.rotateImages
    .filter((frame) => ofColour(frame.colorList, colour))
    .toSorted((a, b) => a.order - b.order)
    .map((frame) => frame.link);
}

/** Records every request the page makes to a host other than the local server. */
function watchOutsideRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && !['127.0.0.1', 'localhost'].includes(url.hostname))
      outside.push(request.url());
  });
  return outside;
}

const sources = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));

/** The originals the gallery's pictures are made from (their `src` is the image service's URL of one width). */
const photoSources = async (page: Page, selector: string): Promise<string[]> =>
  (await sources(page, selector)).map((src) => new URL(src, 'http://shop.test').searchParams.get('src') ?? src);

/** A stroller or car seat with at least two shown colours, each with its own 360° frames. */
const turningProduct = (request: APIRequestContext) =>
  findProduct(request, 'kolyaski-i-avtokresla', (product) => {
    const colours = shownColours(product);
    return colours.length >= 2 && colours.every((colour) => expectedFrames(product, colour).length === 12);
  });

// One language per flow (docs/decisions.md "One language per end-to-end flow"): a test under a
// condition walks only the language it names.
for (const { prefix, locale, rotate } of LOCALES) {
  if (walksIn(locale, 'ru'))
    test(
      `the 360° view turns the chosen colour's frames and follows the colour picker (${locale})`,
      { tag: '@pictures' },
      async ({ page, request }) => {
        const product = await turningProduct(request);
        const errors = watchConsole(page);
        const outside = watchOutsideRequests(page);
        await page.goto(`${prefix}/product/${product.slug}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);

        const colour = (await page.locator('a.swatch[aria-current="true"]').getAttribute('data-color')) ?? '';
        expect(await photoSources(page, '.gallery .photos img')).toEqual(expectedPictures(product, colour));
        await expect(page.locator('.gallery')).toHaveAttribute('data-main-media', 'image');
        const frames = expectedFrames(product, colour);
        expect(await sources(page, '[data-spin] img')).toEqual(frames);
        const viewer = page.getByRole('group', { name: new RegExp(`^${rotate}`) });
        await expect(viewer).toBeVisible();
        // Only the first picture of the page loads eagerly; frames wait until they are needed.
        expect(
          await page
            .locator('[data-spin] img')
            .evaluateAll((images) => images.map((image) => image.getAttribute('loading'))),
        ).toEqual(frames.map(() => 'lazy'));

        // Enhanced: one frame at a time, turned by the arrow keys and by a drag.
        await expect(page.locator('[data-spin]')).toHaveAttribute('data-turnable', '');
        const shown = page.locator('[data-spin] img:not([hidden])');
        await expect(shown).toHaveCount(1);
        await expect(shown).toHaveAttribute('src', frames[0] ?? '');
        await viewer.focus();
        await page.keyboard.press('ArrowRight');
        await expect(shown).toHaveAttribute('src', frames[1] ?? '');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await expect(shown).toHaveAttribute('src', frames[11] ?? '');
        await expect(shown).toHaveJSProperty('complete', true);
        const box = await viewer.boundingBox();
        if (!box) throw new Error('the 360° view has no box');
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - (box.width / 12) * 3.5, box.y + box.height / 2, { steps: 6 });
        await page.mouse.up();
        await expect(shown).toHaveAttribute('src', frames[2] ?? '');

        expect(await seriousA11yViolations(page)).toEqual([]);

        // Another colour: the pictures and the frames follow.
        const other = shownColours(product).find((c) => c !== colour) ?? '';
        await page.locator(`a.swatch[data-color="${other}"]`).click();
        await expect(page.locator(`a.swatch[data-color="${other}"]`)).toHaveAttribute('aria-current', 'true');
        // Issue 29: the colour switches in place; the gallery comes with the colour's page a moment later.
        await expect.poll(() => photoSources(page, '.gallery .photos img')).toEqual(expectedPictures(product, other));
        expect(await sources(page, '[data-spin] img')).toEqual(expectedFrames(product, other));
        expect(
          await page
            .locator('[data-spin] img')
            .evaluateAll((images) => images.map((i) => i.getAttribute('data-color-list'))),
        ).toEqual(frames.map(() => other));
        await expect(page.locator('[data-spin] img:not([hidden])')).toHaveAttribute(
          'src',
          expectedFrames(product, other)[0] ?? '',
        );

        expect(outside).toEqual([]);
        expect(errors).toEqual([]);
      },
    );

  if (walksIn(locale, 'uk'))
    test(`videos are linked cards with the service's link and title, nothing loaded from the video host (${locale})`, async ({
      page,
      request,
    }) => {
      const { video, newTab } = LOCALES.find((l) => l.locale === locale) ?? LOCALES[0];
      const product = await findProduct(request, 'igrushki', (p) => p.videos.length > 0);
      const errors = watchConsole(page);
      const outside = watchOutsideRequests(page);
      await page.goto(`${prefix}/product/${product.slug}`);

      const cards = page.locator('.gallery a[data-video]');
      await expect(cards).toHaveCount(product.videos.length);
      for (const [index, expected] of product.videos.entries()) {
        const card = cards.nth(index);
        await expect(card).toHaveAttribute('href', expected.link);
        await expect(card).toHaveAttribute('target', '_blank');
        await expect(card).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(card).toHaveAccessibleName(`${video} ${expected.title} (${newTab})`);
      }
      // The pictures, then the videos, then the 360° view of the colour (when it has one).
      const variantId = Number(await page.locator('.product').getAttribute('data-variant-id'));
      const variant = product.nomenclature.find((v) => v.id === variantId);
      const colour = variant?.colorPresentation?.slug ?? 'without-color';
      const order = await page
        .locator('.gallery .photos img, .gallery a[data-video], .gallery [data-spin]')
        .evaluateAll((nodes) => nodes.map((node) => node.tagName.toLowerCase()));
      expect(order).toEqual([
        ...expectedPictures(product, colour).map(() => 'img'),
        ...product.videos.map(() => 'a'),
        ...(expectedFrames(product, colour).length > 0 ? ['figure'] : []),
      ]);
      await expect(page.locator('iframe, video')).toHaveCount(0);

      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the 360° view is a scrollable strip of every frame of the chosen colour', async ({ page, request }) => {
    const product = await turningProduct(request);
    await page.goto(`/ua/product/${product.slug}`);
    const colour = (await page.locator('a.swatch[aria-current="true"]').getAttribute('data-color')) ?? '';
    expect(await sources(page, '[data-spin] img')).toEqual(expectedFrames(product, colour));
    await expect(page.locator('[data-spin] img:not([hidden])')).toHaveCount(12);
    const strip = page.getByRole('group', { name: /^Огляд 360°/ });
    await expect(strip).toHaveAttribute('tabindex', '0');
    const { scrollWidth, clientWidth } = await strip.evaluate((node) => ({
      scrollWidth: node.scrollWidth,
      clientWidth: node.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThanOrEqual(clientWidth * 11);
    await strip.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => strip.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
  });
});

test('product pages with videos and a 360° view are valid HTML in both locales', async ({ request }) => {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const products = [await turningProduct(request), await findProduct(request, 'igrushki', (p) => p.videos.length > 0)];
  for (const product of products) {
    for (const { prefix } of LOCALES) {
      const path = `${prefix}/product/${product.slug}`;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      // Astro's island runtime style in <body> is the framework's markup (see htmlValid.spec.ts).
      const html = (await response.text()).replace(
        '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>',
        '',
      );
      const report = await validator.validateString(html, join(import.meta.dirname, 'served', 'gallery.html'));
      const messages = report.results.flatMap((r) => r.messages.map((m) => `${path}: ${m.ruleId} ${m.message}`));
      expect(messages).toEqual([]);
    }
  }
});
