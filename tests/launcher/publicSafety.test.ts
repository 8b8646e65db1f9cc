import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, shopReady, start, tempDir } from './fixtures.ts';
import type { Launched } from './support.ts';

/**
 * Issue 23, "safe in front of the public", through the real launcher over real HTTP: one client
 * address per request (TRUST_PROXY), one canonical origin (SITE_URL) that no Host header can put
 * into a cached page, HTML with its charset, a public demo that says so, and a SIGTERM that lets
 * the requests in flight finish.
 */

afterAll(cleanUp);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request with headers fetch() will not send as given (Host, X-Forwarded-For). */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** A phone nobody has: 38067 and seven digits from `n`. */
const phone = (n: number) => `38067${String(9_000_000 + n)}`;

/** Asks the user service (through /svc, as a browser would) whether `n` phones have accounts, each "from" `forwarded(i)`. */
async function lookups(shopUrl: string, count: number, forwarded: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await send(`${shopUrl}/svc/user/public/register/check-exist`, {
      ...json({ phone: phone(i), project: 'bbs' }),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwarded(i) },
    });
    statuses.push(answer.status);
  }
  return statuses;
}

describe('development, nothing in front, SITE_URL https://shop.example', () => {
  let shop: Launched;
  let shopUrl: string;
  let port: string;

  beforeAll(async () => {
    shop = start('scripts/start.ts', {
      DATA_DIR: tempDir('safety'),
      PORT: '0',
      SITE_URL: 'https://shop.example',
      SHOP_E2E_FAULTS: '1',
    });
    shopUrl = await shopReady(shop);
    port = new URL(shopUrl).port;
  }, 120_000);

  it('counts a client by its connection: a forged X-Forwarded-For reaches no limit of the services under /svc', async () => {
    // Ten lookups a minute per address (src/services/user/rateLimits.ts); each request claims another.
    const statuses = await lookups(shopUrl, 12, (i) => `198.51.100.${i + 1}`);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('counts a client by its connection on the storefront’s own endpoints too', async () => {
    // The recovery of phones with no account: the user service counts each as a lookup of the
    // address the storefront says the shopper has. This connection used its ten above.
    const answer = await send(`${shopUrl}/api/auth/forgot?locale=uk`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: shopUrl,
        'X-Forwarded-For': '203.0.113.99',
      },
      body: JSON.stringify({ phone: phone(50) }),
    });
    expect(answer.status).toBe(429);
  });

  it('writes canonical, hreflang and JSON-LD URLs on SITE_URL whatever the Host; a foreign Host is never cached', async () => {
    for (const host of ['evil.example', 'evil.example', `127.0.0.1:${port}`]) {
      const answer = await send(`${shopUrl}/`, { headers: { Host: host } });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<link rel="canonical" href="https://shop.example/"');
      expect(answer.body).toContain('hreflang="uk" href="https://shop.example/ua/"');
      expect(answer.body).not.toContain('evil.example');
      expect(answer.body).not.toContain(`127.0.0.1:${port}`);
      // Not served from, nor kept in, either cache.
      expect(answer.headers['x-astro-cache']).toBeUndefined();
    }
    // The site's own Host is cached as always, and holds nothing of the foreign ones.
    await send(`${shopUrl}/`, { headers: { Host: 'shop.example' } });
    const cached = await send(`${shopUrl}/`, { headers: { Host: 'shop.example' } });
    expect(cached.headers['x-astro-cache']).toBe('HIT');
    expect(cached.body).not.toContain('evil.example');
    const robots = await send(`${shopUrl}/robots.txt`, { headers: { Host: 'evil.example' } });
    expect(robots.body).toContain('Sitemap: https://shop.example/sitemap.xml');
    const sitemap = await send(`${shopUrl}/sitemap.xml`, { headers: { Host: 'evil.example' } });
    expect(sitemap.body).toContain('<loc>https://shop.example/sitemap-categories.xml</loc>');
    expect(sitemap.body).not.toContain('evil.example');
  });

  it('sends HSTS because SITE_URL is https (a proxy in front terminates TLS)', async () => {
    const answer = await send(`${shopUrl}/robots.txt`, { headers: { Host: 'shop.example' } });
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('sends HTML as UTF-8, cached or not', async () => {
    for (const path of ['/', '/', '/ua/', '/no-such-page', '/basket']) {
      const answer = await send(`${shopUrl}${path}`, { headers: { Host: 'shop.example' } });
      expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8');
    }
  });

  it('accepts a form from the site’s https origin (a TLS proxy in front) and refuses one from another site', async () => {
    const form = (origin: string) =>
      send(`${shopUrl}/api/auth/logout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, Host: 'shop.example' },
        body: '',
      });
    expect((await form('https://evil.example')).status).toBe(403);
    expect((await form('https://shop.example')).status).not.toBe(403);
  });

  it('on SIGTERM stops taking connections and lets the requests in flight finish', async () => {
    const inFlight = Array.from({ length: 6 }, () => send(`${shopUrl}/e2e-fault?slow=1500`));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const stopped = shop.stop();
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
      Array.from({ length: 6 }, () => [200, 'finished']),
    );
    await stopped;
    expect(await shop.exited).toBe(0);
    await expect(send(`${shopUrl}/`)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('a public demo in production behind one proxy (SHOP_DEMO=1, TRUST_PROXY=1)', () => {
  let shopUrl: string;

  beforeAll(async () => {
    const shop = start('scripts/start.ts', {
      NODE_ENV: 'production',
      SHOP_DEMO: '1',
      TRUST_PROXY: '1',
      SITE_URL: 'https://demo.example',
      REVALIDATE_SECRET: 'demo-revalidate',
      CMS_EDITOR_TOKEN: 'demo-editor',
      SEARCH_ADMIN_TOKEN: 'demo-admin',
      ORDER_ADMIN_TOKEN: 'demo-order-admin',
      DATA_DIR: tempDir('demo'),
      PORT: '0',
    });
    shopUrl = await shopReady(shop);
    expect(shop.output()).toContain('production PUBLIC DEMO (SHOP_DEMO=1)');
  }, 120_000);

  it('says so on every page and keeps every answer out of search engines', async () => {
    for (const [path, notice] of [
      ['/', 'Демо-версия магазина'],
      ['/ua/', 'Демо-версія магазину'],
    ] as const) {
      const answer = await send(`${shopUrl}${path}`, { headers: { Host: 'demo.example' } });
      expect(answer.body).toContain(notice);
      expect(answer.body).toContain('<meta name="robots" content="noindex, nofollow"');
      expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    const robots = await send(`${shopUrl}/robots.txt`, { headers: { Host: 'demo.example' } });
    expect(robots.body).toMatch(/^User-agent: \*\nDisallow: \/\n/);
    // The sandboxes are there on purpose.
    expect((await send(`${shopUrl}/svc/user/sandbox/sms?phone=380501112233`)).status).toBe(200);
  });

  it('believes the proxy’s entry of X-Forwarded-For: each shopper has a limit of their own, a client’s own entries change nothing', async () => {
    // Twelve shoppers behind the proxy: twelve addresses, nobody limited.
    expect(await lookups(shopUrl, 12, (i) => `203.0.113.${i + 1}`)).toEqual(Array.from({ length: 12 }, () => 200));
    // One shopper writing something else before the proxy's entry is still one shopper.
    const forged = await lookups(shopUrl, 12, (i) => `10.9.9.${i + 1}, 198.51.100.77`);
    expect(forged.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(forged.slice(10)).toEqual([429, 429]);
  });
});
