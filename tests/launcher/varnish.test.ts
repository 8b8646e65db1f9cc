import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/lib/redisServer.ts';
import { startVarnish } from '../../scripts/lib/varnishServer.ts';
import { changeOnePrice, probeSubject } from '../../scripts/lib/invalidationProbe.ts';
import { cleanUp, secret, shopReady, start, tempDir } from './fixtures.ts';
import type { Launched } from './support.ts';
import { freePort } from './support.ts';

/**
 * Issue 26: the production topology as docs/operations.md recommends it, for real: Debian's
 * varnishd running the repository's deploy/varnish/shop.vcl in front of `WORKERS=2` on a real
 * Redis. Public pages are kept at Varnish, a shopper's own never; an editor's save purges there
 * (CDN_PURGE_MODE=varnish) and in every worker; with the shop stopped Varnish still serves what it
 * keeps and a plain 503 page for the rest.
 */

const EDITOR = secret('editor');
const SEARCH_ADMIN = secret('search-admin');
let redis: Awaited<ReturnType<typeof startRedis>>;
let varnish: Awaited<ReturnType<typeof startVarnish>>;
let shop: Launched;
let edge: string;
let shopUrl: string;

beforeAll(async () => {
  redis = await startRedis();
  const shopPort = await freePort();
  varnish = await startVarnish(shopPort);
  edge = varnish.url;
  shop = start('scripts/start.ts', {
    DATA_DIR: tempDir('varnish'),
    PORT: String(shopPort),
    WORKERS: '2',
    REDIS_URL: redis.url,
    CMS_EDITOR_TOKEN: EDITOR,
    SEARCH_ADMIN_TOKEN: SEARCH_ADMIN,
    CDN_PURGE_URL: edge,
    CDN_PURGE_MODE: 'varnish',
  });
  shopUrl = await shopReady(shop);
  // Varnish's probe (/readyz every 2 s) saw the shop down while it started: wait until it sees it up.
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${edge}/readyz`)).status !== 200) {
    if (Date.now() > deadline) throw new Error('Varnish never found the shop ready');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 300_000);
afterAll(async () => {
  await cleanUp();
  await varnish.stop();
  await redis.stop();
});

/** What Varnish says of an answer (X-Cache: HIT, MISS or PASS), with its status and body. */
async function viaEdge(path: string): Promise<{ status: number; cache: string | null; body: string }> {
  const answer = await fetch(`${edge}${path}`, { redirect: 'manual' });
  return { status: answer.status, cache: answer.headers.get('x-cache'), body: await answer.text() };
}

describe('Varnish in front of two workers on Redis', () => {
  it('keeps a public page (a HIT the second time) and passes what is a shopper’s own', async () => {
    expect((await viaEdge('/odezhda')).cache).toMatch(/^(MISS|HIT)$/);
    expect(await viaEdge('/odezhda')).toMatchObject({ status: 200, cache: 'HIT' });
    for (const path of ['/checkout', '/profile', '/api/auth/me', '/svc/search/health', '/readyz']) {
      await viaEdge(path);
      const again = await viaEdge(path);
      expect(again.cache, path).toBe('PASS');
    }
  });

  it('an editor’s save purges the page that showed it, at Varnish and in every worker, and no other', async () => {
    const title = `Бонусы ${Date.now()}`;
    await viaEdge('/info/bonus-rules');
    await viaEdge('/odezhda');
    expect((await viaEdge('/info/bonus-rules')).cache).toBe('HIT');
    const saved = await fetch(`${edge}/svc/content/admin/page/bbs/bonus-rules/ru`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${EDITOR}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, content: '<p>Правила бонусной программы.</p>' }),
    });
    expect(saved.status).toBe(200);
    // The next request, whichever worker Varnish's miss reaches, shows the change.
    const after = await viaEdge('/info/bonus-rules');
    expect(after.cache).toBe('MISS');
    expect(after.body).toContain(title);
    // Straight at the shop, consecutive requests reach both workers: each dropped its own copy.
    for (let i = 0; i < 4; i++) expect(await (await fetch(`${shopUrl}/info/bonus-rules`)).text()).toContain(title);
    expect((await viaEdge('/odezhda')).cache).toBe('HIT');
  });

  it('a price change purges at Varnish the product’s page and the listing showing it, not another folder (issue 30)', async () => {
    const { product, folder, otherFolder } = await probeSubject(shopUrl);
    const pages = [`/product/${product.slug}`, `/${folder}`, `/${otherFolder}`];
    for (const path of pages) await viaEdge(path);
    for (const path of pages) expect((await viaEdge(path)).cache, path).toBe('HIT');
    await changeOnePrice(shopUrl, SEARCH_ADMIN, product, 1);
    expect((await viaEdge(pages[0] ?? '')).cache).toBe('MISS');
    expect((await viaEdge(pages[1] ?? '')).cache).toBe('MISS');
    expect((await viaEdge(pages[2] ?? '')).cache).toBe('HIT');
  });

  it('with the shop stopped serves the pages it keeps, and a plain 503 page for the rest', async () => {
    await viaEdge('/obuv');
    expect((await viaEdge('/obuv')).cache).toBe('HIT');
    await shop.stop();
    const kept = await viaEdge('/obuv');
    expect(kept).toMatchObject({ status: 200, cache: 'HIT' });
    const other = await viaEdge('/igrushki');
    expect(other.status).toBe(503);
    expect(other.body).toContain('Магазин скоро вернётся');
  });
});
