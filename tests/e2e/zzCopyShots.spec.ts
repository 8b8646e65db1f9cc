import { expect, test } from '@playwright/test';
import { routeName, routeUrl } from '../../src/i18n/routes.ts';
import { registerShopper, uniqueName } from './accountSupport.ts';
import { placeOrder } from './orderSupport.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

for (const lang of ['ru', 'uk'] as const) {
  test(`shots ${lang}`, async ({ page, context, baseURL }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const origin = new URL(baseURL ?? '').origin;
    const copyName = lang === 'ru' ? 'Копировать ссылку' : 'Копіювати посилання';
    await page.goto(routeUrl(routeName('main-page', lang)));
    await registerShopper(page);
    await page.goto(routeUrl(routeName('profile-wish-list', lang)));
    await page.getByLabel(lang === 'ru' ? 'Название нового списка' : 'Назва нового списку').fill(uniqueName('Список '));
    await page.getByRole('button', { name: lang === 'ru' ? 'Создать список' : 'Створити список' }).click();
    const btn = page.getByRole('button', { name: copyName }).first();
    await btn.scrollIntoViewIfNeeded();
    await btn.click();
    await page.screenshot({ path: `/tmp/shots/copy-wishlists-${lang}.png` });
    const shared = (await page.locator('a[data-wish-share]').first().textContent())?.trim() ?? '';
    await page.goto(shared);
    await page.getByRole('button', { name: copyName }).click();
    await page.screenshot({ path: `/tmp/shots/copy-shared-${lang}.png` });
    const order = await placeOrder(page.request, { paymentType: 1, lang });
    await page.goto(routeUrl(routeName('order-page', lang), { hash: order.hash }));
    const ob = page.getByRole('button', { name: copyName });
    await ob.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/copy-order-${lang}.png` });
    await ob.click();
    await page.screenshot({ path: `/tmp/shots/copy-order-copied-${lang}.png` });
    const bought = await page.request.post(routeUrl(routeName('certificate-buy', lang)), {
      form: { nominal: '500', firstName: 'Олена', phone: '+380501234567', email: 'olena@example.com' },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    await page.goto(bought.headers()['location'] ?? '');
    await page.getByRole('button', { name: copyName }).click();
    await page.screenshot({ path: `/tmp/shots/copy-certificate-${lang}.png`, fullPage: true });
    expect(1).toBe(1);
  });
}
