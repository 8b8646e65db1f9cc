import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/i18n/amount.ts';
import {
  afterChange,
  changeOnePrice,
  probePages,
  probeSubject,
  warm,
  type ProbeSubject,
} from '../../scripts/lib/invalidationProbe.ts';
import { cleanUp, secret, shopReady, start, tempDir } from './fixtures.ts';
import { freePort } from './support.ts';

/**
 * Issue 30 through the real path: the shop as `npm start` runs it (embedded services, route cache,
 * wire cache), pages of every kind warmed over HTTP, one price changed through the search admin
 * API as the ERP does, and then what the route cache still answers. A listing that neither shows
 * the product nor orders or filters by the prices of its category, brand or search stays cached;
 * the product's pages, the listings showing it and the price-ordered ones of its scopes answer fresh.
 */

const TOKEN = secret('search-admin');
/** Cheaper than anything the seed sells: the product leads every ascending price order of its scopes. */
const NEW_PRICE = 1;
let shopUrl: string;
let subject: ProbeSubject;

beforeAll(async () => {
  const shop = start('scripts/start.ts', {
    DATA_DIR: tempDir('invalidation'),
    PORT: String(await freePort()),
    SEARCH_ADMIN_TOKEN: TOKEN,
  });
  shopUrl = await shopReady(shop);
  subject = await probeSubject(shopUrl);
}, 300_000);
afterAll(cleanUp);

describe('one price change (issue 30)', () => {
  it('drops the product’s pages, the listings showing it and the price-ordered ones of its scopes; nothing else', async () => {
    const pages = probePages(subject);
    const warmed = await warm(shopUrl, pages);
    // Every page of the probe answers and is kept (a page left out would prove nothing).
    expect([...warmed.keys()]).toEqual(pages.map((page) => page.path));
    const link = `/product/${subject.product.slug}"`;
    const showing = new Set([...warmed].filter(([, page]) => page.body.includes(link)).map(([path]) => path));
    const { folder, product } = subject;
    const byPrice = [
      `/${folder}/price=1,100000`,
      `/${folder}/sort-price`,
      `/${folder}/${product.category?.slug ?? ''}/sort-price-desc`,
      `/brand/${product.brand?.slug ?? ''}/sort-price`,
      `/search-result/sort-price?q=`,
    ];
    const followsPrice = (path: string) => byPrice.some((prefix) => path.startsWith(prefix));
    const expectedDropped = [...warmed.keys()].filter(
      (path) =>
        showing.has(path) ||
        followsPrice(path) ||
        path.startsWith('/ua/product/') ||
        // The product's <lastmod> moves to today: the one file listing it.
        path === '/sitemap-products-1.xml',
    );
    // The probe is only a probe if it has both kinds, and pages showing the product among the dropped.
    expect(showing.size).toBeGreaterThanOrEqual(3);
    expect(expectedDropped.length).toBeLessThan(warmed.size / 2 + 4);

    const tags = await changeOnePrice(shopUrl, TOKEN, product, NEW_PRICE);
    expect(tags).not.toContain('catalog');
    const now = await afterChange(shopUrl, warmed);
    const dropped = [...now].filter(([, page]) => !page.cached).map(([path]) => path);
    expect(dropped.sort()).toEqual(expectedDropped.sort());
    // Fresh: the new price where the product is shown, and it leads the ascending price order.
    const price = formatAmount(NEW_PRICE);
    for (const path of [`/product/${product.slug}`, `/ua/product/${product.slug}`, `/${folder}`]) {
      expect(now.get(path)?.body, path).toContain(price);
    }
    expect(now.get(`/${folder}/sort-price`)?.body).toContain(link);
    const today = new Date().toISOString().slice(0, 10);
    const sitemap = now.get('/sitemap-products-1.xml')?.body ?? '';
    expect(sitemap).toMatch(new RegExp(`/product/${product.slug}</loc><lastmod>${today}</lastmod>`));
  });
});
