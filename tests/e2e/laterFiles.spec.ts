import { expect, test, type Page } from './fixtures.ts';
import { LATER_FALLBACK_MS } from '../../src/server/scripts/laterScripts.ts';
import { stockedVariant } from './orderSupport.ts';
import { clothingProductPath, watchConsole } from './support.ts';

/**
 * Issue 27: before its first picture is on screen a public page asks for nothing but itself and that
 * picture; its script files, stylesheets, icon and manifest come after (src/server/scripts/laterScripts.ts).
 * Read off the browser's own timings: resource entries, the paint entries and the picture's element timing.
 * With the real photos (`@pictures`): without them a product has no picture and the page starts its
 * files at its first paint, as a page without a first picture does.
 * A submit before the files have come is held and handled in place once they have: basket.spec.ts
 * «an "add" before the page has loaded…» (every picture held, the tap starts the files).
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** What waits for the first picture: script files, stylesheets, the icon and the manifest. */
const LATER = /\/_astro\/.+\.(js|css)$|\/favicon\.svg$|\/manifest\.webmanifest$/;

/** When each later file was asked for (ms since the navigation began), and how it blocked rendering. */
function laterRequests(page: Page): Promise<{ url: string; start: number; blocking: string }[]> {
  return page.evaluate(
    (pattern) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(pattern).test(new URL(entry.name).pathname))
        .map((entry) => ({
          url: new URL(entry.name).pathname,
          start: entry.startTime,
          // Chromium's `renderBlockingStatus` (not yet in TypeScript's DOM types).
          blocking: String(Reflect.get(entry, 'renderBlockingStatus')),
        })),
    LATER.source,
  );
}

/** When the page's first picture was painted (its element-timing entry), or null when none was. */
function firstPicturePaint(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        // PerformanceElementTiming (Chromium's; not yet in TypeScript's DOM types).
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => Reflect.get(e, 'identifier') === 'first-picture');
          const time: unknown = entry ? Reflect.get(entry, 'renderTime') : undefined;
          if (typeof time === 'number') resolve(time);
        }).observe({ type: 'element', buffered: true });
        setTimeout(() => resolve(null), 500);
      }),
  );
}

/** When the page's first picture (its shown `img[fetchpriority=high]`) had arrived, and when the first paint was. */
function firstPictureAndPaint(page: Page): Promise<{ picture: number | null; firstPaint: number | null }> {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority=high]')].find(
      (image) => image.offsetWidth > 0,
    );
    const arrived = shown ? performance.getEntriesByName(shown.currentSrc)[0] : undefined;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      picture: arrived instanceof PerformanceResourceTiming ? arrived.responseEnd : null,
      firstPaint: paint ? paint.startTime : null,
    };
  });
}

test(
  'on a phone the page’s files are asked for once its first picture is on screen, never before',
  { tag: '@pictures' },
  async ({ browser, page: probe }) => {
    const paths = ['/', '/ua/odezhda', await clothingProductPath(probe.request)];
    // Each picture is made once and then cached (src/server/images/imageCache.ts): made here first, so
    // that the measured visit's picture comes in time and not after the 3 s fallback on a busy machine.
    const warm = await browser.newContext(PHONE);
    const warmPage = await warm.newPage();
    for (const path of paths) await warmPage.goto(path, { waitUntil: 'load' });
    await warm.close();
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = watchConsole(page);
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'load' });
      // Entries are written as each file ends: wait for the stylesheet and the scripts.
      await expect
        .poll(
          () =>
            laterRequests(page).then((files) => files.some((file) => file.url.endsWith('.css')) && files.length > 2),
          {
            message: path,
          },
        )
        .toBe(true);
      const { picture, firstPaint } = await firstPictureAndPaint(page);
      const painted = await firstPicturePaint(page);
      // After the picture had arrived and was painted, and after the first paint; or, when even the
      // cached picture took longer than that, after the 3 s fallback (counted from the later-files
      // script, which runs after the navigation began).
      expect(painted, path).not.toBeNull();
      expect(firstPaint, path).not.toBeNull();
      const after = Math.min(Math.max(painted ?? Infinity, picture ?? 0, firstPaint ?? Infinity), LATER_FALLBACK_MS);
      const files = await laterRequests(page);
      for (const file of files) {
        expect(
          file.start,
          `${path} ${file.url}: ${JSON.stringify({ picture, firstPaint, painted })}`,
        ).toBeGreaterThanOrEqual(after);
        expect(file.blocking, `${path} ${file.url}`).toBe('non-blocking');
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  },
);

test(
  'a picture that never comes holds the files 3 s at most; a desktop’s stylesheets block its first paint',
  { tag: '@pictures' },
  async ({ browser, page: probe }) => {
    const path = await clothingProductPath(probe.request);
    const phone = await browser.newContext(PHONE);
    const page = await phone.newPage();
    // Every picture held (whichever service sends it): no paint of the first picture, no load event.
    await page.route('**/*', (route) => (route.request().resourceType() === 'image' ? undefined : route.continue()));
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => laterRequests(page).then((files) => files.length), { timeout: 10_000 }).toBeGreaterThan(2);
    // Not before the fallback (less the time the head took to reach its script).
    for (const file of await laterRequests(page)) expect(file.start, file.url).toBeGreaterThan(LATER_FALLBACK_MS - 500);
    await phone.close();

    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const wide = await desktop.newPage();
    await wide.goto(path, { waitUntil: 'load' });
    const stylesheets = (await laterRequests(wide)).filter((file) => file.url.endsWith('.css'));
    expect(stylesheets.length).toBe(1);
    expect(stylesheets[0]?.blocking).toBe('blocking');
    await desktop.close();
  },
);

test('a search typed before the page’s files have come still gets its suggestions', async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  // Pictures held: nothing but the shopper's tap starts the files (the 3 s fallback aside).
  await page.route('**/*', (route) => (route.request().resourceType() === 'image' ? undefined : route.continue()));
  await page.goto('/obuv', { waitUntil: 'domcontentloaded' });
  expect(await laterRequests(page)).toEqual([]);
  const box = page.locator('#site-search');
  // The focus starts the files; the island runtime comes after it and still hydrates the focused
  // island (src/directives/focus.ts), which asks for what is in the box.
  await box.tap();
  await box.pressSequentially('шапка');
  await expect(page.getByRole('listbox')).toHaveAttribute('data-query', 'шапка');
  await expect(page.getByRole('option').first()).toBeVisible();
  await context.close();
});

/** Pictures held and the script files late: whatever opens without script has opened before its script runs. */
async function filesLate(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() === 'image') return;
    if (request.resourceType() === 'script') await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
}

test('what a shopper opened before the page’s files came is filled once they have: the menu, «в один клик»', async ({
  browser,
  page: probe,
}) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await filesLate(page);
  // The phone's catalogue menu is a popover: open, and its toggle passed, before its script runs.
  await page.goto('/ua/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Каталог' }).tap();
  await expect(page.locator('#catalog-menu')).toBeVisible();
  // Nothing else is touched: the groups come from /catalog-menu all the same.
  await expect(page.locator('#catalog-menu .sub[data-filled]').first()).toBeAttached();
  await expect(page.locator('#catalog-menu a[data-menu-banner="mobile"]').first()).toBeAttached();

  // «Купить в один клик» unfolded before its script: the phone field gets its mask all the same.
  const { product, variant } = await stockedVariant(probe.request);
  const choice = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
  if (variant.sizePresentation) choice.set('size', variant.sizePresentation.slug);
  await page.goto(`/product/${product.slug}?${choice.toString()}`, { waitUntil: 'domcontentloaded' });
  await page.locator('[data-one-click-box] summary').tap();
  await expect(page.locator('[data-one-click-box] input[data-phone-mask]')).toHaveAttribute('data-masked', '');
  await context.close();
});
