import http from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { contentBlockSchema, MAIN_PAGE_SLUGS, productSliderBlockSchema } from '../../src/api/schemas/content.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import {
  cleanUp,
  editorSignIn,
  getJson,
  placeBranchOrder,
  plainProduct,
  READY,
  secret,
  shopReady,
  start,
  startServices,
  tempDir,
} from './fixtures.ts';
import type { ServiceUrls } from './fixtures.ts';
import { freePort } from './support.ts';
import type { Launched } from './support.ts';

/**
 * The launchers through the real path: `scripts/services.ts` as the "real services" on free ports
 * with a DATA_DIR of its own, `scripts/start.ts` pointed at them (all five, or some) or at nothing,
 * in development and in production mode. Real processes, real HTTP, real SQLite files.
 */

const NEW_PRICE = 8765.5;

afterAll(cleanUp);
/** The product ids a main-page product strip shows, as the content service at `contentUrl` has them. */
async function productStrip(contentUrl: string, slug: string = MAIN_PAGE_SLUGS.firstProductSlider): Promise<number[]> {
  const block = await getJson(`${contentUrl}/public/content-block/bbs/${slug}/ru`, contentBlockSchema);
  const ids = productSliderBlockSchema.parse(JSON.parse(block.contentFormatted)).productIds;
  expect(ids.length).toBeGreaterThan(0);
  return ids;
}

/** Resolves with the exit code, or with 'listening' if the launcher got as far as serving. */
function exitOrListening(shop: Launched): Promise<number | null | 'listening'> {
  return Promise.race([shop.exited, shop.waitFor(READY).then((): 'listening' => 'listening')]);
}

async function expectJson404(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = serviceErrorSchema.parse(await response.json());
  expect(body.code).toBe(404);
  return body.message;
}

describe('a configuration the launchers refuse, before building, opening or listening', () => {
  it('production without its secrets: exit code 2 and one message naming every missing variable', async () => {
    const dataDir = join(tempDir('refused'), 'data');
    const shop = start('scripts/start.ts', { NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' });
    expect(await exitOrListening(shop)).toBe(2);
    const lines = shop
      .output()
      .split('\n')
      .filter((line) => line.startsWith('[start]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[start\] refusing to start in production \(NODE_ENV=production\)/);
    for (const variable of ['REVALIDATE_SECRET', 'CMS_EDITOR_TOKEN', 'SEARCH_ADMIN_TOKEN', 'ORDER_ADMIN_TOKEN']) {
      expect(lines[0]).toContain(variable);
    }
    expect(existsSync(dataDir)).toBe(false);
  });

  it('production asks for the admin tokens only of the services that run embedded', async () => {
    const shop = start('scripts/start.ts', {
      NODE_ENV: 'production',
      SEARCH_API_URL: 'http://127.0.0.1:9/search',
      CONTENT_API_URL: 'http://127.0.0.1:9/content',
      CMS_EDITOR_TOKEN: '',
      DATA_DIR: join(tempDir('refused'), 'data'),
      PORT: '0',
    });
    expect(await exitOrListening(shop)).toBe(2);
    expect(shop.output()).toContain('REVALIDATE_SECRET');
    expect(shop.output()).not.toContain('CMS_EDITOR_TOKEN');
    expect(shop.output()).not.toContain('SEARCH_ADMIN_TOKEN');
  });

  it('a malformed service URL, named, without the credentials in it', async () => {
    const password = secret('password');
    const shop = start('scripts/start.ts', {
      ORDER_API_URL: `ftp://shop:${password}@orders.example`,
      DATA_DIR: join(tempDir('refused'), 'data'),
      PORT: '0',
    });
    expect(await exitOrListening(shop)).toBe(2);
    expect(shop.output()).toMatch(/ORDER_API_URL must be an absolute http\(s\) URL/);
    expect(shop.output()).not.toContain(password);
  });

  it('npm run services: production without the admin tokens, or STOREFRONT_URL without its secret', async () => {
    const production = start('scripts/services.ts', { NODE_ENV: 'production', DATA_DIR: tempDir('refused') });
    expect(await production.exited).toBe(2);
    expect(production.output()).toMatch(/CMS_EDITOR_TOKEN.*SEARCH_ADMIN_TOKEN.*ORDER_ADMIN_TOKEN/);
    const noSecret = start('scripts/services.ts', {
      STOREFRONT_URL: 'http://127.0.0.1:4321',
      DATA_DIR: tempDir('refused'),
    });
    expect(await noSecret.exited).toBe(2);
    expect(noSecret.output()).toMatch(/STOREFRONT_URL is set but REVALIDATE_SECRET is not/);
  });
});

describe('the five services real: a storefront on `npm run services`', () => {
  const given = {
    REVALIDATE_SECRET: secret('revalidate'),
    CMS_EDITOR_TOKEN: secret('editor'),
    SEARCH_ADMIN_TOKEN: secret('search-admin'),
  };
  let services: Launched;
  let shop: Launched;
  let urls: ServiceUrls;
  let shopUrl: string;
  let shopDataDir: string;
  let servicesDataDir: string;

  beforeAll(async () => {
    const shopPort = await freePort();
    servicesDataDir = tempDir('services');
    ({ services, urls } = await startServices({
      ...given,
      DATA_DIR: servicesDataDir,
      STOREFRONT_URL: `http://127.0.0.1:${shopPort}`,
    }));
    shopDataDir = tempDir('shop');
    shop = start('scripts/start.ts', {
      ...urls,
      DATA_DIR: shopDataDir,
      PORT: String(shopPort),
      REVALIDATE_SECRET: given.REVALIDATE_SECRET,
    });
    shopUrl = await shopReady(shop);
  }, 120_000);

  it('opens, seeds and creates nothing of its own', () => {
    expect(readdirSync(shopDataDir)).toEqual([]);
    expect(shop.output()).toContain('all five services are real');
    expect(shop.output()).not.toMatch(/seed|embedded services:|token/i);
    // The services process did seed its own DATA_DIR.
    expect(services.output()).toMatch(/seeded the demo shop into the empty databases of: search, delivery, content/);
    expect(readdirSync(servicesDataDir).filter((file) => file.endsWith('.db'))).toHaveLength(5);
  });

  it('renders the main page and a product page with data from the services', async () => {
    const strip = await productStrip(urls.CONTENT_API_URL);
    const home = await fetch(`${shopUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('data-strip-later');
    // The main page's strips send their cards as the shopper scrolls near (issue 27).
    const cards = await fetch(`${shopUrl}/home-strip?slug=${MAIN_PAGE_SLUGS.firstProductSlider}`);
    expect(cards.status).toBe(200);
    const html = await cards.text();
    for (const id of strip) expect(html).toContain(`data-product-id="${id}"`);

    const product = await plainProduct(urls.SEARCH_API_URL);
    const page = await fetch(`${shopUrl}/product/${product.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(product.title);
  });

  it('shows a price changed at the search service at once: STOREFRONT_URL revalidates the cached page', async () => {
    const product = await plainProduct(urls.SEARCH_API_URL);
    const path = `${shopUrl}/ua/product/${product.slug}`;
    await fetch(path);
    const cached = await fetch(path);
    expect(cached.headers.get('x-astro-cache')).toBe('HIT');
    expect(await cached.text()).not.toContain(formatAmount(NEW_PRICE));
    // Both prices, so the new one is the price the page shows whatever its discount rules.
    for (const variant of product.nomenclature) {
      const changed = await fetch(`${urls.SEARCH_API_URL}/admin/product/${product.id}/variant/${variant.id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${given.SEARCH_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ price: { recommended: NEW_PRICE, selling: NEW_PRICE } }),
      });
      expect(changed.status).toBe(200);
    }
    const fresh = await fetch(path);
    expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
    expect(await fresh.text()).toContain(formatAmount(NEW_PRICE));
  });

  it('pays at the order service’s own sandbox bank and comes back to the storefront', async () => {
    const order = await placeBranchOrder(urls);
    const page = await fetch(`${shopUrl}/order/${order.hash}`);
    expect(page.status).toBe(200);
    // The pay form's redirect leaves the shop's origin: the page's form-action allows the order service.
    const csp =
      page.headers.get('content-security-policy') ??
      (await page.text()).match(/content-security-policy" content="([^"]+)"/)?.[1] ??
      '';
    expect(csp).toContain(new URL(urls.ORDER_API_URL).origin);

    const pay = await fetch(`${shopUrl}/order/${order.hash}/pay`, {
      method: 'POST',
      headers: { Origin: shopUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const bank = pay.headers.get('location') ?? '';
    expect(bank.startsWith(`${urls.ORDER_API_URL}/sandbox/bank/`)).toBe(true);
    const approved = await fetch(bank, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    const back = approved.headers.get('location') ?? '';
    expect(back.startsWith(`${shopUrl}/order/${order.hash}?payment=`)).toBe(true);
    expect(await (await fetch(back)).text()).toContain('data-payment-status');
  });

  it('answers /svc/... with the contract JSON 404: nothing is mounted', async () => {
    expect(await expectJson404(`${shopUrl}/svc/search/health`)).toMatch(/No embedded service runs/);
    await expectJson404(`${shopUrl}/svc/content/public/content-block/bbs/x/ru`);
  });

  it('prints none of the secrets it was given', () => {
    for (const value of Object.values(given)) {
      expect(shop.output()).not.toContain(value);
      expect(services.output()).not.toContain(value);
    }
    expect(services.output()).toContain('CMS editor token: from CMS_EDITOR_TOKEN');
  });
});

describe('a CDN in front, and the services gone', () => {
  const given = { REVALIDATE_SECRET: secret('revalidate'), SEARCH_ADMIN_TOKEN: secret('search-admin') };
  const cdnToken = secret('cdn');
  const purges: { authorization: string | undefined; body: unknown }[] = [];
  let cdn: http.Server;
  let services: Launched;
  let urls: ServiceUrls;
  let shopUrl: string;

  beforeAll(async () => {
    // The CDN's purge API, as the shop's POST /api/revalidate forwards to it.
    cdn = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        purges.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    const cdnPort = z.object({ port: z.number() }).parse(cdn.address()).port;
    const shopPort = await freePort();
    ({ services, urls } = await startServices({
      ...given,
      DATA_DIR: tempDir('cdn-services'),
      STOREFRONT_URL: `http://127.0.0.1:${shopPort}`,
    }));
    const shop = start('scripts/start.ts', {
      ...urls,
      DATA_DIR: tempDir('cdn-shop'),
      PORT: String(shopPort),
      REVALIDATE_SECRET: given.REVALIDATE_SECRET,
      CDN_PURGE_URL: `http://127.0.0.1:${cdnPort}/purge`,
      CDN_PURGE_TOKEN: cdnToken,
    });
    shopUrl = await shopReady(shop);
  }, 120_000);
  afterAll(() => {
    cdn.close();
  });

  it('tells a CDN how long to keep a page and by which tags to purge it; browsers revalidate with a 304', async () => {
    const product = await plainProduct(urls.SEARCH_API_URL);
    const page = await fetch(`${shopUrl}/product/${product.slug}`);
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(page.headers.get('cdn-cache-control')).toMatch(
      /^public, max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    expect(page.headers.get('cache-tag')?.split(',')).toContain(`product:${product.id}`);
    expect(page.headers.get('surrogate-key')?.split(' ')).toContain(`product:${product.id}`);
    const etag = page.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${shopUrl}/product/${product.slug}`, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    // Personal pages are never kept by anyone.
    const checkout = await fetch(`${shopUrl}/checkout`);
    expect(checkout.headers.get('cache-control')).toBe('no-store');
    expect(checkout.headers.get('cdn-cache-control')).toBeNull();
    expect(checkout.headers.get('etag')).toBeNull();
  });

  it('forwards a purge to the CDN when a price changes at the search service', async () => {
    const product = await plainProduct(urls.SEARCH_API_URL);
    const variant = product.nomenclature[0];
    if (!variant) throw new Error('no variant');
    purges.length = 0;
    const changed = await fetch(`${urls.SEARCH_API_URL}/admin/product/${product.id}/variant/${variant.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${given.SEARCH_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ price: { recommended: 4321, selling: 4321 } }),
    });
    expect(changed.status).toBe(200);
    await expect.poll(() => purges.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(purges[0]?.authorization).toBe(`Bearer ${cdnToken}`);
    expect(z.object({ tags: z.array(z.string()) }).parse(purges[0]?.body).tags).toContain(`product:${product.id}`);
  });

  it('keeps serving cached pages when the services stop; an uncached page is a quick 503', async () => {
    const cached = `${shopUrl}/odezhda`;
    expect((await fetch(cached)).status).toBe(200);
    await services.stop();
    const during = await fetch(cached);
    expect(during.status).toBe(200);
    expect(await during.text()).toContain('</html>');
    const t0 = performance.now();
    const uncached = await fetch(`${shopUrl}/odezhda/page-2`);
    expect(uncached.status).toBe(503);
    expect(uncached.headers.get('retry-after')).not.toBeNull();
    expect(uncached.headers.get('cache-control')).toBe('no-store');
    expect(performance.now() - t0).toBeLessThan(1_500);
  });
});

describe('some services real, the others embedded, in production', () => {
  const given = { REVALIDATE_SECRET: secret('revalidate'), CMS_EDITOR_TOKEN: secret('editor') };
  let shop: Launched;
  let shopUrl: string;
  let dataDir: string;
  let urls: ServiceUrls;

  beforeAll(async () => {
    ({ urls } = await startServices({ DATA_DIR: tempDir('services') }));
    dataDir = tempDir('shop');
    // Search, user and order real; content and delivery embedded. SEARCH_ADMIN_TOKEN is not needed.
    shop = start('scripts/start.ts', {
      ...given,
      NODE_ENV: 'production',
      SEARCH_API_URL: urls.SEARCH_API_URL,
      USER_API_URL: urls.USER_API_URL,
      ORDER_API_URL: urls.ORDER_API_URL,
      // Production's one public origin; user and order being real, no adapter is asked for.
      SITE_URL: 'https://shop.example',
      CAPTCHA_SITE_KEY: 'site-key',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    shopUrl = await shopReady(shop);
  }, 120_000);

  it('opens and seeds only the embedded ones', () => {
    expect(readdirSync(dataDir).filter((file) => file.endsWith('.db'))).toEqual(['content.db', 'delivery.db']);
    expect(shop.output()).toContain('embedded services: content, delivery');
    expect(shop.output()).toMatch(/seeded the demo shop into the empty databases of: delivery, content\n/);
    expect(shop.output()).not.toContain('search admin token');
  });

  it('mounts only the embedded ones under /svc', async () => {
    expect((await fetch(`${shopUrl}/svc/content/health`)).status).toBe(200);
    expect((await fetch(`${shopUrl}/svc/delivery/health`)).status).toBe(200);
    expect(await expectJson404(`${shopUrl}/svc/search/health`)).toMatch(/does not run here/);
    await expectJson404(`${shopUrl}/svc/order/health`);
  });

  it('seeds the content the whole demo shop has, naming products the real search service knows', async () => {
    // Without a search database here the content seed generated the same catalogue in memory: the
    // embedded content equals that of the services process, which seeded all five from one seed.
    for (const slug of [MAIN_PAGE_SLUGS.firstProductSlider, MAIN_PAGE_SLUGS.secondProductSlider]) {
      expect(await productStrip(`${shopUrl}/svc/content`, slug)).toEqual(
        await productStrip(urls.CONTENT_API_URL, slug),
      );
    }
    const html = await (await fetch(`${shopUrl}/home-strip?slug=${MAIN_PAGE_SLUGS.firstProductSlider}`)).text();
    for (const id of await productStrip(`${shopUrl}/svc/content`)) expect(html).toContain(`data-product-id="${id}"`);
  });

  it('takes the given editor token and never prints it', async () => {
    expect(await editorSignIn(shopUrl, 'not-the-token')).toBe(false);
    expect(await editorSignIn(shopUrl, given.CMS_EDITOR_TOKEN)).toBe(true);
    expect(shop.output()).toContain('CMS editor token (sign in at /editor): from CMS_EDITOR_TOKEN');
    for (const value of Object.values(given)) expect(shop.output()).not.toContain(value);
  });
});

describe('development with nothing configured', () => {
  let shop: Launched;
  let shopUrl: string;

  beforeAll(async () => {
    shop = start('scripts/start.ts', { DATA_DIR: tempDir('dev'), PORT: '0' });
    shopUrl = await shopReady(shop);
  }, 120_000);

  it('runs all five embedded and prints the admin tokens it generated, saying so', async () => {
    expect(shop.output()).toContain('embedded services: search, user, content, order, delivery');
    expect(shop.output()).toMatch(/seeded the demo shop into the empty databases of: search, delivery, content/);
    const editor =
      /CMS editor token \(sign in at \/editor\), generated for this run \(set CMS_EDITOR_TOKEN to choose it\): (\S+)/.exec(
        shop.output(),
      );
    const admin =
      /search admin token \(prices and stock\), generated for this run \(set SEARCH_ADMIN_TOKEN to choose it\): (\S+)/.exec(
        shop.output(),
      );
    expect(shop.output()).toMatch(/REVALIDATE_SECRET is not set: one was generated for this run/);
    expect(await editorSignIn(shopUrl, editor?.[1] ?? '')).toBe(true);
    const product = await plainProduct(`${shopUrl}/svc/search`);
    const [variant] = product.nomenclature;
    if (!variant) throw new Error(`product ${product.id} has no variant`);
    const change = (token: string) =>
      fetch(`${shopUrl}/svc/search/admin/product/${product.id}/variant/${variant.id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ price: { recommended: NEW_PRICE, selling: NEW_PRICE } }),
      });
    expect((await change('wrong')).status).toBe(401);
    expect((await change(admin?.[1] ?? '')).status).toBe(200);
  });
});
