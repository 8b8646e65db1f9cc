import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/lib/redisServer.ts';
import { cleanUp, placeBranchOrder, secret, shopReady, start, tempDir } from './fixtures.ts';

/**
 * Issue 26, metrics, through the real launcher: `/metrics` in Prometheus's text format behind
 * METRICS_TOKEN, with what the requests made before the scrape should have counted (page kinds and
 * statuses, the route cache's hit, a picture made, an SMS code, a rate-limit refusal, an order);
 * a 404 without the variable, a 401 with a wrong token; with WORKERS=2 one answer for the shop.
 */

afterAll(cleanUp);

/** A shop without METRICS_TOKEN, started alongside the first test (a start is most of a test's time). */
let withoutToken: Promise<string>;
beforeAll(() => {
  withoutToken = shopReady(start('scripts/start.ts', { DATA_DIR: tempDir('metrics-off'), PORT: '0' }));
});

const PHONE = '380501112233';

/** The value of one sample line (`name{labels} value`); labels in prom-client's order. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

function scrape(shopUrl: string, token: string | null): Promise<Response> {
  return fetch(`${shopUrl}/metrics`, token === null ? {} : { headers: { Authorization: `Bearer ${token}` } });
}

function forgot(shopUrl: string): Promise<Response> {
  return fetch(`${shopUrl}/api/auth/forgot?locale=ru`, {
    method: 'POST',
    headers: { Origin: shopUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: PHONE }),
  });
}

const svc = (shopUrl: string) => ({
  SEARCH_API_URL: `${shopUrl}/svc/search`,
  ORDER_API_URL: `${shopUrl}/svc/order`,
  DELIVERY_API_URL: `${shopUrl}/svc/delivery`,
});

describe('GET /metrics', () => {
  it('counts requests by page kind and status, the cache, pictures, SMS codes, refusals and orders', async () => {
    const token = secret('metrics');
    const shop = start('scripts/start.ts', {
      DATA_DIR: tempDir('metrics'),
      PORT: '0',
      METRICS_TOKEN: token,
      // Its own, empty: the picture below is made, not found from an earlier run.
      IMAGE_CACHE_DIR: tempDir('metrics-images'),
    });
    const shopUrl = await shopReady(shop);

    // A wrong or missing token: 401, and nothing of the metrics.
    for (const given of [null, `${token}x`, '']) {
      const refused = await scrape(shopUrl, given);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await refused.text()).not.toContain('shop_');
    }

    const home = await fetch(`${shopUrl}/ua/`);
    expect(home.status).toBe(200);
    expect((await fetch(`${shopUrl}/ua/`)).headers.get('x-astro-cache')).toBe('HIT');
    expect((await fetch(`${shopUrl}/no-such-page-for-metrics`)).status).toBe(404);
    // The main page's product pictures come with its strips' cards (/home-strip, issue 27).
    const cards = await fetch(`${shopUrl}/ua/home-strip?slug=main-page-first-product-slider`);
    const picture = /\/img\?[^"'\s]+/.exec(await cards.text())?.[0]?.replaceAll('&amp;', '&');
    if (!picture) throw new Error('the main page’s first strip shows no /img picture');
    expect((await fetch(`${shopUrl}${picture}`)).status).toBe(200);
    // One SMS code, then the second within the minute is refused by the user service's limit.
    expect((await forgot(shopUrl)).status).toBe(200);
    expect((await forgot(shopUrl)).status).toBe(429);
    await placeBranchOrder(svc(shopUrl));

    const answer = await scrape(shopUrl, token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(sample(text, 'shop_http_requests_total{kind="main",status="200"}')).toBe(2);
    expect(sample(text, 'shop_http_requests_total{kind="catalog",status="404"}')).toBe(1);
    expect(sample(text, 'shop_http_requests_total{kind="image",status="200"}')).toBe(1);
    expect(sample(text, 'shop_http_requests_total{kind="other",status="401"}')).toBe(3);
    expect(sample(text, 'shop_http_request_duration_seconds_count{kind="main",status="200"}')).toBe(2);
    expect(sample(text, 'shop_page_cache_total{kind="main",outcome="hit"}')).toBe(1);
    expect(sample(text, 'shop_image_transforms_total{outcome="ok"}')).toBe(1);
    expect(sample(text, 'shop_image_cache_disk_files')).toBe(1);
    expect(sample(text, 'shop_sms_codes_sent_total')).toBe(1);
    expect(sample(text, 'shop_rate_limit_refusals_total{limiter="user"}')).toBe(1);
    expect(sample(text, 'shop_orders_placed_total{kind="order"}')).toBe(1);
    expect(sample(text, 'shop_service_call_duration_seconds_count{service="user",outcome="ok"}')).toBe(1);
    expect(sample(text, 'shop_service_call_duration_seconds_count{service="user",outcome="refused"}')).toBe(1);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // Never a raw path or a phone as a label.
    expect(text).not.toContain('no-such-page');
    expect(text).not.toContain(PHONE);
  }, 60_000);

  it('is not served without METRICS_TOKEN: the 404 page', async () => {
    const shopUrl = await withoutToken;
    const answer = await scrape(shopUrl, 'anything');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  }, 60_000);

  it('with WORKERS=2 answers for the whole shop: every worker’s requests and the primary’s services', async () => {
    const redis = await startRedis();
    try {
      const token = secret('metrics');
      const shop = start('scripts/start.ts', {
        DATA_DIR: tempDir('metrics-workers'),
        PORT: '0',
        WORKERS: '2',
        REDIS_URL: redis.url,
        METRICS_TOKEN: token,
      });
      const shopUrl = await shopReady(shop);
      // New connections each, so both workers answer some of them.
      const requests = 8;
      for (let i = 0; i < requests; i++) {
        const answer = await fetch(`${shopUrl}/healthz`, { headers: { Connection: 'close' } });
        expect(answer.status).toBe(200);
      }
      expect((await forgot(shopUrl)).status).toBe(200);
      // Whichever worker answers the scrape, the sum is the same.
      for (let i = 0; i < 2; i++) {
        const text = await (await scrape(shopUrl, token)).text();
        expect(sample(text, 'shop_http_requests_total{kind="other",status="200"}')).toBe(requests + i);
        expect(sample(text, 'shop_sms_codes_sent_total')).toBe(1);
      }
    } finally {
      await redis.stop();
    }
  }, 60_000);
});
