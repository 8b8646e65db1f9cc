import { expect, test, type Page } from './fixtures.ts';
import { z } from 'zod';
import { shotForPeople } from './support.ts';

/**
 * Promotions for shoppers (issue 25), walked in Ukrainian on a phone: the footer leads to the list,
 * a card opens the promotion's goods, a product there links back to its promotion, and with consent
 * the list reports its promotions (view and select, each with id, name and slot). Russian words and
 * an editor's change going live are checked by page loads in editor.spec.ts; rules and refusals by
 * tests/services/promotionPages.test.ts.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
// The consent question is part of the walk (playwright.config.ts stores "no" for every test).
test.use({ storageState: { cookies: [], origins: [] } });

const eventSchema = z.object({ event: z.string(), ecommerce: z.record(z.string(), z.unknown()).optional() });
const batchSchema = z.object({ channel: z.string(), events: z.array(eventSchema) });

/** The analytics events the page hands to `navigator.sendBeacon`, as sent. */
async function watchEvents(page: Page): Promise<z.infer<typeof eventSchema>[]> {
  const events: z.infer<typeof eventSchema>[] = [];
  await page.exposeFunction('recordPromotionBeacon', (body: string) => {
    const batch = batchSchema.parse(JSON.parse(body));
    if (batch.channel === 'analytics') events.push(...batch.events);
  });
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    const record = (window as unknown as { recordPromotionBeacon: (body: string) => void }).recordPromotionBeacon;
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob && String(url).endsWith('/api/analytics')) void data.text().then(record);
      return send(url, data);
    };
  });
  return events;
}

test('uk: the footer’s «Акції», a promotion’s goods, and a product that links back, reported with consent', async ({
  page,
}) => {
  const events = await watchEvents(page);
  const name = 'Третій товар у подарунок';
  await page.goto('/ua/promotions');
  await page.getByRole('region', { name: 'Cookie та аналітика' }).getByRole('button', { name: 'Прийняти' }).click();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Акції', exact: true })).toHaveAttribute(
    'href',
    '/ua/promotions',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Акції');
  const card = page.locator('[data-promotion-list] article').filter({ hasText: name });
  await expect(card.locator('[data-promotion-period]')).toHaveText(/\d\d\.\d\d\.\d{4} — \d\d\.\d\d\.\d{4}/);

  // Accounts §4: a promotion event only with id, name and slot; a list's view has every item named.
  await expect.poll(() => events.filter((e) => e.event === 'view_promotion').length).toBe(1);
  const viewed = z
    .object({ items: z.array(z.object({ promotion_id: z.string(), promotion_name: z.string() })) })
    .parse(events.find((e) => e.event === 'view_promotion')?.ecommerce);
  expect(viewed.items).toContainEqual(
    expect.objectContaining({ promotion_id: 'tretiy-tovar-v-podarok', promotion_name: name }),
  );
  // The selection is read before the page goes (a beacon's body is read after it is sent).
  const link = card.getByRole('link', { name });
  await link.evaluate((a) => a.addEventListener('click', (event) => event.preventDefault(), { once: true }));
  await link.click();
  await expect.poll(() => events.filter((e) => e.event === 'select_promotion').length).toBe(1);
  expect(events.find((e) => e.event === 'select_promotion')?.ecommerce).toEqual({
    promotion_id: 'tretiy-tovar-v-podarok',
    promotion_name: name,
    creative_slot: expect.stringMatching(/^promotions-list-\d+$/),
  });

  await page.goto((await link.getAttribute('href')) ?? '');
  await expect(page).toHaveURL(/\/ua\/promotions\/tretiy-tovar-v-podarok$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('[data-catalog-region="count"]')).toHaveText(/^Знайдено \d+ товар/);
  await shotForPeople(page, 'promo-e2e-page-uk');
  const product = page.locator('[data-catalog-results] a[href^="/ua/product/"]').first();
  await product.click();
  await expect(page).toHaveURL(/\/ua\/product\//);
  const back = page.getByRole('list', { name: 'Акції товару' }).getByRole('link', { name: new RegExp(name) });
  await expect(back).toHaveAttribute('href', '/ua/promotions/tretiy-tovar-v-podarok');
  await back.scrollIntoViewIfNeeded();
  await shotForPeople(page, 'promo-e2e-product-uk');
});
