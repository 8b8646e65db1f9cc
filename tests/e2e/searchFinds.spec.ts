import { expect, test, type Page } from './fixtures.ts';
import { shotForPeople } from './support.ts';

/**
 * Issue 29 "Search that finds what people type", as a shopper on a phone sees it in both
 * languages: several words with attributes, the wrong keyboard layout, a partial match with its
 * note, the catalogue's filters and sort on the results, the query kept in the box, and a zero
 * page that suggests a correction, popular categories and products.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const LANGS = [
  {
    lang: 'ru',
    prefix: '',
    winter: 'зимний комбинезон',
    partial: /По всем словам запроса ничего не нашлось — показаны похожие товары, без слов: «4»\./,
    nothing: 'По запросу «бади» ничего не найдено.',
    didYouMean: 'Возможно, вы искали:',
    corrected: 'боди',
    popular: ['Популярные категории', 'Популярные товары'],
    filters: 'Фильтры',
    show: /^Показать \d[\d\s]* товар(а|ов)?$/,
    sort: 'Сортировка',
    cheapest: 'Сначала дешевле',
  },
  {
    lang: 'uk',
    prefix: '/ua',
    winter: 'зимовий комбінезон',
    partial: /Нічого не знайдено за всіма словами запиту — показано схожі товари, без слів: «4»\./,
    nothing: 'За запитом «бади» нічого не знайдено.',
    didYouMean: 'Можливо, ви шукали:',
    corrected: 'боді',
    popular: ['Популярні категорії', 'Популярні товари'],
    filters: 'Фільтри',
    show: /^Показати \d[\d\s]* товар(и|ів|у)?$/,
    sort: 'Сортування',
    cheapest: 'Спочатку дешевші',
  },
] as const;

const results = (page: Page) => page.locator('[data-products] article');
const total = async (page: Page) => Number(await page.locator('[data-total]').getAttribute('data-total'));

for (const l of LANGS) {
  test(`several words with an attribute find the products, with filters and sort (${l.lang})`, async ({ page }) => {
    await page.goto(`${l.prefix}/search-result?q=${encodeURIComponent(l.winter)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    expect(await total(page)).toBeGreaterThan(0);
    await expect(results(page).first()).toBeVisible();
    // The box keeps the query, server-rendered.
    await expect(page.locator('#site-search')).toHaveValue(l.winter);
    // No note: every word matched.
    await expect(page.locator('[data-search-notice] .partial')).toHaveCount(0);
    await shotForPeople(page, `search-results-${l.lang}`);

    // The catalogue's filters: a season value narrows the results, the query stays.
    // On a phone they open as the catalogue's sheet: a tap previews, «Показати N» applies.
    await page.locator('details.filters > summary').tap();
    const sheet = page.getByRole('dialog', { name: l.filters });
    const season = sheet.locator('a[data-catalog-link="filter"][data-topic="season"][data-value="zima"]');
    await expect(season).toBeVisible();
    await shotForPeople(page, `search-filters-${l.lang}`);
    await season.tap();
    await sheet.getByRole('button', { name: l.show }).tap();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/search-result/season=zima\\?q=`));
    await expect(page.locator('#site-search')).toHaveValue(l.winter);
    expect(await total(page)).toBeGreaterThan(0);

    // And its sort (one select): by price, cheapest first.
    await page.getByRole('combobox', { name: l.sort }).selectOption({ label: l.cheapest });
    await expect(page).toHaveURL(new RegExp(`/search-result/season=zima/sort-price\\?q=`));
    await expect(page.locator('#site-search')).toHaveValue(l.winter);
  });

  test(`the wrong layout finds б ж ю words (${l.lang})`, async ({ page }) => {
    for (const [typed, word] of [
      ['rjv,sytpjy', /комбінезон|комбинезон|чоловічок|человечек/i],
      // Nightgowns are in the pyjamas' category.
      ['gs;fvf', /піжама|пижама|сорочка|рубашка/i],
      [',jls', /боді|боди/i],
    ] as const) {
      await page.goto(`${l.prefix}/search-result?q=${encodeURIComponent(typed)}`);
      expect(await total(page), typed).toBeGreaterThan(0);
      for (const title of await results(page).locator('h3').allTextContents()) expect(title).toMatch(word);
    }
  });

  test(`a partial match says which words it left out (${l.lang})`, async ({ page }) => {
    await page.goto(`${l.prefix}/search-result?q=${encodeURIComponent('pampers 4')}`);
    await expect(page.locator('[data-search-notice] .partial')).toHaveText(l.partial);
    expect(await total(page)).toBeGreaterThan(0);
    for (const title of await results(page).locator('h3').allTextContents()) expect(title).toContain('Pampers');
    await shotForPeople(page, `search-partial-${l.lang}`);
  });

  test(`nothing found suggests a correction, categories and products (${l.lang})`, async ({ page }) => {
    await page.goto(`${l.prefix}/search-result?q=${encodeURIComponent('бади')}`);
    const empty = page.locator('[data-search-empty]');
    await expect(empty.locator('.message')).toHaveText(l.nothing);
    // Not the catalogue's filter advice: this page has no filters.
    await expect(page.getByText(/Попробуйте изменить фильтры|Спробуйте змінити фільтри/)).toHaveCount(0);
    await expect(empty.locator('[data-did-you-mean]')).toContainText(l.didYouMean);
    await expect(empty.locator('[data-did-you-mean] a')).toHaveText(l.corrected);
    await expect(page.getByRole('heading', { name: l.popular[0] })).toBeVisible();
    await expect(page.getByRole('heading', { name: l.popular[1] })).toBeVisible();
    expect(await empty.locator('[data-popular-categories] a').count()).toBeGreaterThan(2);
    expect(await empty.locator('[data-popular-products] article').count()).toBeGreaterThan(2);
    await expect(page.locator('#site-search')).toHaveValue('бади');
    await shotForPeople(page, `search-empty-${l.lang}`, { fullPage: true });
    // The correction is a search that finds.
    await empty.locator('[data-did-you-mean] a').click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/search-result\\?q=`));
    expect(await total(page)).toBeGreaterThan(0);
  });
}

test('the price form keeps the search and answers with the path state', async ({ request }) => {
  const response = await request.get(
    `/ua/search-result?q=${encodeURIComponent('комбінезон')}&priceFrom=500&priceTo=2000`,
    {
      maxRedirects: 0,
    },
  );
  expect(response.status()).toBe(303);
  expect(response.headers()['location']).toBe(`/ua/search-result/price=500,2000?q=${encodeURIComponent('комбінезон')}`);
});

for (const l of LANGS) {
  test(`quick search suggests for several words too (${l.lang})`, async ({ page }) => {
    await page.goto(`${l.prefix}/`);
    const box = page.locator('#site-search');
    await box.fill(l.winter);
    const listbox = page.getByRole('listbox');
    await expect(listbox).toHaveAttribute('data-query', l.winter);
    await expect(listbox).toBeVisible();
    const products = page.getByRole('group', { name: l.lang === 'uk' ? 'Товари' : 'Товары' }).getByRole('option');
    await expect(products).not.toHaveCount(0);
    await shotForPeople(page, `search-quick-${l.lang}`);
  });
}

test('a query under 2 characters shows the hint; the language switch keeps the query and filters', async ({ page }) => {
  await page.goto('/ua/search-result?q=a');
  await expect(page.getByText('Введіть щонайменше 2 символи, щоб почати пошук.')).toBeVisible();
  await expect(page.locator('#site-search')).toHaveValue('a');
  await page.goto(`/search-result/season=zima?q=${encodeURIComponent('комбинезон')}`);
  await page.locator('a.lang').click();
  await expect(page).toHaveURL(/\/ua\/search-result\/season=zima\?q=/);
  await expect(page.locator('#site-search')).toHaveValue('комбинезон');
  expect(await total(page)).toBeGreaterThan(0);
});
