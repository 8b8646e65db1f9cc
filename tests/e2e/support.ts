import { expect, type Page, type APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { categoryConfigSchema, type CategoryNode } from '../../src/api/schemas/categoryConfig.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';

/** Collects console errors and uncaught exceptions of a page; assert on it at the end of a test. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Serious and critical axe-core violations (WCAG 2.x A/AA) of the current page, summarised. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The folder categories the header menu must show, in order, straight from the search service. */
export async function expectedMenu(request: APIRequestContext, locale: 'ru' | 'uk'): Promise<string[]> {
  const response = await request.get('/svc/search/public/category-config');
  expect(response.status()).toBe(200);
  const config = categoryConfigSchema.parse(await response.json());
  const shown = config.categoryList.filter((c) => !c.additionalConfig.excludeFromMenu);
  const order = (a: CategoryNode, b: CategoryNode) =>
    Number(b.additionalConfig.isTop) - Number(a.additionalConfig.isTop) ||
    a.ordering - b.ordering ||
    b.additionalConfig.weight - a.additionalConfig.weight ||
    a.slug.localeCompare(b.slug);
  return shown.toSorted(order).map((c) => (locale === 'uk' ? c.titleUkr : c.title));
}

/** Titles of the hidden (excludeFromMenu) folder categories. */
export async function hiddenMenuTitles(request: APIRequestContext): Promise<string[]> {
  const config = categoryConfigSchema.parse(await (await request.get('/svc/search/public/category-config')).json());
  return config.categoryList.filter((c) => c.additionalConfig.excludeFromMenu).map((c) => c.title);
}

/**
 * Whether a flow written for both languages is defined for `lang`: each such flow runs in the one
 * language its test names (docs/decisions.md "One language per end-to-end flow"). A function, not
 * `lang === chosen`, so the flow's body keeps both languages' words and moving it is one word.
 */
export function walksIn(lang: 'ru' | 'uk', chosen: 'ru' | 'uk'): boolean {
  return lang === chosen;
}

/**
 * A picture of the screen for a person to look at (`/tmp/shots/<name>.png`), taken only when
 * `E2E_SHOTS=1`: what a change looks like on a phone is checked by eye when it is made, and an
 * `npm test` that took every picture spent ~10 s of its time on images nobody opens.
 */
export async function shotForPeople(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  await page.screenshot({ path: `/tmp/shots/${name}.png`, ...options });
}

/** The page of the first product with a price and a picture in «Одежда» (the page-kind tests' product page). */
export async function clothingProductPath(request: APIRequestContext): Promise<string> {
  const response = await request.get(
    '/svc/search/public/products?category=odezhda&page=0&limit=1&withPrice=1&hasImage=1',
  );
  const [product] = productListSchema.parse(await response.json()).items;
  if (!product) throw new Error('no product in odezhda');
  return `/product/${product.slug}`;
}
