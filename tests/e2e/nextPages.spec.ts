import { expect, test } from './fixtures.ts';

/**
 * Instant next pages (issue 27; src/domain/navigation/speculation.ts): the product a pointer rests
 * on is fetched ahead and the tap opens it from that copy. Nothing is on Save-Data or 2G
 * (`mayFetchAhead`, tests/unit/speculation.test.ts: a throttled page load here would cost ~10 s).
 */

test('a product card the pointer rests on is fetched ahead, and the tap opens that copy', async ({ page, context }) => {
  const ahead: string[] = [];
  // Counted when its answer is whole, so the tap below never races a prefetch still on its way.
  context.on('requestfinished', (r) => {
    if (r.headers()['sec-purpose']?.startsWith('prefetch')) ahead.push(new URL(r.url()).pathname);
  });
  await page.goto('/odezhda');
  await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
  const card = page.locator('article.card a').first();
  const href = (await card.getAttribute('href')) ?? '';
  // Nothing is fetched ahead before a pointer rests on a card.
  await page.waitForTimeout(500);
  expect(ahead).toEqual([]);
  await card.hover();
  await expect.poll(() => ahead).toEqual([href]);
  await card.click();
  await expect(page).toHaveURL(href);
  const delivery = await page.evaluate(() =>
    performance.getEntriesByType('navigation').map((entry): unknown => Reflect.get(entry, 'deliveryType')),
  );
  expect(delivery).toEqual(['navigational-prefetch']);
});

test('the next catalogue page a pointer rests on is fetched ahead and shown in place without asking again', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/ua/odezhda/page-2') asked.push(r.resourceType());
  });
  await page.goto('/ua/odezhda');
  const next = page.locator('a[rel~="next"]').first();
  await expect(page.locator('[data-catalog-root][data-catalog-enhanced="true"]')).toBeAttached();
  expect(asked).toEqual([]);
  await next.hover();
  await expect.poll(() => asked).toEqual(['fetch']);
  await next.click();
  await expect(page).toHaveURL(/\/ua\/odezhda\/page-2$/);
  await expect(page.locator('a[rel~="prev"]').first()).toBeVisible();
  expect(asked).toEqual(['fetch']);
});
