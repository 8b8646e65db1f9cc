import { expect, filesRan, test } from './fixtures.ts';

/**
 * The catalogue on a phone (issue 13): the filters open from a button, so the first products are on
 * the first screen; on a wide screen the filters stand beside the grid without a click. Without
 * JavaScript the button is a <details>; with it, a sheet over the list (issue 29).
 */

for (const javaScriptEnabled of [true, false]) {
  test(`on a 390×844 phone the first products are on the first screen; the filters open from a button (JS ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/odezhda');
    // A page of its own: the fixture's wait for the page's files does not apply (fixtures.ts).
    if (javaScriptEnabled) await filesRan(page);
    const firstCard = page.locator('article.card').first();
    const box = await firstCard.boundingBox();
    expect(box, 'a product card is rendered').not.toBeNull();
    expect(box?.y ?? Infinity).toBeLessThan(844);

    const filters = page.locator('details.filters');
    await expect(filters).not.toHaveAttribute('open');
    const facetLink = filters.locator('.facet-link').first();
    await expect(facetLink).toBeHidden();
    await filters.locator(':scope > summary').click();
    if (javaScriptEnabled) {
      // With JavaScript the panel opens as a sheet over the list (issue 29, filterSheet.spec.ts).
      await expect(page.getByRole('dialog').locator('.facet-link').first()).toBeVisible();
      await expect(filters).not.toHaveAttribute('open');
    } else {
      await expect(facetLink).toBeVisible();
    }
    await context.close();
  });
}

test('on a wide screen the filters stand beside the grid, no click needed', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/odezhda');
  await expect(page.locator('details.filters > summary')).toBeHidden();
  await expect(page.locator('details.filters .facet-link').first()).toBeVisible();
  await context.close();
});
