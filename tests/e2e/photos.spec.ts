import { expect, test, type Page } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';

/**
 * Product photos reach a phone in a modern format at about the size the layout shows them.
 *
 * The rule, for every product picture that has loaded (catalogue cards and the product gallery):
 * - it came from the image service (`/img?...`) and its response was `image/webp` or `image/avif`;
 * - its natural width ≤ 2 × its displayed CSS width × devicePixelRatio (rounded up to a whole pixel).
 * And on the product page the gallery's first picture (the LCP) is eager with
 * `fetchpriority="high"` and preloaded from the head with the same AVIF `srcset`/`sizes` as its
 * `<source>`, so Chromium shows the preloaded bytes and fetches that picture once.
 */

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
] as const;

const PICTURES = '.card .media img, .gallery .photos img';

/** Content type of every image-service response the page receives, by URL. */
function watchImageTypes(page: Page): Map<string, string> {
  const types = new Map<string, string>();
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/img')
      types.set(response.url(), response.headers()['content-type'] ?? '');
  });
  return types;
}

interface LoadedPicture {
  currentSrc: string;
  naturalWidth: number;
  displayedWidth: number;
  dpr: number;
}

/** Every product picture on the page that has loaded. */
const loadedPictures = (page: Page): Promise<LoadedPicture[]> =>
  page.locator(PICTURES).evaluateAll((images) =>
    images.flatMap((node) =>
      node instanceof HTMLImageElement && node.complete && node.naturalWidth > 0
        ? [
            {
              currentSrc: node.currentSrc,
              naturalWidth: node.naturalWidth,
              displayedWidth: node.getBoundingClientRect().width,
              dpr: window.devicePixelRatio,
            },
          ]
        : [],
    ),
  );

function expectRightSized(pictures: LoadedPicture[], types: Map<string, string>): void {
  for (const picture of pictures) {
    expect(new URL(picture.currentSrc).pathname, picture.currentSrc).toBe('/img');
    expect(types.get(picture.currentSrc), picture.currentSrc).toMatch(/^image\/(?:webp|avif)$/);
    const needed = Math.ceil(picture.displayedWidth * picture.dpr);
    expect(picture.naturalWidth, `${picture.currentSrc} shown ${needed} device px wide`).toBeLessThanOrEqual(
      2 * needed,
    );
  }
}

for (const device of VIEWPORTS) {
  test.describe(`product photos on a ${device.name}`, { tag: '@pictures' }, () => {
    // On a cold image cache each picture is made once (photo + resize + encode, ~0.3 s of CPU, more on a loaded machine).
    test.slow();
    test.use({
      viewport: device.viewport,
      deviceScaleFactor: device.deviceScaleFactor,
      isMobile: device.isMobile,
      hasTouch: device.hasTouch,
    });

    test('catalogue cards load AVIF/WebP pictures no wider than twice their displayed size', async ({ page }) => {
      const types = watchImageTypes(page);
      await page.goto('/odezhda');
      await expect.poll(async () => (await loadedPictures(page)).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
      await page.waitForLoadState('load');
      expectRightSized(await loadedPictures(page), types);
    });

    test('the product page preloads its main picture at high priority and sizes every picture', async ({
      page,
      request,
    }) => {
      const list = productListSchema.parse(
        await (await request.get('/svc/search/public/products?category=odezhda&limit=5&hasImage=1')).json(),
      );
      const product = list.items.find((item) => item.images.length >= 2) ?? list.items[0];
      if (!product) throw new Error('the seed has no clothing with pictures');
      const types = watchImageTypes(page);
      const fetched: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/img') fetched.push(r.url());
      });
      await page.goto(`/product/${product.slug}`);
      const main = page.locator('.gallery .photos img').first();
      const avif = page.locator('.gallery .photos picture').first().locator('source[type="image/avif"]');
      await expect(main).toHaveAttribute('fetchpriority', 'high');
      // Eager: the default, so no attribute (it never says lazy).
      expect(await main.getAttribute('loading')).toBeNull();
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveCount(1);
      await expect(preload).toHaveAttribute('fetchpriority', 'high');
      await expect(preload).toHaveAttribute('type', 'image/avif');
      expect(await preload.getAttribute('imagesrcset')).toBe(await avif.getAttribute('srcset'));
      expect(await preload.getAttribute('imagesizes')).toBe(await avif.getAttribute('sizes'));
      expect(await main.getAttribute('sizes')).toBe(await avif.getAttribute('sizes'));
      await expect.poll(async () => (await loadedPictures(page)).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
      await page.waitForLoadState('load');
      expectRightSized(await loadedPictures(page), types);
      const shown = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(new URL(shown).searchParams.get('f')).toBe('avif');
      expect(types.get(shown)).toBe('image/avif');
      expect(fetched.filter((url) => url === shown)).toHaveLength(1);
    });
  });
}
