import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SERVICE_NAMES } from '../../api/config.ts';
import type { ImageCacheUsage, MetricEvent, MetricSink, RateLimiter } from '../../log/metricEvents.ts';
import { pageKind } from '../../log/pageKind.ts';

/**
 * The metrics of one process of the shop (issue 26) and what counts into them: the launcher's
 * request line (`countRequest`) and the events the rest of src records (src/log/metricEvents.ts).
 * Every label is from a closed list (page kinds, statuses, service names, outcomes). The names
 * and what each means are listed in docs/operations.md "Metrics".
 */

/** Request and service-call durations: a cached page is a few ms, a cold catalogue up to a second or two. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A cold picture: a fetch of the original and ~0.1–1 s of encoding. */
const TRANSFORM_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route/wire cache's `x-astro-cache` answers (src/server/cache/wireServer.ts, Astro's route cache). */
const CACHE_OUTCOMES: ReadonlyMap<string, string> = new Map([
  ['HIT', 'hit'],
  ['MISS', 'miss'],
  ['STALE', 'stale'],
  ['STALE-IF-ERROR', 'stale_if_error'],
]);

const RATE_LIMITERS: readonly RateLimiter[] = ['user', 'stock_notification', 'session_creation'];

export interface ShopMetrics {
  readonly registry: Registry;
  readonly sink: MetricSink;
  /** One request the launcher answered: its target, final status, time taken and `x-astro-cache`, if any. */
  countRequest(target: string, status: number, seconds: number, cache: unknown): void;
}

export function createShopMetrics(): ShopMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'Requests answered, by page kind and status',
    labelNames: ['kind', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from the request to the end of the response, by page kind and status',
    labelNames: ['kind', 'status'] as const,
    buckets: SECONDS,
    registers,
  });
  const pageCache = new Counter({
    name: 'shop_page_cache_total',
    help: 'Route/wire cache outcomes of page requests (hit, miss, stale, stale_if_error), by page kind',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const serviceSeconds = new Histogram({
    name: 'shop_service_call_duration_seconds',
    help: "The storefront's calls to the services (refresh and retry included), by service and outcome",
    labelNames: ['service', 'outcome'] as const,
    buckets: SECONDS,
    registers,
  });
  const serviceErrors = new Counter({
    name: 'shop_service_call_errors_total',
    help: 'Failed service calls (timeout, network, http 5xx, parse; a 4xx refusal is not one), by service',
    labelNames: ['service', 'kind'] as const,
    registers,
  });
  const transforms = new Counter({
    name: 'shop_image_transforms_total',
    help: 'Pictures made by /img (original fetched, resized, encoded), by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const transformSeconds = new Histogram({
    name: 'shop_image_transform_duration_seconds',
    help: 'Time to make one picture for /img, by outcome',
    labelNames: ['outcome'] as const,
    buckets: TRANSFORM_SECONDS,
    registers,
  });
  const imageCaches = new Set<() => ImageCacheUsage>();
  const usageOf = (pick: (usage: ImageCacheUsage) => number) =>
    [...imageCaches].reduce((sum, usage) => sum + pick(usage()), 0);
  new Gauge({
    name: 'shop_image_cache_memory_bytes',
    help: "Bytes of pictures /img keeps in this process's memory",
    registers,
    collect() {
      this.set(usageOf((usage) => usage.memoryBytes));
    },
  });
  // The disk cache is one directory shared by the shop's processes: across workers, the largest view of it.
  new Gauge({
    name: 'shop_image_cache_disk_bytes',
    help: 'Bytes of pictures /img keeps on disk (IMAGE_CACHE_DIR)',
    aggregator: 'max',
    registers,
    collect() {
      this.set(usageOf((usage) => usage.diskBytes));
    },
  });
  new Gauge({
    name: 'shop_image_cache_disk_files',
    help: 'Pictures /img keeps on disk (IMAGE_CACHE_DIR)',
    aggregator: 'max',
    registers,
    collect() {
      this.set(usageOf((usage) => usage.diskFiles));
    },
  });
  const orders = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders the embedded order service placed (a replayed Idempotency-Key is not a new one), by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const smsCodes = new Counter({
    name: 'shop_sms_codes_sent_total',
    help: 'SMS codes the embedded user service had the gateway accept',
    registers,
  });
  const refusals = new Counter({
    name: 'shop_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by limiter',
    labelNames: ['limiter'] as const,
    registers,
  });
  // Zero from the start, so a rate() over them has a series before the first event.
  for (const kind of ['order', 'one-click'] as const) orders.inc({ kind }, 0);
  for (const limiter of RATE_LIMITERS) refusals.inc({ limiter }, 0);

  const services: readonly string[] = SERVICE_NAMES;
  const record = (event: MetricEvent): void => {
    switch (event.name) {
      case 'serviceCall': {
        const service = services.includes(event.service) ? event.service : 'other';
        serviceSeconds.observe({ service, outcome: event.outcome }, event.seconds);
        if (event.outcome !== 'ok' && event.outcome !== 'refused') serviceErrors.inc({ service, kind: event.outcome });
        return;
      }
      case 'imageTransform':
        transforms.inc({ outcome: event.outcome });
        transformSeconds.observe({ outcome: event.outcome }, event.seconds);
        return;
      case 'imageCache':
        imageCaches.add(event.usage);
        return;
      case 'orderPlaced':
        orders.inc({ kind: event.kind });
        return;
      case 'smsCodeSent':
        smsCodes.inc();
        return;
      case 'rateLimited':
        refusals.inc({ limiter: event.limiter });
        return;
    }
  };

  return {
    registry,
    sink: { record },
    countRequest(target, status, seconds, cache) {
      const kind = pageKind(target);
      const labels = { kind, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
      const outcome = typeof cache === 'string' ? CACHE_OUTCOMES.get(cache.toUpperCase()) : undefined;
      if (outcome) pageCache.inc({ kind, outcome });
    },
  };
}
