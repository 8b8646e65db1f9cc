import { expect, test } from './fixtures.ts';
import { startChildShop, type ChildShop } from '../../scripts/lib/childShop.ts';
import { startErrorCollector, type ErrorCollector } from '../../scripts/lib/errorCollector.ts';
import { stockedVariant } from './orderSupport.ts';

/**
 * Issue 26, error reporting in the browser: a second storefront with SENTRY_DSN set (on this run's
 * build and services) and a local Sentry-compatible collector. Before any error the page loads no
 * SDK; a failed basket check (a broken order-service answer the basket store parses) and an
 * island's uncaught error then reach the collector, tagged with the page kind. The server side and
 * "unset: nothing is sent" are tests/launcher/errorReporting.test.ts.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const port = Number(process.env.E2E_PORT ?? 4399);
let collector: ErrorCollector;
let shop: ChildShop;

test.beforeAll(async ({}, testInfo) => {
  collector = await startErrorCollector();
  shop = await startChildShop(String(testInfo.project.use.baseURL), {
    SENTRY_DSN: collector.dsn,
    // The build the run's web server made (playwright.config.ts), served as it is.
    SHOP_BUILD_DIR: port === 4399 ? 'dist' : `dist-e2e-${port}`,
    LOG_LEVEL: 'warn',
  });
});
test.afterAll(async () => {
  await shop.stop();
  await collector.close();
});

const lang = 'uk';

test(`an island's errors reach the collector, and no page loads the SDK before one (${lang})`, async ({
  page,
  request,
  baseURL,
}) => {
  // This storefront runs no services: the islands' calls go to the run's, as a CDN would route them.
  await page.route(`${shop.url}/svc/**`, (route) =>
    route.continue({ url: route.request().url().replace(shop.url, String(baseURL)) }),
  );
  const sdkRequests: string[] = [];
  page.on('request', (sent) => {
    if (/browserReporting/.test(sent.url())) sdkRequests.push(sent.url());
  });

  const { product } = await stockedVariant(request);
  await page.goto(`${shop.url}/ua/product/${product.slug}`);
  await expect(page.locator('meta[name="error-reporting"]')).toHaveAttribute('content', collector.dsn);
  await page.waitForLoadState('networkidle');
  expect(sdkRequests).toEqual([]);

  // The order service answers the basket check with something that is not its contract.
  await page.route('**/svc/order/public/basket/check**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"nonsense":true}' }),
  );
  await page.locator('form[data-add-to-basket]').getByRole('button', { name: 'У кошик' }).click();
  const checkEvent = await collector.waitFor((event) => event.tags?.['failure'] === 'basket check');
  expect(checkEvent.tags).toMatchObject({ page_kind: 'product' });
  expect(sdkRequests).toHaveLength(1);

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('an island failed in the e2e test');
    });
  });
  const uncaught = await collector.waitFor((event) => event.tags?.['failure'] === 'uncaught');
  expect(uncaught.exception?.values[0]?.value).toBe('an island failed in the e2e test');
  expect(uncaught).not.toHaveProperty('request');
  expect(uncaught).not.toHaveProperty('user');
});
