import { expect, test, type APIRequestContext, type Locator, type Page, type Request } from './fixtures.ts';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import { productListSchema, type ProductList } from '../../src/api/schemas/product.ts';
import { smartMetaSchema } from '../../src/api/schemas/searchMeta.ts';
import { encodeQuery, type QueryValue } from '../../src/api/queryString.ts';
import { productTitle } from '../../src/domain/catalog/productTitle.ts';
import { watchConsole } from './support.ts';

/**
 * The catalogue enhancer (issue 3): filter, sort and page links and "load more" load in place, with
 * the URL, counts, products, h1 and title agreeing with the search service, and the same links work
 * without JavaScript.
 */

const FOLDER = 'odezhda';
type Filter = { topic: string; values: string[] };

/** What the search service lists for a state (the catalogue's defaults: 24 a page, with image and price). */
async function serviceList(request: APIRequestContext, query: Record<string, QueryValue>): Promise<ProductList> {
  const response = await request.get(
    `/svc/search/public/products?${encodeQuery({ category: FOLDER, hasImage: 1, withPrice: 1, limit: 24, ...query })}`,
  );
  expect(response.status()).toBe(200);
  return productListSchema.parse(await response.json());
}

/** The service's smart meta (h1, title) for the folder with `filters` on UI page `page`. */
async function smartMeta(request: APIRequestContext, locale: 'ru' | 'uk', filters: Filter[], page = 1) {
  const response = await request.get(
    `/svc/search/public/category/${FOLDER}/smart-meta?${encodeQuery({ project: 'bbs', locale, filters, page })}`,
  );
  expect(response.status()).toBe(200);
  return smartMetaSchema.parse(await response.json());
}

/** The most populated value of `topic` in `list`'s facets. */
function topValue(list: ProductList, topic: string): string {
  const values = list.aggr.topicList.find((t) => t.slug === topic)?.filterList ?? [];
  const best = values.toSorted((a, b) => (b.count ?? 0) - (a.count ?? 0))[0];
  expect(best, `a value of ${topic}`).toBeDefined();
  return best?.slug ?? '';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEXT = {
  ru: {
    sortLabel: 'Сортировка',
    sortApply: 'Применить',
    cheapest: 'Сначала дешевле',
    pages: 'Страницы',
    page: (n: number) => `Страница ${n}`,
    loadMore: 'Показать ещё 24 товара',
    loading: 'Загружаем…',
  },
  uk: {
    sortLabel: 'Сортування',
    sortApply: 'Застосувати',
    cheapest: 'Спочатку дешевші',
    pages: 'Сторінки',
    page: (n: number) => `Сторінка ${n}`,
    loadMore: 'Показати ще 24 товари',
    loading: 'Завантажуємо…',
  },
} as const;

/** The catalogue page as a shopper reads it. */
class CatalogPage {
  readonly page: Page;
  readonly locale: 'ru' | 'uk';
  /** Topic (`\0topic`) and value (`topic\0value`) titles in the page's locale. */
  readonly titles: Map<string, string>;

  constructor(page: Page, locale: 'ru' | 'uk', titles: Map<string, string>) {
    this.page = page;
    this.locale = locale;
    this.titles = titles;
  }

  /** A filter value's link inside its topic's section ("Пол" > "Для девочек 236"). */
  filter(topic: string, value: string): Locator {
    const topicTitle = this.titles.get(`\u0000${topic}`) ?? topic;
    const valueTitle = this.titles.get(`${topic}\u0000${value}`) ?? value;
    return this.page
      .getByRole('region', { name: topicTitle, exact: true })
      .getByRole('link', { name: new RegExp(`^${escape(valueTitle)}\\s*\\d+$`) });
  }
  /** The sort is one select (issue 29); its options' values are the sorts' URLs. */
  get sort(): Locator {
    return this.page.getByRole('combobox', { name: TEXT[this.locale].sortLabel });
  }
  get pagination(): Locator {
    return this.page.getByRole('navigation', { name: TEXT[this.locale].pages });
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** The product grid: the list whose items are product cards. */
  get cards(): Locator {
    return this.page
      .getByRole('list')
      .filter({ has: this.page.getByRole('article') })
      .getByRole('listitem');
  }
  get cardTitles(): Locator {
    return this.cards.getByRole('heading', { level: 3 });
  }
  get total(): Locator {
    return this.page.locator('[data-total]');
  }
  titleOf = (p: ProductList['items'][number]): string => productTitle(this.locale === 'uk' ? p.titleUkr : p.title);
}

/**
 * Scrolls `control` into view and waits until every picture near the viewport has arrived. On a
 * fresh server each picture is made on its first request (seconds each while the other worker asks
 * for its own), and over HTTP/1.1 six of them hold every connection to the shop. "Load more" keeps
 * the grid and its pictures, so its fetch would wait behind them past its own time budget and fall
 * back to a full navigation; these tests are about "load more", not cold pictures. Scrolling first
 * matters: it is what wakes the lazy pictures of the last rows.
 */
const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

async function picturesArrived(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  // Where the browser loads no pictures (every project but "pictures"), none holds a connection.
  if (test.info().project.name !== 'pictures') return;
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-catalog-root] img')]
            // Chromium asks for lazy pictures 1,250 px or more from the viewport; within 1,000 px
            // every one has been asked for, so none of these waits for a scroll.
            .filter((img) => {
              const box = img.getBoundingClientRect();
              return box.bottom > -1000 && box.top < innerHeight + 1000;
            })
            .filter((img) => !(img instanceof HTMLImageElement && img.complete))
            .map((img) => (img instanceof HTMLImageElement ? img.currentSrc || img.src : img.outerHTML)),
        ),
      { message: 'pictures near the viewport still loading', timeout: 40_000 },
    )
    .toEqual([]);
}

async function openCatalog(
  page: Page,
  request: APIRequestContext,
  locale: 'ru' | 'uk',
  prefix: string,
  options: Parameters<Page['goto']>[1] = {},
) {
  const config = categoryConfigSchema.parse(await (await request.get('/svc/search/public/category-config')).json());
  const titles = new Map(
    config.translationList.map((t) => [`${t.topic ?? ''}\u0000${t.slug}`, locale === 'uk' ? t.titleUkr : t.title]),
  );
  await page.goto(`${prefix}/${FOLDER}`, options);
  return new CatalogPage(page, locale, titles);
}

// One language per flow (docs/decisions.md "One language per end-to-end flow"): this walk in
// Ukrainian, the other flows of this file in Russian.
{
  const prefix = '/ua';
  const locale = 'uk';
  test(`filters, a sort, a page and "load more" load in place and agree with the service (${locale})`, async ({
    page,
    request,
  }) => {
    // A dozen page states, each loading its pictures: on a fresh server every picture is made on
    // first request (a photo, then its AVIF), which on two busy cores takes longer than 30 s.
    test.setTimeout(90_000);
    const errors = watchConsole(page);
    const catalog = await openCatalog(page, request, locale, prefix);
    await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
    // Survives only as long as no full page load happens.
    await page.evaluate(() => {
      (window as unknown as { samePage?: boolean }).samePage = true;
    });
    const stillSamePage = () => page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);

    // Two filters with enough products for three pages: the top gender, then the top material within it.
    const gender = topValue(await serviceList(request, { page: 0, locale }), 'gender');
    const genderOnly = [{ topic: 'gender', values: [gender] }];
    const material = topValue(await serviceList(request, { page: 0, filters: genderOnly }), 'material');
    const filters = [...genderOnly, { topic: 'material', values: [material] }];
    const sorted = { orderBy: 'price', order: 'asc', filters } as const;
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map((p) => serviceList(request, { ...sorted, page: p })),
    );
    if (!first || !second || !third) throw new Error('three service pages');
    expect(first.pagination.total, 'the chosen filters leave more than two pages').toBeGreaterThan(48);

    // First filter: the grid is cleared and the product loader shows while the answer is held back.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${prefix}/${FOLDER}/gender=${gender}`, async (route) => {
      await held;
      await route.continue();
    });
    await catalog.filter('gender', gender).click();
    await expect(page.locator('[data-catalog-loader]')).toBeVisible();
    await expect(page.locator('[data-catalog-results]')).toHaveAttribute('aria-busy', 'true');
    await expect(catalog.cardTitles).toHaveCount(0);
    release();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}/gender=${gender}`);
    await expect(page.locator('[data-catalog-loader]')).toBeHidden();
    const genderMeta = await smartMeta(request, locale, genderOnly);
    await expect(catalog.heading).toHaveText(genderMeta.h1);
    await expect(page).toHaveTitle(genderMeta.title);
    await expect(catalog.filter('gender', gender)).toBeFocused();
    await expect(catalog.filter('gender', gender)).toHaveAttribute('aria-current', 'true');

    // Second filter and a sort.
    await catalog.filter('material', material).click();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}/gender=${gender}/material=${material}`);
    // A filter path (two topics of one value each) is indexable; the enhancer swaps the robots tag too.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
    await catalog.sort.selectOption({ label: TEXT[locale].cheapest });
    await expect(page).toHaveURL(`${prefix}/${FOLDER}/gender=${gender}/material=${material}/sort-price`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
    await expect(catalog.sort).toHaveValue(`${prefix}/${FOLDER}/gender=${gender}/material=${material}/sort-price`);
    await expect(catalog.sort.locator('option:checked')).toHaveText(TEXT[locale].cheapest);
    await expect(catalog.sort).toBeFocused();
    await expect(catalog.total).toHaveAttribute('data-total', String(first.pagination.total));
    await expect(catalog.cardTitles).toHaveText(first.items.map(catalog.titleOf));
    await expect(page.getByRole('status')).toContainText(String(first.pagination.total));
    const bothMeta = await smartMeta(request, locale, filters);
    await expect(catalog.heading).toHaveText(bothMeta.h1);
    await expect(page).toHaveTitle(bothMeta.title);

    // Page 2 through the pagination: the heading takes focus.
    await catalog.pagination.getByRole('link', { name: TEXT[locale].page(2), exact: true }).click();
    const pageTwo = `${prefix}/${FOLDER}/gender=${gender}/material=${material}/page-2/sort-price`;
    await expect(page).toHaveURL(pageTwo);
    await expect(catalog.cardTitles).toHaveText(second.items.map(catalog.titleOf));
    await expect(catalog.heading).toBeFocused();
    await expect(page).toHaveTitle((await smartMeta(request, locale, filters, 2)).title);

    // "Load more": busy on its own (the grid stays) while the answer is held back, then 24 more cards.
    let releaseMore = () => {};
    const heldMore = new Promise<void>((resolve) => (releaseMore = resolve));
    await page.route(`**${prefix}/${FOLDER}/gender=${gender}/material=${material}/page-3/sort-price`, async (route) => {
      await heldMore;
      await route.continue();
    });
    const loadMore = page.getByRole('button', { name: TEXT[locale].loadMore });
    await picturesArrived(page, loadMore);
    await loadMore.click();
    await expect(page.getByRole('button', { name: TEXT[locale].loading })).toHaveAttribute('aria-busy', 'true');
    await expect(page.locator('[data-catalog-loader]')).toBeHidden();
    await expect(catalog.cardTitles).toHaveCount(24);
    releaseMore();
    const pageThree = `${prefix}/${FOLDER}/gender=${gender}/material=${material}/page-3/sort-price`;
    await expect(page).toHaveURL(pageThree);
    await expect(catalog.cardTitles).toHaveCount(48);
    await expect(catalog.cardTitles).toHaveText([...second.items, ...third.items].map(catalog.titleOf));
    await expect(catalog.pagination.locator('[aria-current="page"]')).toHaveText('3');
    await expect(catalog.cards.nth(24).getByRole('link')).toBeFocused();
    await expect(page.getByRole('status')).toContainText('24');
    if (first.pagination.total > 72) {
      await expect(page.getByRole('button', { name: /^(Показать ещё|Показати ще) \d+ товар/ })).not.toHaveAttribute(
        'aria-busy',
        'true',
      );
    }

    // Back: page 2 again, in place; back again: page 1 of the sorted state.
    await page.goBack();
    await expect(page).toHaveURL(pageTwo);
    await expect(catalog.cardTitles).toHaveText(second.items.map(catalog.titleOf));
    await expect(catalog.pagination.locator('[aria-current="page"]')).toHaveText('2');
    await page.goBack();
    await expect(page).toHaveURL(`${prefix}/${FOLDER}/gender=${gender}/material=${material}/sort-price`);
    await expect(catalog.cardTitles).toHaveText(first.items.map(catalog.titleOf));
    await expect(page).toHaveTitle(bothMeta.title);
    expect(await stillSamePage()).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('"load more" disappears on the last page', async ({ page, request }) => {
  // About the last page, not pictures (the walk above waits for real ones): every picture is a
  // blank answered at once, so nothing is made on the server and nothing holds the connections.
  await page.route('**/img?**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: BLANK_SVG }));
  const catalog = await openCatalog(page, request, 'ru', '');
  const all = await serviceList(request, { page: 0 });
  const last = Math.ceil(all.pagination.total / 24);
  test.setTimeout(90_000);
  await page.goto(`/${FOLDER}/page-${last - 1}`);
  const lastPage = await serviceList(request, { page: last - 1 });
  const loadMore = page.getByRole('button', { name: /^Показать ещё \d+ товар/ });
  await picturesArrived(page, loadMore);
  await expect(loadMore).toHaveText(new RegExp(`^Показать ещё ${lastPage.items.length} товар`));
  await loadMore.click();
  await expect(page).toHaveURL(`/${FOLDER}/page-${last}`);
  await expect(catalog.cardTitles).toHaveCount(24 + lastPage.items.length);
  await expect(loadMore).toHaveCount(0);
  await expect(page.locator('link[rel="next"]')).toHaveCount(0);
});

test(
  'a new state cancels the pictures still loading in the cards it clears',
  { tag: '@pictures' },
  async ({ page, request }) => {
    // Every picture is held unanswered, as cold pictures are on a busy server. Left loading, the old
    // grid's pictures would hold the browser's six connections and the next state would wait.
    const held: Request[] = [];
    await page.route('**/img?**', (route) => {
      held.push(route.request());
    });
    const cancelled = new Set<Request>();
    page.on('requestfailed', (failed) => cancelled.add(failed));
    const catalog = await openCatalog(page, request, 'ru', '', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
    await expect.poll(() => held.length).toBeGreaterThan(2);
    const oldGrid = [...held];
    const gender = topValue(await serviceList(request, { page: 0 }), 'gender');
    await catalog.filter('gender', gender).click();
    await expect(page).toHaveURL(`/${FOLDER}/gender=${gender}`);
    await expect
      .poll(() => oldGrid.filter((picture) => !cancelled.has(picture)).map((picture) => picture.url()))
      .toEqual([]);
    await expect(catalog.cardTitles.first()).toBeVisible();
  },
);

test('a flat listing (outlet) loads more and sorts in place too', async ({ page, request }) => {
  const outlet = async (query: Record<string, QueryValue>) => {
    const response = await request.get(
      `/svc/search/public/products/sale-outlet?${encodeQuery({ hasImage: 1, withPrice: 1, limit: 24, locale: 'uk', ...query })}`,
    );
    expect(response.status()).toBe(200);
    return productListSchema.parse(await response.json());
  };
  const [first, second] = await Promise.all([outlet({ page: 0 }), outlet({ page: 1 })]);
  const catalog = await openCatalog(page, request, 'uk', '/ua');
  await page.goto('/ua/outlet');
  await expect(page.locator('[data-catalog-root]')).toHaveAttribute('data-catalog-enhanced', 'true');
  await page.getByRole('button', { name: TEXT.uk.loadMore }).click();
  await expect(page).toHaveURL('/ua/outlet/page-2');
  await expect(catalog.cardTitles).toHaveText([...first.items, ...second.items].map(catalog.titleOf));

  await catalog.sort.selectOption({ label: TEXT.uk.cheapest });
  await expect(page).toHaveURL('/ua/outlet/sort-price');
  const cheapest = await outlet({ page: 0, orderBy: 'price', order: 'asc' });
  await expect(catalog.cardTitles).toHaveText(cheapest.items.map(catalog.titleOf));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // Without script Chromium loads every picture at once (lazy loading is off), and on a fresh
  // server each is made on its first request: they would hold every connection while the next
  // page waits. These tests are about the links; the pictures are refused.
  test.beforeEach(async ({ page }) => {
    await page.route('**/img?**', (route) => route.abort());
  });

  test('filter, sort, page and "load more" links still work as plain links', async ({ page, request }) => {
    const catalog = await openCatalog(page, request, 'ru', '');
    const gender = topValue(await serviceList(request, { page: 0 }), 'gender');
    await catalog.filter('gender', gender).click();
    await expect(page).toHaveURL(`/${FOLDER}/gender=${gender}`);
    // The sort select goes through its form's button (a GET answered by a redirect to the sort's URL).
    await catalog.sort.selectOption({ label: TEXT.ru.cheapest });
    await page.getByRole('button', { name: TEXT.ru.sortApply }).click();
    await expect(page).toHaveURL(`/${FOLDER}/gender=${gender}/sort-price`);
    await catalog.pagination.getByRole('link', { name: TEXT.ru.page(2), exact: true }).click();
    await expect(page).toHaveURL(`/${FOLDER}/gender=${gender}/page-2/sort-price`);

    // "Load more" is a link to the next page, which shows that page's 24 products.
    await expect(page.getByRole('button', { name: TEXT.ru.loadMore })).toHaveCount(0);
    await page.getByRole('link', { name: TEXT.ru.loadMore }).click();
    await expect(page).toHaveURL(`/${FOLDER}/gender=${gender}/page-3/sort-price`);
    const third = await serviceList(request, {
      page: 2,
      orderBy: 'price',
      order: 'asc',
      filters: [{ topic: 'gender', values: [gender] }],
    });
    await expect(catalog.cardTitles).toHaveText(third.items.map(catalog.titleOf));
    await expect(page.locator('[data-catalog-root]')).not.toHaveAttribute('data-catalog-enhanced', 'true');
  });
});
