import { expect, test, type APIRequestContext } from './fixtures.ts';
import { E2E_SEARCH_ADMIN_TOKEN } from '../../playwright.config.ts';
import { productListSchema, type WireProduct } from '../../src/api/schemas/product.ts';
import { sandboxOutboxSchema } from '../../src/api/schemas/user.ts';
import { visibleVariants } from '../../src/domain/catalog/variants.ts';
import { shotForPeople, watchConsole } from './support.ts';

/**
 * Issue 29: the variant picker switches in place on a phone, in both languages: no reload, the URL
 * kept true, swatches in their order, no size chosen for the shopper, «від» while sizes differ in
 * price, a sticky buy bar, and «Повідомити про наявність» for a sold-out size, stored and sent.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type Variant = WireProduct['nomenclature'][number];

/** A clothing product with ≥2 colours, each in ≥2 sizes; when `differ`, a colour whose sizes differ in price. */
async function pickerProduct(request: APIRequestContext, skip = 0): Promise<WireProduct> {
  let skipped = 0;
  for (let page = 0; page < 8; page++) {
    const response = await request.get(
      `/svc/search/public/products?category=odezhda&page=${page}&limit=48&withPrice=1&hasImage=1`,
    );
    for (const product of productListSchema.parse(await response.json()).items) {
      const shown = visibleVariants(product.nomenclature);
      const colors = [...new Set(shown.map((v) => v.colorPresentation?.slug))];
      const ok =
        colors.length >= 3 &&
        colors.every((c) => shown.filter((v) => v.colorPresentation?.slug === c && v.sizePresentation).length >= 2) &&
        shown.every((v) => v.totalAmount > 0);
      if (ok && skipped++ >= skip) return product;
    }
  }
  throw new Error('the seed has no product with three colours in two sizes each');
}

const sizesOf = (product: WireProduct, color: string): Variant[] =>
  visibleVariants(product.nomenclature)
    .filter((v) => v.colorPresentation?.slug === color)
    .toSorted((a, b) => (a.sizePresentation?.ordering ?? 0) - (b.sizePresentation?.ordering ?? 0));

const final = (v: Variant) => Math.min(v.probablyPriceSelling ?? 0, v.probablyPriceRecommended ?? Infinity);

const LANGS = [
  { prefix: '', from: 'от', chooseSize: 'Выберите размер', buy: 'В корзину', notify: 'Сообщить о наличии' },
  { prefix: '/ua', from: 'від', chooseSize: 'Оберіть розмір', buy: 'У кошик', notify: 'Повідомити про наявність' },
] as const;

for (const lang of LANGS) {
  test(`colour and size switch in place, no size is chosen for the shopper (${lang.prefix || 'ru'})`, async ({
    page,
    request,
  }) => {
    const errors = watchConsole(page);
    const product = await pickerProduct(request, lang.prefix ? 1 : 0);
    await page.goto(`${lang.prefix}/product/${product.slug}`);
    await page.evaluate(() => Reflect.set(window, 'pickerMarker', 'kept'));
    const order = await page.locator('a.swatch').evaluateAll((links) => links.map((l) => l.getAttribute('data-color')));
    await expect(page.locator('a.size[aria-current]')).toHaveCount(0);

    // Add to basket without a size: asked, clearly, nothing added.
    await page.locator('form[data-add-to-basket] button[type="submit"]').tap();
    await expect(page.locator('[data-basket-message]')).toContainText(lang.chooseSize);
    await expect(page.locator('[data-ask-size]')).toBeVisible();

    // Another colour: same page, URL updated, swatches in the same order, still no size.
    const other = order[2] ?? '';
    await page.locator(`a.swatch[data-color="${other}"]`).tap();
    await expect(page.locator(`a.swatch[data-color="${other}"]`)).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(new RegExp(`\\?color=${other}$`));
    expect(await page.locator('a.swatch').evaluateAll((l) => l.map((a) => a.getAttribute('data-color')))).toEqual(
      order,
    );
    const sizes = sizesOf(product, other);
    const prices = sizes.map(final);
    const lowest = Math.min(...prices);
    await expect(page.locator('.info [data-price]')).toHaveAttribute('data-price', String(lowest));
    if (prices.some((p) => p !== lowest)) await expect(page.locator('.info [data-price]')).toContainText(lang.from);
    // The gallery follows the colour.
    await expect(page.locator('[data-variant-region="gallery"]')).toHaveAttribute('data-gallery-color', other);

    // A size: price, stock, article and URL of that variant; page not reloaded.
    const chosen = sizes[1] ?? sizes[0];
    await page.locator(`a.size[data-size="${chosen?.sizePresentation?.slug}"]`).tap();
    await expect(page).toHaveURL(new RegExp(`\\?color=${other}&size=${chosen?.sizePresentation?.slug}$`));
    await expect(page.locator('.info [data-price]')).toHaveAttribute('data-price', String(chosen ? final(chosen) : 0));
    await expect(page.locator('.info [data-price]')).not.toContainText(lang.from);
    await expect(page.locator('[data-article]')).toHaveText(chosen?.displayArticle ?? '');
    await expect(page.locator('[data-stock]')).toHaveAttribute('data-stock', String(chosen?.totalAmount));
    await expect(page.locator('.product')).toHaveAttribute('data-variant-id', String(chosen?.id));
    expect(await page.evaluate(() => String(Reflect.get(window, 'pickerMarker')))).toBe('kept');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(await page.locator('a.swatch').evaluateAll((l) => l.map((a) => a.getAttribute('data-color')))).toEqual(
      order,
    );

    // The sticky bar: shown while the page's own button is off screen, and it buys this variant.
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = page.locator('[data-buy-bar]');
    const buttonBox = await page.locator('[data-buy-button]').boundingBox();
    if (buttonBox && buttonBox.y > 844) {
      await expect(bar).toBeVisible();
      await expect(bar.locator('[data-bar-price]')).toHaveText(await page.locator('.info [data-price]').innerText());
      await shotForPeople(page, `product-bar-${lang.prefix ? 'uk' : 'ru'}`);
      await bar.locator('button').tap();
      await expect(page.locator('[data-basket-message]')).not.toContainText(lang.chooseSize);
    }
    await page.locator('[data-buy-button]').scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    expect(errors).toEqual([]);
  });

  test(`the no-JavaScript path keeps its links and asks for a size (${lang.prefix || 'ru'})`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const product = await pickerProduct(request);
    await page.goto(`${lang.prefix}/product/${product.slug}`);
    await page.locator('form[data-add-to-basket] button[type="submit"]').click();
    await expect(page).toHaveURL(/pick=size/);
    await expect(page.locator('[data-ask-size]')).toHaveText(lang.chooseSize);
    const size = page.locator('a.size').first();
    const slug = (await size.getAttribute('data-size')) ?? '';
    await size.click();
    await expect(page).toHaveURL(new RegExp(`size=${slug}`));
    await expect(page.locator(`a.size[data-size="${slug}"]`)).toHaveAttribute('aria-current', 'true');
    await context.close();
  });
}

async function setStock(request: APIRequestContext, product: WireProduct, variant: Variant, quantity: number) {
  const warehouses = variant.warehouses.length > 0 ? variant.warehouses.map((w) => w.id) : [1];
  const response = await request.patch(`/svc/search/admin/product/${product.id}/variant/${variant.id}`, {
    headers: { Authorization: `Bearer ${E2E_SEARCH_ADMIN_TOKEN}` },
    data: { stock: warehouses.map((warehouseId, i) => ({ warehouseId, quantity: i === 0 ? quantity : 0 })) },
  });
  expect(response.status()).toBe(200);
}

async function outbox(request: APIRequestContext, path: string): Promise<string[]> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return sandboxOutboxSchema.parse(await response.json()).items.map((item) => item.text);
}

const NOTIFY = [
  {
    prefix: '',
    skip: 2,
    phone: '093 111 22 01',
    sms: '380931112201',
    email: 'notify-ru@example.com',
    saved: 'Мы сообщим',
    back: 'снова в наличии',
  },
  {
    prefix: '/ua',
    skip: 3,
    phone: '093 111 22 02',
    sms: '380931112202',
    email: 'notify-uk@example.com',
    saved: 'Ми повідомимо',
    back: 'знову в наявності',
  },
] as const;

for (const lang of NOTIFY) {
  test(`«Повідомити про наявність» for a sold-out size is stored and sent once (${lang.prefix || 'ru'})`, async ({
    page,
    browser,
    request,
  }) => {
    const product = await pickerProduct(request, lang.skip);
    const color = visibleVariants(product.nomenclature)[0]?.colorPresentation?.slug ?? '';
    const [soldOut, other] = sizesOf(product, color);
    if (!soldOut || !other) throw new Error('two sizes expected');
    await setStock(request, product, soldOut, 0);
    try {
      await page.goto(`${lang.prefix}/product/${product.slug}?color=${color}`);
      const notify = page.locator('form[data-stock-notify]');
      // «Купити в один клік» follows the basket form: not before a size, then for the chosen variant.
      const oneClick = page.locator('[data-one-click-box]');
      await expect(notify).toBeHidden();
      await expect(oneClick).toBeHidden();
      await page.locator(`a.size[data-size="${other.sizePresentation?.slug}"]`).tap();
      await expect(notify).toBeHidden();
      await expect(oneClick).toBeVisible();
      await page.locator(`a.size[data-size="${soldOut.sizePresentation?.slug}"]`).tap();
      await expect(notify).toBeVisible();
      await expect(page.locator('form[data-add-to-basket]')).toBeHidden();
      await expect(oneClick).toBeHidden();
      await notify.locator('input[name="contact"]').fill(lang.phone);
      await notify.locator('button[type="submit"]').tap();
      await expect(notify.locator('[data-notify-message]')).toContainText(lang.saved);
      await notify.scrollIntoViewIfNeeded();
      await shotForPeople(page, `product-notify-${lang.prefix ? 'uk' : 'ru'}`);

      // Opened at the sold-out size, then a size in stock: the basket form takes the line in place.
      await page.goto(`${lang.prefix}/product/${product.slug}?color=${color}&size=${soldOut.sizePresentation?.slug}`);
      await expect(notify).toBeVisible();
      await page.waitForLoadState('load');
      await page.locator(`a.size[data-size="${other.sizePresentation?.slug}"]`).tap();
      await expect(notify).toBeHidden();
      await expect(oneClick.locator('input[name="internalId"]')).toHaveValue(String(other.id));
      await page.locator('[data-buy-button]').tap();
      await expect(page.locator('[data-basket-message]')).toHaveAttribute('data-kind', 'added');
      await expect(page).toHaveURL(new RegExp(`size=${other.sizePresentation?.slug}`));

      // Without JavaScript: the same form, post/redirect/get back to the variant.
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const plain = await context.newPage();
      await plain.goto(`${lang.prefix}/product/${product.slug}?color=${color}&size=${soldOut.sizePresentation?.slug}`);
      await plain.locator('form[data-stock-notify] input[name="contact"]').fill(lang.email);
      await plain.locator('form[data-stock-notify] button[type="submit"]').click();
      await expect(plain).toHaveURL(/notify=saved/);
      await expect(plain.locator('[data-notify-message]')).toContainText(lang.saved);
      await context.close();

      expect(await outbox(request, `/svc/user/sandbox/sms?phone=${lang.sms}`)).toEqual([]);
    } finally {
      await setStock(request, product, soldOut, 3);
    }
    await expect.poll(() => outbox(request, `/svc/user/sandbox/sms?phone=${lang.sms}`)).toHaveLength(1);
    const [sms] = await outbox(request, `/svc/user/sandbox/sms?phone=${lang.sms}`);
    expect(sms).toContain(lang.back);
    expect(sms).toContain(`${lang.prefix}/product/${product.slug}`);
    await expect.poll(() => outbox(request, `/svc/user/sandbox/email?to=${lang.email}`)).toHaveLength(1);
    // Stock changing again sends nothing more.
    await setStock(request, product, soldOut, 4);
    expect(await outbox(request, `/svc/user/sandbox/sms?phone=${lang.sms}`)).toHaveLength(1);
  });
}

for (const lang of [
  { prefix: '', skip: 4 },
  { prefix: '/ua', skip: 5 },
] as const) {
  test(`the notify form is prefilled with a signed-in shopper's phone (${lang.prefix || 'ru'})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const product = await pickerProduct(request, lang.skip);
    const color = visibleVariants(product.nomenclature)[0]?.colorPresentation?.slug ?? '';
    const [soldOut] = sizesOf(product, color);
    if (!soldOut) throw new Error('a size expected');
    await setStock(request, product, soldOut, 0);
    try {
      const login = await page.request.post('/api/auth/login', {
        data: { login: '380501112233', password: 'demo-password' },
        headers: { Origin: new URL(baseURL ?? 'http://127.0.0.1').origin },
      });
      expect(login.status()).toBe(200);
      await page.goto(`${lang.prefix}/product/${product.slug}?color=${color}`);
      await page.locator(`a.size[data-size="${soldOut.sizePresentation?.slug}"]`).tap();
      await expect(page.locator('form[data-stock-notify] input[name="contact"]')).toHaveValue('+380501112233');
    } finally {
      await setStock(request, product, soldOut, 3);
    }
  });
}

test('the notify endpoint refuses in the page’s language: a bad contact, a variant in stock, another product’s variant', async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
  const product = await pickerProduct(request, 6);
  // Another product by id, not by its place in the list: a test beside this one sells a size out,
  // which moves every later product's place by one (and `pickerProduct(request, 7)` could be this one).
  const listed = await request.get('/svc/search/public/products?category=odezhda&limit=48&withPrice=1');
  const other = productListSchema
    .parse(await listed.json())
    .items.find((item) => item.id !== product.id && visibleVariants(item.nomenclature).length > 0);
  if (!other) throw new Error('the seed has one clothing product only');
  const [variant] = visibleVariants(product.nomenclature);
  const [foreign] = visibleVariants(other.nomenclature);
  const post = (data: object, locale: 'ru' | 'uk') =>
    request.post(`/api/stock-notifications${locale === 'uk' ? '?locale=uk' : ''}`, {
      data,
      headers: { Origin: origin },
    });
  const base = { productId: product.id, variantId: variant?.id };
  const bad = await post({ ...base, contact: '12345' }, 'uk');
  expect(bad.status()).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('Введіть телефон');
  const badRu = await post({ ...base, contact: 'mama@' }, 'ru');
  expect(JSON.stringify(await badRu.json())).toContain('Введите телефон');
  const inStock = await post({ ...base, contact: '0931112299' }, 'uk');
  expect(inStock.status()).toBe(409);
  expect(JSON.stringify(await inStock.json())).toContain('уже в наявності');
  const mismatched = await post({ productId: product.id, variantId: foreign?.id, contact: '0931112299' }, 'ru');
  expect(mismatched.status()).toBe(404);
});
