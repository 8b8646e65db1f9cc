import http from 'node:http';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionAnswerSchema } from '../../src/api/schemas/session.ts';
import { formatAmount } from '../../src/i18n/amount.ts';
import { cleanUp, plainProduct, secret, shopReady, start, startServices, tempDir } from './fixtures.ts';
import type { ServiceUrls } from './fixtures.ts';
import { startRedis } from '../../scripts/lib/redisServer.ts';
import { freePort } from './support.ts';

/**
 * Several storefront processes on one real Redis (issue 13): two `npm start` processes on the
 * stand-alone services, and one `WORKERS=2 npm start`. A change must show on every process at
 * once, and a sign-in made through one process must hold on the others.
 */

let redis: Awaited<ReturnType<typeof startRedis>>;
beforeAll(async () => {
  redis = await startRedis();
}, 300_000);
afterAll(async () => {
  await cleanUp();
  await redis.stop();
});

/** Signs in at /editor; returns the session cookie the browser would keep. */
async function editorCookie(shopUrl: string, token: string): Promise<string> {
  const response = await fetch(`${shopUrl}/editor/login`, {
    method: 'POST',
    headers: { Origin: shopUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/editor');
  const cookie = /shop_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no session cookie');
  return `shop_session=${cookie}`;
}

/** Whether a request with `cookie` reaches an editor screen (a signed-out one is sent to /editor). */
async function signedIn(shopUrl: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${shopUrl}/editor/page/bonus-rules/ru`, {
    headers: { Cookie: cookie },
    redirect: 'manual',
  });
  return response.status === 200;
}

async function changePrice(
  urls: { search: string; token: string },
  productId: number,
  variantIds: number[],
  price: number,
) {
  for (const id of variantIds) {
    const changed = await fetch(`${urls.search}/admin/product/${productId}/variant/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${urls.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ price: { recommended: price, selling: price } }),
    });
    expect(changed.status).toBe(200);
  }
}

describe('two storefront processes on the stand-alone services and one Redis', () => {
  const given = {
    REVALIDATE_SECRET: secret('revalidate'),
    CMS_EDITOR_TOKEN: secret('editor'),
    SEARCH_ADMIN_TOKEN: secret('search-admin'),
  };
  let urls: ServiceUrls;
  let first: string;
  let second: string;

  beforeAll(async () => {
    const [firstPort, secondPort] = [await freePort(), await freePort()];
    // The services announce changes to the first process only; Redis carries them to the second.
    ({ urls } = await startServices({
      ...given,
      DATA_DIR: tempDir('redis-services'),
      STOREFRONT_URL: `http://127.0.0.1:${firstPort}`,
    }));
    const shop = (port: number) =>
      start('scripts/start.ts', {
        ...urls,
        DATA_DIR: tempDir('redis-shop'),
        PORT: String(port),
        REVALIDATE_SECRET: given.REVALIDATE_SECRET,
        REDIS_URL: redis.url,
      });
    [first, second] = await Promise.all([shopReady(shop(firstPort)), shopReady(shop(secondPort))]);
  }, 120_000);

  it('a price change announced to one process refreshes the cached page of the other at once', async () => {
    const product = await plainProduct(urls.SEARCH_API_URL);
    const path = `/ua/product/${product.slug}`;
    for (const shop of [first, second]) {
      await fetch(`${shop}${path}`);
      expect((await fetch(`${shop}${path}`)).headers.get('x-astro-cache')).toBe('HIT');
    }
    const price = 7654.5;
    await changePrice(
      { search: urls.SEARCH_API_URL, token: given.SEARCH_ADMIN_TOKEN },
      product.id,
      product.nomenclature.map((variant) => variant.id),
      price,
    );
    // The second process heard of it through Redis only; allow the message its few milliseconds.
    await expect
      .poll(async () => (await (await fetch(`${second}${path}`)).text()).includes(formatAmount(price)), {
        timeout: 2_000,
      })
      .toBe(true);
    expect(await (await fetch(`${first}${path}`)).text()).toContain(formatAmount(price));
  });

  it('an editor signed in through one process is signed in on the other, and signed out on both', async () => {
    const cookie = await editorCookie(first, given.CMS_EDITOR_TOKEN);
    expect(await signedIn(second, cookie)).toBe(true);
    expect(await signedIn(second, 'shop_session=00000000-0000-4000-8000-000000000000')).toBe(false);
    const out = await fetch(`${second}/editor/logout`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: second },
      redirect: 'manual',
    });
    expect(out.status).toBe(303);
    expect(await signedIn(first, cookie)).toBe(false);
  });
});

describe('WORKERS=2: two worker processes on one port', () => {
  const given = { CMS_EDITOR_TOKEN: secret('editor'), SEARCH_ADMIN_TOKEN: secret('search-admin') };
  let shopUrl: string;

  beforeAll(async () => {
    const shop = start('scripts/start.ts', {
      ...given,
      DATA_DIR: tempDir('workers'),
      PORT: String(await freePort()),
      WORKERS: '2',
      REDIS_URL: redis.url,
    });
    shopUrl = await shopReady(shop);
    expect(shop.output()).toContain('2 worker processes serve the shop');
  }, 120_000);

  it('serves pages and the browser’s /svc calls, keeps sign-ins and shows a change on every request', async () => {
    const product = await plainProduct(`${shopUrl}/svc/search`);
    const path = `${shopUrl}/product/${product.slug}`;
    for (let i = 0; i < 4; i++) expect((await fetch(path)).status).toBe(200);
    const price = 6543.5;
    await changePrice(
      { search: `${shopUrl}/svc/search`, token: given.SEARCH_ADMIN_TOKEN },
      product.id,
      product.nomenclature.map((variant) => variant.id),
      price,
    );
    await expect
      .poll(
        async () => {
          // Consecutive requests go to alternating workers: every one must have dropped the page.
          const pages = await Promise.all([0, 1, 2, 3].map(async () => (await fetch(path)).text()));
          return pages.every((html) => html.includes(formatAmount(price)));
        },
        { timeout: 2_000 },
      )
      .toBe(true);

    const cookie = await editorCookie(shopUrl, given.CMS_EDITOR_TOKEN);
    for (let i = 0; i < 4; i++) expect(await signedIn(shopUrl, cookie)).toBe(true);
  });

  it('refuses WORKERS above 1 without REDIS_URL', async () => {
    const refused = start('scripts/start.ts', { DATA_DIR: tempDir('workers-refused'), PORT: '0', WORKERS: '2' });
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain('WORKERS=2 needs REDIS_URL');
  });
});

/** The demo shopper (the seed's), signed in as the auth modal does; the Cookie header the browser then sends. */
async function shopperCookie(shopUrl: string): Promise<string> {
  const response = await fetch(`${shopUrl}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: shopUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: '380501112233', password: 'demo-password' }),
  });
  expect(response.status).toBe(200);
  const id = /shop_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!id) throw new Error('no session cookie');
  return `shop_session=${id}`;
}

/**
 * Who `/api/auth/me` says the cookie is signed in as (null: nobody), asked on a connection of its
 * own: the primary hands each new connection to the next worker, so parallel ones reach both.
 */
function signedInPhone(shopUrl: string, cookie: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${shopUrl}/api/auth/me`, { agent: false, headers: { Cookie: cookie } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          const { session } = sessionAnswerSchema.parse(JSON.parse(body));
          resolve(session.signedIn ? session.shopper.phone : null);
        } catch (error) {
          reject(new Error(`/api/auth/me answered ${String(response.statusCode)}: ${body}`, { cause: error }));
        }
      });
    });
    request.on('error', reject);
  });
}

/** Runs `work` on the user service's database in the shop's DATA_DIR (the primary process keeps it open too: WAL). */
function userDatabase<T>(dataDir: string, work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(dataDir, 'user.db'), { timeout: 10_000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const countSchema = z.object({ n: z.number() });

describe('WORKERS=2 and Redis: a shopper’s session expires with its cookie, and its refresh is single-flight', () => {
  let shopUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir('workers-refresh');
    const shop = start('scripts/start.ts', {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      WORKERS: '2',
      REDIS_URL: redis.url,
    });
    shopUrl = await shopReady(shop);
  }, 120_000);

  it('stores the session in Redis with the cookie’s 30 days to live', async () => {
    const cookie = await shopperCookie(shopUrl);
    const client = new Redis(redis.url);
    try {
      const ttl = await client.ttl(`bbs:session:${cookie.slice('shop_session='.length)}`);
      expect(ttl).toBeGreaterThan(30 * 24 * 60 * 60 - 60);
      expect(ttl).toBeLessThanOrEqual(30 * 24 * 60 * 60);
    } finally {
      await client.quit();
    }
  });

  it(
    'spends the refresh token once: every parallel request succeeds and the shopper stays signed in',
    { timeout: 120_000 },
    async () => {
      const phone = '380501112233';
      const cookie = await shopperCookie(shopUrl);
      expect(await signedInPhone(shopUrl, cookie)).toBe(phone);
      const rounds = 3;
      for (let round = 0; round < rounds; round++) {
        // A process refreshes a session at most once per 5 s (the spec's throttle, src/api/http.ts).
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 5_500));
        // Every access token of the shop expires now (the user service checks expires_at on each call).
        userDatabase(dataDir, (db) =>
          db.prepare("UPDATE access_token SET expires_at = '2000-01-01T00:00:00.000Z'").run(),
        );
        // Each request meets the 401 and needs the refresh; both workers get some of them.
        const answers = await Promise.all(Array.from({ length: 8 }, () => signedInPhone(shopUrl, cookie)));
        expect(answers, `round ${round + 1}`).toEqual(Array.from({ length: 8 }, () => phone));
      }
      expect(await signedInPhone(shopUrl, cookie)).toBe(phone);
      // One refresh token spent per round, none spent twice: the family was never revoked.
      userDatabase(dataDir, (db) => {
        const spent = countSchema.parse(
          db.prepare('SELECT count(*) AS n FROM refresh_token WHERE replaced_at IS NOT NULL').get(),
        );
        const revoked = countSchema.parse(
          db.prepare('SELECT count(*) AS n FROM token_family WHERE revoked_at IS NOT NULL').get(),
        );
        expect({ spent: spent.n, revoked: revoked.n }).toEqual({ spent: rounds, revoked: 0 });
      });
    },
  );
});
