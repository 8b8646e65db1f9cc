import { test as base, type Page } from '@playwright/test';

/**
 * Playwright's `test` with a page whose `goto` and `reload` also wait, on a public page, until the
 * page's files have run (src/server/scripts/laterScripts.ts marks `<html data-later-ran>`): they
 * start once the first picture is on screen, which can be just after the `load` event a
 * navigation waits for, and a test that acts or leaves at once would race them. A shopper's first
 * touch starts them at once and an early submit or button click is held; a test's `goto` then
 * `goto` elsewhere is the one case with no such guard (the product page records its view).
 */
export async function filesRan(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('script[data-later-files]') || document.documentElement.hasAttribute('data-later-ran'),
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript nothing starts the files, and nothing could be waited for.
    if (javaScriptEnabled === false) {
      await use(page);
      return;
    }
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    // Only after `load` (the default) or `networkidle`: a test that stops at `domcontentloaded` looks
    // at the page before its files on purpose (basket.spec.ts, laterFiles.spec.ts).
    const waits = (options?: { waitUntil?: string }) => ['load', 'networkidle'].includes(options?.waitUntil ?? 'load');
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (waits(options)) await filesRan(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (waits(options)) await filesRan(page);
      return response;
    };
    await use(page);
  },
});

export { expect } from '@playwright/test';
export type * from '@playwright/test';
