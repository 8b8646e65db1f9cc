import { describe, expect, it } from 'vitest';
import { bearerMatches } from '../../src/server/metrics/metricsEndpoint.ts';
import { createShopMetrics } from '../../src/server/metrics/shopMetrics.ts';

/** Issue 26: what the sink makes of the events, and the bearer check of /metrics. */

/** The value of one series (`name{labels}` as prom-client writes it), undefined when it has none. */
async function value(metrics: ReturnType<typeof createShopMetrics>, series: string): Promise<number | undefined> {
  const line = (await metrics.registry.metrics()).split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('shop metrics', () => {
  it('labels requests by page kind and status, and counts only known cache outcomes', async () => {
    const metrics = createShopMetrics();
    metrics.countRequest('/ua/product/kolyaska-7?x=1', 200, 0.02, 'HIT');
    metrics.countRequest('/product/other', 200, 0.3, 'MISS');
    metrics.countRequest('/product/gone', 404, 0.01, undefined);
    metrics.countRequest('/basket', 200, 0.01, 'something else');
    expect(await value(metrics, 'shop_http_requests_total{kind="product",status="200"}')).toBe(2);
    expect(await value(metrics, 'shop_http_requests_total{kind="product",status="404"}')).toBe(1);
    expect(await value(metrics, 'shop_page_cache_total{kind="product",outcome="hit"}')).toBe(1);
    expect(await value(metrics, 'shop_page_cache_total{kind="product",outcome="miss"}')).toBe(1);
    expect(await metrics.registry.metrics()).not.toContain('shop_page_cache_total{kind="basket"');
  });

  it('counts a failed service call as an error of its service, a refusal not; an unknown service is "other"', async () => {
    const metrics = createShopMetrics();
    metrics.sink.record({ name: 'serviceCall', service: 'search', outcome: 'timeout', seconds: 1 });
    metrics.sink.record({ name: 'serviceCall', service: 'user', outcome: 'refused', seconds: 0.01 });
    metrics.sink.record({ name: 'serviceCall', service: 'https://evil.example/x', outcome: 'ok', seconds: 0.01 });
    expect(await value(metrics, 'shop_service_call_errors_total{service="search",kind="timeout"}')).toBe(1);
    expect(await metrics.registry.metrics()).not.toContain('shop_service_call_errors_total{service="user"');
    const text = await metrics.registry.metrics();
    expect(text).toContain('shop_service_call_duration_seconds_count{service="other",outcome="ok"} 1');
    expect(text).not.toContain('evil');
  });

  it('reads the image cache when scraped, and starts orders and refusals at zero', async () => {
    const metrics = createShopMetrics();
    let diskFiles = 3;
    metrics.sink.record({ name: 'imageCache', usage: () => ({ memoryBytes: 10, diskBytes: 300, diskFiles }) });
    diskFiles = 4;
    const text = await metrics.registry.metrics();
    expect(text).toContain('shop_image_cache_disk_files 4');
    expect(text).toContain('shop_orders_placed_total{kind="one-click"} 0');
    expect(text).toContain('shop_rate_limit_refusals_total{limiter="session_creation"} 0');
  });
});

describe('bearerMatches', () => {
  it('takes only "Bearer <token>" with the exact token', () => {
    expect(bearerMatches('Bearer s3cret', 's3cret')).toBe(true);
    expect(bearerMatches('bearer s3cret', 's3cret')).toBe(true);
    for (const header of [
      undefined,
      '',
      's3cret',
      'Bearer',
      'Bearer ',
      'Bearer s3cre',
      'Bearer s3crett',
      'Basic s3cret',
    ]) {
      expect(bearerMatches(header, 's3cret'), String(header)).toBe(false);
    }
  });
});
