import { expect, test, type Page } from './fixtures.ts';
import ru from '../../src/i18n/ru.json' with { type: 'json' };
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import { routeName, routeUrl } from '../../src/i18n/routes.ts';
import { registerShopper, uniqueName } from './accountSupport.ts';
import { placeOrder } from './orderSupport.ts';

/**
 * «Копіювати посилання» beside the shareable links (issue 25; spec §9 "Copy-link hint 2 s"): the
 * account's wish list, the shared list, an order and a certificate copy their absolute address,
 * and «Скопійовано» is announced, then gone after 2 s. One language (docs/decisions.md "One
 * language per end-to-end flow"); the Russian words by a page load.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Spec §9 "Copy-link hint 2 s", written out: a change of the script's constant must fail here. */
const COPIED_HINT_MS = 2000;
const lang = 'uk';
const t = { ru, uk }[lang].copyLink;

/** Clicks the copy button of `scope` and returns what the clipboard holds, once the hint shows. */
async function copy(page: Page, scope = page.locator('body')): Promise<string> {
  await scope.getByRole('button', { name: t.copy }).click();
  await expect(scope.getByRole('status').filter({ hasText: t.copied })).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test(`${lang}: wish list, shared list, order and certificate copy their links; the hint goes after 2 s`, async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const origin = new URL(baseURL ?? '').origin;

  // The account's wish lists: a new list's link for friends.
  await page.goto(routeUrl(routeName('main-page', lang)));
  await registerShopper(page);
  await page.goto(routeUrl(routeName('profile-wish-list', lang)));
  const title = uniqueName('Подарунки ');
  await page.getByLabel(uk.wishListPage.titleLabel).fill(title);
  await page.getByRole('button', { name: uk.wishListPage.create }).click();
  const list = page.getByRole('region', { name: new RegExp(`^${title}`) });
  const shared = (await list.locator('a[data-wish-share]').textContent())?.trim() ?? '';
  expect(shared).toMatch(new RegExp(`^${origin}/ua/wishlist/[\\w-]+$`));
  // The hint's changes, timed in the page: how long it showed, not how often the test looked.
  await list.locator('[data-copy-hint]').evaluate((hint) => {
    const changes: { text: string; at: number }[] = [];
    Object.assign(window, { hintChanges: changes });
    new MutationObserver(() => changes.push({ text: hint.textContent ?? '', at: performance.now() })).observe(hint, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  expect(await copy(page, list)).toBe(shared);
  await expect(list.getByText(t.copied)).toBeHidden({ timeout: COPIED_HINT_MS + 2000 });
  const changes = await page.evaluate(
    () => (window as unknown as { hintChanges: { text: string; at: number }[] }).hintChanges,
  );
  expect(changes.map((change) => change.text)).toEqual([t.copied, '']);
  const shown = (changes[1]?.at ?? 0) - (changes[0]?.at ?? 0);
  expect(shown).toBeGreaterThanOrEqual(COPIED_HINT_MS - 20);
  expect(shown).toBeLessThan(COPIED_HINT_MS + 500);
  await expect(list.getByRole('button', { name: t.copy })).toBeVisible();

  // The shared list itself, as a friend opens it.
  await page.goto(shared);
  expect(await copy(page)).toBe(shared);

  // An order's page: its own address, printed and copied.
  const order = await placeOrder(page.request, { paymentType: 1, lang });
  const orderPath = routeUrl(routeName('order-page', lang), { hash: order.hash });
  await page.goto(`${orderPath}?placed=1`);
  await expect(page.locator('a[data-self-link]')).toHaveText(`${origin}${orderPath}`);
  expect(await copy(page)).toBe(`${origin}${orderPath}`);

  // A certificate purchase's page.
  const bought = await page.request.post(routeUrl(routeName('certificate-buy', lang)), {
    form: { nominal: '500', firstName: 'Олена', phone: '+380501234567', email: 'olena@example.com' },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(bought.status()).toBe(303);
  const certificatePath = bought.headers()['location'] ?? '';
  await page.goto(certificatePath);
  expect(await copy(page)).toBe(`${origin}${certificatePath}`);

  // The other language's words, by a page load.
  await page.goto(routeUrl(routeName('order-page', 'ru'), { hash: order.hash }));
  await expect(page.getByRole('button', { name: ru.copyLink.copy })).toBeVisible();
  await expect(page.getByText(`${ru.copyLink.order}:`)).toBeVisible();
});

test('without the clipboard API the button is not shown and the link stays', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  const order = await placeOrder(page.request, { paymentType: 1, lang });
  await page.goto(routeUrl(routeName('order-page', lang), { hash: order.hash }));
  await expect(page.locator('a[data-self-link]')).toBeVisible();
  await expect(page.getByRole('button', { name: t.copy })).toHaveCount(0);
});
