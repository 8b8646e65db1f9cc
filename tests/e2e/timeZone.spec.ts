import { expect, test, type Browser } from './fixtures.ts';
import { formatDate } from '../../src/domain/format/date.ts';
import { placeOrder } from './orderSupport.ts';

/**
 * Dates on personal pages in the shopper's time zone, falling back to Kyiv (spec: "dates
 * DD.MM.YYYY in the user's timezone"): the page's script names the browser's zone in a cookie, and
 * the next personal page is formatted in it. UTC+14 and UTC−11 are 25 hours apart, so one instant
 * is never the same day in both.
 */

async function orderDateIn(browser: Browser, timezoneId: string, path: string): Promise<string> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await page.goto('/');
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'bbs_tz')?.value)
    .toBe(encodeURIComponent(timezoneId));
  await page.goto(path);
  const text = (await page.locator('.date').first().textContent()) ?? '';
  await context.close();
  return text;
}

test("an order's date is the shopper's day where she is, Kyiv's without a zone", async ({ browser, request }) => {
  const order = await placeOrder(request, { paymentType: 2 });
  const path = `/order/${order.hash}`;
  const east = await orderDateIn(browser, 'Pacific/Kiritimati', path);
  const west = await orderDateIn(browser, 'Pacific/Pago_Pago', path);
  expect(east).toBe(`от ${formatDate(order.createdAt, 'Pacific/Kiritimati')}`);
  expect(west).toBe(`от ${formatDate(order.createdAt, 'Pacific/Pago_Pago')}`);
  expect(east).not.toBe(west);
  // No cookie (a crawler, a first request): Kyiv.
  const plain = await (await request.get(path)).text();
  expect(plain).toContain(formatDate(order.createdAt, 'Europe/Kyiv'));
});
