import { expect, test, type Locator, type Page } from './fixtures.ts';
import { PREFIX, TEXT, buyable, type Lang } from './checkoutSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * Issue 29 on a first visit: the consent banner, fixed to the bottom, covered the product page's
 * sticky «У кошик» bar on a phone. While the banner asks, the bar sits above it and its button
 * takes a tap; once the banner is answered, the bar is back at the bottom of the screen.
 */

// A first visit: no stored consent answer (playwright.config.ts stores "no" for every other test).
test.use({
  storageState: { cookies: [], origins: [] },
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
});

const CONSENT = {
  ru: { region: 'Cookie и аналитика', refuse: 'Отклонить' },
  uk: { region: 'Cookie та аналітика', refuse: 'Відхилити' },
} as const;

/** The element a finger at the button's centre reaches is the button (or inside it). */
const reachable = (button: Locator) =>
  button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });

/** How far the bar's lower edge is from the screen's bottom, in px. */
const gapBelow = (bar: Locator) =>
  bar.evaluate((element) => Math.round(innerHeight - element.getBoundingClientRect().bottom));

/** The product page at its top, on a first visit, with the bar shown over the banner. */
async function openFirstVisit(page: Page, lang: Lang, path: string) {
  await page.goto(`${PREFIX[lang]}${path}`);
  const banner = page.getByRole('region', { name: CONSENT[lang].region });
  await expect(banner).toBeVisible();
  // The page's own button is below the first screen, so the bar shows at the top of the page.
  expect((await page.locator('[data-buy-button]').boundingBox())?.y ?? 0).toBeGreaterThan(844);
  const bar = page.locator('[data-buy-bar]');
  await expect(bar).toBeVisible();
  const button = bar.getByRole('button', { name: TEXT[lang].add });
  await expect.poll(() => reachable(button)).toBe(true);
  // Wholly above the banner, not merely its button's centre.
  const [barBox, bannerBox] = await Promise.all([bar.boundingBox(), banner.boundingBox()]);
  expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeLessThanOrEqual(bannerBox?.y ?? 0);
  return { banner, bar, button };
}

test('uk: the buy bar sits above the consent banner, buys, and returns to the bottom once answered', async ({
  page,
  request,
}) => {
  const lang: Lang = 'uk';
  const item = await buyable(request, 'odezhda', 24);
  const { banner, bar, button } = await openFirstVisit(page, lang, item.path);
  await shotForPeople(page, 'stick-bar-consent-uk');

  await button.tap();
  const drawer = page.getByRole('dialog', { name: TEXT[lang].drawer });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await banner.getByRole('button', { name: CONSENT[lang].refuse }).tap();
  await expect(banner).toBeHidden();
  await expect(bar).toBeVisible();
  await expect.poll(() => gapBelow(bar)).toBe(0);
  expect(await reachable(button)).toBe(true);
  await shotForPeople(page, 'stick-bar-answered-uk');
});

// The other language's page, loaded only (docs/decisions.md "One language per end-to-end flow").
test('ru: on a first visit the bar is above the banner, its button reachable', async ({ page, request }) => {
  const item = await buyable(request, 'odezhda', 25);
  await openFirstVisit(page, 'ru', item.path);
  await shotForPeople(page, 'stick-bar-consent-ru');
});
