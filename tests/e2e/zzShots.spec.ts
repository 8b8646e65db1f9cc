import { test } from '@playwright/test';
import { signIn } from './accountSupport.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('shots', async ({ page }) => {
  await page.goto('/ua/');
  await page.screenshot({ path: '/tmp/shots/acc-main-uk.png' });
  await signIn(page, '380501112233', 'demo-password');
  for (const path of ['/ua/profile', '/ua/profile/orders', '/ua/profile/locations', '/ua/profile/bonus', '/ua/profile/wishlist', '/profile/orders']) {
    await page.goto(path);
    const name = path.replace(/\//g, '_');
    await page.screenshot({ path: `/tmp/shots/acc${name}.png`, fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(path, 'scrollWidth', width);
  }
});
