import { expect, test } from './fixtures.ts';
import { watchConsole } from './support.ts';

// One language per flow (docs/decisions.md "One language per end-to-end flow").
{
  // Catalogue pages load only their own enhancer script up front; the search box's comes on focus.
  const { start, text, lang } = { start: '/ua/odezhda', text: 'смуж', lang: 'uk' };
  test(`quick search suggests from 2 characters and works from the keyboard (${lang})`, async ({ page }) => {
    const errors = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(start);
    // The island's JavaScript waits for the shopper to reach for the search box: once the page has
    // loaded (its module scripts included), the island is still the server's HTML and its
    // component has not been requested.
    const island = page.locator('astro-island[component-export="QuickSearch"]');
    await expect(island).toHaveAttribute('client', 'focus');
    await expect(island).toHaveAttribute('ssr', '');
    const component = (await island.getAttribute('component-url')) ?? '';
    expect(component).toMatch(/^\/_astro\/.+\.js$/);
    expect(scripts).not.toContain(component);

    const box = page.locator('#site-search');
    await box.click();
    // Hydrated: Astro drops `ssr` once the component has rendered.
    await expect(island).not.toHaveAttribute('ssr');
    expect(scripts).toContain(component);

    await box.pressSequentially(text.slice(0, 1));
    await expect(page.getByRole('listbox')).toBeHidden();
    await box.pressSequentially(text.slice(1));
    const options = page.getByRole('option');
    // Suggestions of the whole text typed (an earlier, shorter query may answer first).
    const listbox = page.getByRole('listbox');
    await expect(listbox).toHaveAttribute('data-query', text);
    await expect(listbox).toBeVisible();
    await expect(options.first()).toBeVisible();
    // Product suggestions: at least one, and what was typed among them (a word also finds the goods
    // of the category it names, issue 29: «шап» brings the panamas of «Шапки» too).
    const products = page.getByRole('group', { name: lang === 'uk' ? 'Товари' : 'Товары' }).getByRole('option');
    await expect(products).not.toHaveCount(0);
    const productTexts = await products.allTextContents();
    expect(productTexts.length, 'product suggestions shown').toBeGreaterThan(0);
    expect(productTexts.some((option) => option.toLowerCase().includes(text))).toBe(true);

    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
    // An option's children are presentational in ARIA: its link is found by element, not by role.
    const href = (await options.first().locator('a').getAttribute('href')) ?? '';
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/.]/g, '\\$&')}$`));
    expect(errors).toEqual([]);
  });
}

test('Enter without a chosen suggestion submits to the results page; Escape closes the list', async ({ page }) => {
  await page.goto('/obuv');
  const box = page.locator('#site-search');
  // Typed before the island has hydrated: the suggestions still come for what is in the box.
  await box.fill('шапка');
  await expect(page.getByRole('listbox')).toHaveAttribute('data-query', 'шапка');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await box.fill('шапка');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search-result\?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0$/);
});
