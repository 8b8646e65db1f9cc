import { expect, test } from '@playwright/test';
import { watchConsole } from './support.ts';

for (const { start, text, lang } of [
  // Catalogue pages load only their own enhancer script up front; the search box's comes on focus.
  { start: '/odezhda', text: 'шап', lang: 'ru' },
  { start: '/ua/odezhda', text: 'смуж', lang: 'uk' },
]) {
  test(`quick search suggests from 2 characters and works from the keyboard (${lang})`, async ({ page }) => {
    const errors = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(start);
    await page.waitForLoadState('networkidle');
    // The island's JavaScript waits for the shopper to reach for the search box.
    const before = [...scripts];

    const box = page.getByRole('combobox');
    await box.click();
    await expect(page.locator('form[data-quick-search="hydrated"]')).toBeAttached();
    expect(scripts.filter((url) => !before.includes(url)).length).toBeGreaterThan(0);

    await box.pressSequentially(text.slice(0, 1));
    await expect(page.getByRole('listbox')).toBeHidden();
    await box.pressSequentially(text.slice(1));
    const options = page.getByRole('option');
    // Suggestions of the whole text typed (an earlier, shorter query may answer first).
    await expect(page.locator(`[role="listbox"][data-query="${text}"]`)).toBeVisible();
    await expect(options.first()).toBeVisible();
    for (const option of await page
      .getByRole('group', { name: lang === 'uk' ? 'Товари' : 'Товары' })
      .getByRole('option')
      .allTextContents()) {
      expect(option.toLowerCase()).toContain(text);
    }

    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
    const href = (await options.first().locator('a').getAttribute('href')) ?? '';
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/.]/g, '\\$&')}$`));
    expect(errors).toEqual([]);
  });
}

test('Enter without a chosen suggestion submits to the results page; Escape closes the list', async ({ page }) => {
  await page.goto('/obuv');
  const box = page.getByRole('combobox');
  // Typed before the island has hydrated: the suggestions still come for what is in the box.
  await box.fill('шапка');
  await expect(page.locator('[role="listbox"][data-query="шапка"]')).toBeVisible();
  await expect(page.getByRole('option').first()).toBeVisible();
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await box.fill('шапка');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search-result\?q=%D1%88%D0%B0%D0%BF%D0%BA%D0%B0$/);
});
