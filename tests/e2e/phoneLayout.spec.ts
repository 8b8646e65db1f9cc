import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { wishListStateSchema } from '../../src/api/schemas/account.ts';
import { shopConfigsSchema } from '../../src/api/schemas/delivery.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';
import { withLocale } from '../../src/i18n/locale.ts';
import { call, registerShopper, signIn } from './accountSupport.ts';
import { placeOrder } from './orderSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * Issue 29, "layout on a phone": what a 390 × 844 touch screen showed wrong, in both languages —
 * the order history scrolled the whole page sideways, «Додати адресу» was a 21 px strip,
 * checkboxes were 13 px, phone numbers broke between digits, the slider's arrows covered the
 * slide, a CMS table broke words letter by letter, and the shared wish list had no share button
 * and no sizes.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const DEMO = { login: '380501112233', password: 'demo-password' };
const TEXT = {
  ru: { addAddress: 'Добавить адрес', sms: 'Получать SMS об акциях', share: 'Поделиться', size: 'Размер:' },
  uk: { addAddress: 'Додати адресу', sms: 'Отримувати SMS про акції', share: 'Поділитися', size: 'Розмір:' },
} as const;

/** The page does not scroll sideways: nothing is wider than the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * A clothing variant whose availability lists a pickup shop with a name of several words "to order"
 * (no stock of its own, some in a warehouse that supplies it): the state's longer text beside the
 * name is what once squeezed names to a word per line. Found through the search and delivery
 * services' own answers; its product page's path.
 */
async function variantInShops(request: APIRequestContext): Promise<string> {
  const configs = shopConfigsSchema.parse(
    await (await request.get('/svc/delivery/public/shop/configs?project=bbs')).json(),
  );
  const shops = [...configs.warehouseList, ...configs.partnerShopList].filter(
    (shop) => shop.pickupEnable && /\s/.test(shop.title.trim()) && /\s/.test(shop.titleUkr.trim()),
  );
  for (let page = 0; page < 8; page++) {
    const response = await request.get(
      `/svc/search/public/products?category=odezhda&page=${page}&limit=48&withPrice=1&hasImage=1`,
    );
    expect(response.status()).toBe(200);
    for (const product of productListSchema.parse(await response.json()).items) {
      const variant = visibleVariants(product.nomenclature).find((v) => {
        if (!v.colorPresentation || !v.sizePresentation) return false;
        const stock = new Map(v.warehouses.map((w) => [w.id, w.quantity]));
        return shops.some(
          (shop) =>
            (stock.get(shop.id) ?? 0) === 0 && shop.donors.some((id) => id !== shop.id && (stock.get(id) ?? 0) > 0),
        );
      });
      if (!variant) continue;
      const query = new URLSearchParams({
        color: variant.colorPresentation?.slug ?? '',
        size: variant.sizePresentation?.slug ?? '',
      });
      return `/product/${product.slug}?${query.toString()}`;
    }
  }
  throw new Error('the seed has no clothing to order into a pickup shop');
}

for (const lang of ['ru', 'uk'] as const) {
  const t = TEXT[lang];

  test(`${lang}: the account’s orders are cards, its buttons and checkboxes are finger-sized`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(withLocale('/', lang));
    await signIn(page, DEMO.login, DEMO.password);
    const origin = new URL(page.url()).origin;
    await placeOrder(page.request, { paymentType: 2, lang, path: '/api/account/order', origin });

    await page.goto(withLocale('/profile/orders', lang));
    const row = page.locator('[data-order-row]').first();
    await expect(row).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    const box = await row.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390 - 32);
    await shotForPeople(page, `account-orders-${lang}`);

    await page.goto(withLocale('/profile/locations', lang));
    const add = page.getByRole('link', { name: t.addAddress });
    expect((await add.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await shotForPeople(page, `account-locations-${lang}`);

    await page.goto(withLocale('/profile', lang));
    const sms = page.getByLabel(t.sms);
    const check = await sms.boundingBox();
    expect(check?.width ?? 0).toBeGreaterThanOrEqual(24);
    expect(check?.height ?? 0).toBeGreaterThanOrEqual(24);
  });

  test(`${lang}: phone numbers stay on one line, the slider’s controls leave the slide free`, async ({ page }) => {
    await page.goto(withLocale('/', lang));
    const phone = page.locator('footer a[href^="tel:"]').first();
    await phone.scrollIntoViewIfNeeded();
    const lines = await phone.evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    await expect(phone).toHaveCSS('white-space', 'nowrap');

    const slider = page.locator('[data-variant="mobile"] .main-slider');
    await expect(slider).toHaveAttribute('data-ready', '');
    // Each arrow's top less the slide's bottom, measured in one frame: the page may still be
    // scrolling (the footer was just brought into view), which moves both boxes between two calls.
    const gaps = await slider.evaluate((root) => {
      const slide = root.querySelector('.main-slider__viewport')?.getBoundingClientRect();
      return [...root.querySelectorAll('.main-slider__arrow')].map(
        (arrow) => arrow.getBoundingClientRect().top - (slide?.bottom ?? Infinity),
      );
    });
    expect(gaps.length).toBeGreaterThan(0);
    // Below the slide, not on it.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(0);
    await slider.scrollIntoViewIfNeeded();
    await shotForPeople(page, `main-slider-${lang}`);
  });

  test(`${lang}: availability by city keeps each shop’s name whole, not a word per line`, async ({ page, request }) => {
    await page.goto(withLocale(await variantInShops(request), lang));
    const names = page.locator('[data-availability] [data-warehouse-id] .shop');
    await expect(names.first()).toBeVisible();
    await expect(page.locator('[data-availability] [data-from-donors]').first()).toBeVisible();
    // Per name: its words and the lines they take (distinct tops of the text's boxes).
    const shown = await names.evaluateAll((spans) =>
      spans.map((span) => {
        const range = document.createRange();
        range.selectNodeContents(span);
        const text = (span.textContent ?? '').trim();
        return {
          text,
          words: text.split(/\s+/).length,
          lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
        };
      }),
    );
    expect(shown.some((name) => name.words > 1)).toBe(true);
    for (const name of shown) {
      expect(name.lines, name.text).toBeLessThanOrEqual(2);
      if (name.words > 1) expect(name.lines, name.text).toBeLessThan(name.words);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page
      .locator('[data-availability] [data-from-donors]')
      .first()
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shotForPeople(page, `stick-availability-${lang}`);
  });

  test(`${lang}: a CMS table breaks lines between words, never inside one`, async ({ page }) => {
    // The bonus rules' levels table (the delivery page's prices are now the rules' own block).
    await page.goto(withLocale('/info/bonus-rules', lang));
    const broken = await page.locator('.cms table').evaluate((table) =>
      [...table.querySelectorAll('th, td')].flatMap((cell) => {
        // Each word on one line: a word split over two lines has rects on two lines.
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const split: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) split.push(match[0]);
          }
        }
        return split;
      }),
    );
    expect(broken).toEqual([]);
  });

  test(`${lang}: the shared wish list has a share button and each item’s size`, async ({ page, browser }) => {
    test.setTimeout(60_000);
    await page.goto(withLocale('/', lang));
    await registerShopper(page);
    await page.goto(withLocale('/odezhda', lang));
    const card = page.getByRole('article').first();
    const heart = card.locator('button[aria-pressed]');
    await heart.tap();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    // The heart is pressed before the service has the item (optimistic): wait for the service.
    const listNow = async () => wishListStateSchema.parse((await call(page, '/api/account/wish-list')).body).lists[0];
    await expect.poll(async () => (await listNow())?.wishListItems.length ?? 0).toBeGreaterThan(0);
    const list = await listNow();
    if (!list) throw new Error('no list');

    const visitorContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(withLocale(`/wishlist/${list.hash}`, lang));
    const share = visitor.getByRole('link', { name: new RegExp(t.share) });
    await expect(share).toBeVisible();
    expect((await share.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expect(visitor.locator('[data-wish-kept]').first()).toContainText(t.size);
    expect(await pageWidth(visitor)).toBeLessThanOrEqual(390);
    await shotForPeople(visitor, `shared-wishlist-${lang}`);
    await visitorContext.close();
  });
}

test('pictures that have not come (here: none ever does) never widen a product page with a 360° view', async ({
  page,
  request,
}) => {
  // This project's browser loads no picture (playwright.config.ts): each stays a box as wide as its
  // alt text, as a broken one does. The gallery's track once took the widest one's width: the toy
  // with the longest name (its 360° frames' alt text) widened the page to 496 px.
  const toys = [];
  for (let index = 0; index < 4; index++) {
    const response = await request.get(
      `/svc/search/public/products?category=igrushki&page=${index}&limit=48&withPrice=1&hasImage=1`,
    );
    toys.push(...productListSchema.parse(await response.json()).items);
  }
  const [longest] = toys
    .filter((product) => product.rotateImages.length > 0)
    .toSorted((a, b) => b.title.length - a.title.length);
  if (!longest) throw new Error('the seed has no toy with a 360° view');
  await page.goto(`/product/${longest.slug}`);
  await expect(page.locator('.gallery [data-spin]')).toBeAttached();
  const { gallery, widest } = await page.locator('.gallery').evaluate((element) => ({
    gallery: element.getBoundingClientRect().right,
    widest: Math.max(...[...element.children].map((child) => child.getBoundingClientRect().right)),
  }));
  expect(widest).toBeLessThanOrEqual(gallery);
  expect(await page.evaluate(() => innerWidth)).toBe(390);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});
