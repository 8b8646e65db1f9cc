import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { productListSchema, type ProductList } from '../../src/api/schemas/product.ts';
import { encodeQuery, type QueryValue } from '../../src/api/queryString.ts';
import { cardPrice } from '../../src/domain/catalog/variants.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import { seriousA11yViolations, shotForPeople, watchConsole } from './support.ts';

/**
 * The catalogue on a phone (issue 29): the filters as a sheet over the list, whose choices are
 * previewed in place with «Показати N товарів» and applied at once; the active filters as chips
 * and a count on «Фільтри»; the sort as one select; the «Каталог» menu with collapsed groups, a
 * title and a close button; «від» on cards whose variants differ in price. Both languages.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const FOLDER = 'odezhda';

const TEXT = {
  ru: {
    filters: 'Фильтры',
    show: (n: number) => new RegExp(`^Показать ${formatAmount(n)} товар(а|ов)?$`),
    close: 'Закрыть фильтры',
    chips: 'Выбранные фильтры',
    sort: 'Сортировка',
    cheapest: 'Сначала дешевле',
    catalog: 'Каталог',
    closeMenu: 'Закрыть каталог',
    all: 'Все товары раздела',
    from: 'от',
  },
  uk: {
    filters: 'Фільтри',
    show: (n: number) => new RegExp(`^Показати ${formatAmount(n)} товар(и|ів|у)?$`),
    close: 'Закрити фільтри',
    chips: 'Вибрані фільтри',
    sort: 'Сортування',
    cheapest: 'Спочатку дешевші',
    catalog: 'Каталог',
    closeMenu: 'Закрити каталог',
    all: 'Усі товари розділу',
    from: 'від',
  },
} as const;

async function serviceList(request: APIRequestContext, query: Record<string, QueryValue>): Promise<ProductList> {
  const response = await request.get(
    `/svc/search/public/products?${encodeQuery({ category: FOLDER, hasImage: 1, withPrice: 1, limit: 24, page: 0, ...query })}`,
  );
  expect(response.status()).toBe(200);
  return productListSchema.parse(await response.json());
}

/** The `rank`-th most populated value of `topic` (0: the top one). */
function valueOf(list: ProductList, topic: string, rank = 0): string {
  const values = list.aggr.topicList.find((t) => t.slug === topic)?.filterList ?? [];
  const value = values.toSorted((a, b) => (b.count ?? 0) - (a.count ?? 0))[rank];
  expect(value, `value ${rank} of ${topic}`).toBeDefined();
  return value?.slug ?? '';
}

/** Marks the window: the mark survives only as long as no full page load happens. */
async function markWindow(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as unknown as { samePage?: boolean }).samePage = true;
  });
  return () => page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);
}

const cardTitles = (page: Page) => page.locator('[data-catalog-region="products"] article h3');

for (const { prefix, locale } of [
  { prefix: '', locale: 'ru' },
  { prefix: '/ua', locale: 'uk' },
] as const) {
  const text = TEXT[locale];

  test(`the filters open as a sheet over the list, preview in place and apply with «Показати N» (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const errors = watchConsole(page);
    const all = await serviceList(request, { locale });
    const gender = valueOf(all, 'gender');
    const byGender = await serviceList(request, { locale, filters: [{ topic: 'gender', values: [gender] }] });
    expect(byGender.pagination.total).toBeLessThan(all.pagination.total);

    await page.goto(`${prefix}/${FOLDER}`);
    await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
    const samePage = await markWindow(page);
    const firstTitle = await cardTitles(page).first().textContent();

    const button = page.locator('details.filters > summary');
    await expect(button).toHaveText(text.filters);
    await button.tap();
    const sheet = page.getByRole('dialog', { name: text.filters });
    await expect(sheet).toBeVisible();
    const apply = sheet.getByRole('button', { name: text.show(all.pagination.total) });
    await expect(apply).toBeVisible();
    // The sheet lies over the list: its top is on the screen, the list stays where it was.
    const box = await sheet.boundingBox();
    expect(box?.y ?? Infinity).toBeLessThan(844 / 2);
    await shotForPeople(page, `catalog-sheet-${locale}`);

    // A tap previews the state in the sheet: the count follows the service, the list behind stays.
    await sheet.locator(`a.facet-link[data-topic="gender"][data-value="${gender}"]`).tap();
    await expect(sheet.getByRole('button', { name: text.show(byGender.pagination.total) })).toBeVisible();
    await expect(sheet.locator(`a.facet-link[data-topic="gender"][data-value="${gender}"]`)).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page).toHaveURL(`${prefix}/${FOLDER}`);
    await expect(cardTitles(page).first()).toHaveText(firstTitle ?? '');
    await expect(page.locator('[data-catalog-region="count"]')).toHaveAttribute(
      'data-total',
      String(all.pagination.total),
    );
    await shotForPeople(page, `catalog-sheet-preview-${locale}`);

    // «Показати N товарів»: the filtered list, with its chip and the count on «Фільтри».
    await sheet.getByRole('button', { name: text.show(byGender.pagination.total) }).tap();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}/gender=${gender}`);
    await expect(page.locator('[data-catalog-region="count"]')).toHaveAttribute(
      'data-total',
      String(byGender.pagination.total),
    );
    await expect(cardTitles(page)).toHaveCount(Math.min(24, byGender.pagination.total));
    await expect(button).toHaveText(new RegExp(`^${text.filters}\\s*1$`));
    const chips = page.getByRole('list', { name: text.chips });
    await expect(chips.getByRole('link')).toHaveCount(1);
    await shotForPeople(page, `catalog-chips-${locale}`);

    // A chip removes its filter in one tap.
    await chips.getByRole('link').first().tap();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}`);
    await expect(page.getByRole('list', { name: text.chips })).toHaveCount(0);
    await expect(button).toHaveText(text.filters);
    expect(await samePage()).toBe(true);
    expect(errors).toEqual([]);
  });

  test(`closing the sheet without «Показати» keeps the list and its filters (${locale})`, async ({ page, request }) => {
    const all = await serviceList(request, { locale });
    const gender = valueOf(all, 'gender');
    await page.goto(`${prefix}/${FOLDER}`);
    await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
    await page.locator('details.filters > summary').tap();
    const sheet = page.getByRole('dialog', { name: text.filters });
    const link = sheet.locator(`a.facet-link[data-topic="gender"][data-value="${gender}"]`);
    await link.tap();
    await expect(link).toHaveAttribute('aria-current', 'true');
    await sheet.getByRole('button', { name: text.close }).tap();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}`);
    // Open again: the panel is the shown list's, nothing chosen.
    await page.locator('details.filters > summary').tap();
    await expect(sheet.getByRole('button', { name: text.show(all.pagination.total) })).toBeVisible();
    await expect(link).not.toHaveAttribute('aria-current', 'true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Escape (a phone's back gesture is the same close request) closes it too.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.locator('details.filters .facet-link').first()).toBeAttached();
  });

  test(`the price range in the sheet is previewed like any choice (${locale})`, async ({ page, request }) => {
    const ranged = await serviceList(request, { locale, priceFrom: 300, priceTo: 800 });
    expect(ranged.pagination.total).toBeGreaterThan(0);
    await page.goto(`${prefix}/${FOLDER}`);
    await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
    await page.locator('details.filters > summary').tap();
    const sheet = page.getByRole('dialog', { name: text.filters });
    const form = sheet.locator('form[data-price-form]');
    await form.locator('input[name="priceFrom"]').fill('300');
    await form.locator('input[name="priceTo"]').fill('800');
    await form.getByRole('button').tap();
    const apply = sheet.getByRole('button', { name: text.show(ranged.pagination.total) });
    await expect(apply).toBeVisible();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}`);
    await apply.tap();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}/price=300,800`);
    await expect(page.getByRole('list', { name: text.chips }).getByRole('link')).toHaveText([`300–800 грн`]);

    // A range typed but not sent is still what «Показати» applies.
    await page.locator('details.filters > summary').tap();
    await form.locator('input[name="priceTo"]').fill('900');
    await sheet.getByRole('button', { name: text.show(ranged.pagination.total) }).tap();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}/price=300,900`);
    await expect(page.getByRole('list', { name: text.chips }).getByRole('link')).toHaveText([`300–900 грн`]);
  });

  test(`the sort is one select that loads in place (${locale})`, async ({ page, request }) => {
    const sorted = await serviceList(request, { locale, orderBy: 'price', order: 'asc' });
    await page.goto(`${prefix}/${FOLDER}`);
    await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
    const samePage = await markWindow(page);
    const select = page.getByRole('combobox', { name: text.sort });
    await expect(select).toBeVisible();
    // One row: «Фільтри» and the sort side by side.
    const [filtersBox, sortBox] = await Promise.all([
      page.locator('details.filters > summary').boundingBox(),
      select.boundingBox(),
    ]);
    expect(Math.abs((filtersBox?.y ?? 0) - (sortBox?.y ?? 100))).toBeLessThan(8);
    await select.selectOption({ label: text.cheapest });
    await expect(page).toHaveURL(`${prefix}/${FOLDER}/sort-price`);
    await expect(cardTitles(page).first()).toHaveText(
      (locale === 'uk' ? sorted.items[0]?.titleUkr : sorted.items[0]?.title) ?? '',
    );
    expect(await samePage()).toBe(true);
  });

  test(`the «Каталог» menu has a title, a close button and collapsed groups (${locale})`, async ({ page }) => {
    await page.goto(`${prefix}/`);
    await page.getByRole('button', { name: text.catalog, exact: true }).tap();
    const menu = page.locator('#catalog-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText(text.catalog, { exact: true })).toBeVisible();
    await expect(menu.locator('.level-2 a').first()).toBeHidden();
    // A screen of folder names, not ~3,000 px of sub-categories.
    expect(await menu.evaluate((nav) => nav.scrollHeight)).toBeLessThan(1200);
    await shotForPeople(page, `catalog-menu-${locale}`);

    const group = menu.locator('details.group').first();
    await group.locator('summary').tap();
    await expect(group.getByRole('link', { name: text.all })).toBeVisible();
    await expect(group.locator('.level-2 a').first()).toBeVisible();
    await shotForPeople(page, `catalog-menu-open-${locale}`);
    // One group open at a time.
    const second = menu.locator('details.group').nth(1);
    await second.locator('summary').tap();
    await expect(group).not.toHaveAttribute('open');

    await menu.getByRole('button', { name: text.closeMenu }).tap();
    await expect(menu).toBeHidden();
  });

  test(`a card whose variants differ in price says «${TEXT[locale].from}» its lowest price (${locale})`, async ({
    page,
    request,
  }) => {
    const list = await serviceList(request, { locale });
    const ranged = list.items.find((item) => cardPrice(item.nomenclature)?.isRange === true);
    const single = list.items.find((item) => cardPrice(item.nomenclature)?.isRange === false);
    if (!ranged || !single) throw new Error('the seed lists products with and without a price range on page 1');
    const lowest = cardPrice(ranged.nomenclature)?.final ?? 0;
    await page.goto(`${prefix}/${FOLDER}`);
    const card = (slug: string) =>
      page
        .locator('article.card')
        .filter({ has: page.locator(`a[href$="/product/${slug}"]`) })
        .first();
    await expect(card(ranged.slug).locator('.price strong')).toHaveText(`${text.from} ${formatAmount(lowest)} грн`);
    await expect(card(single.slug).locator('.price strong')).not.toContainText(text.from);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => {
    await page.route('**/img?**', (route) => route.abort());
  });

  test('filters open in place, chips and the sort form work as links and forms', async ({ page, request }) => {
    const all = await serviceList(request, { locale: 'uk' });
    const gender = valueOf(all, 'gender');
    await page.goto(`/ua/${FOLDER}`);
    await page.locator('details.filters > summary').tap();
    await page.locator(`a.facet-link[data-topic="gender"][data-value="${gender}"]`).tap();
    await expect(page).toHaveURL(`/ua/${FOLDER}/gender=${gender}`);
    await expect(page.locator('details.filters > summary')).toHaveText(new RegExp(`^${TEXT.uk.filters}\\s*1$`));
    await page.getByRole('combobox', { name: TEXT.uk.sort }).selectOption({ label: TEXT.uk.cheapest });
    await page.getByRole('button', { name: 'Застосувати' }).tap();
    await expect(page).toHaveURL(`/ua/${FOLDER}/gender=${gender}/sort-price`);
    await page.getByRole('list', { name: TEXT.uk.chips }).getByRole('link').first().tap();
    await expect(page).toHaveURL(`/ua/${FOLDER}/sort-price`);
  });

  test('the sort form follows only paths of this site', async ({ request }) => {
    const ok = await request.get('/catalog-sort?to=%2Fua%2Fodezhda%2Fsort-price', { maxRedirects: 0 });
    expect(ok.status()).toBe(303);
    expect(ok.headers().location).toBe('/ua/odezhda/sort-price');
    const away = await request.get('/catalog-sort?to=%2F%2Fevil.example%2F', { maxRedirects: 0 });
    expect(away.status()).toBe(404);
  });
});
