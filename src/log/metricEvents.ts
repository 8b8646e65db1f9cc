/**
 * What the shop counts for `/metrics` (issue 26), said where it happens: the launcher's request
 * line, the storefront's service calls and pictures (inside the Astro bundle), the embedded
 * services' orders, SMS codes and rate limits. None of them imports prom-client: the launcher
 * registers the one sink of its process (src/server/metrics/shopMetrics.ts), on `globalThis`
 * under a registry symbol because the Astro bundle and the launcher are separate module graphs,
 * as with the logger (log.ts). Without a sink (the browser, the dev server, a unit test) nothing
 * is counted. It lives beside the logger because every part of src may import src/log and
 * nothing else in common (eslint.config.js).
 *
 * Every label value here comes from a closed list: a path or a phone never becomes a label.
 */

export type ServiceCallOutcome = 'ok' | 'refused' | 'timeout' | 'network' | 'http' | 'parse';

/** The limiters that answer 429: the user service's (codes, passwords, lookups, e-mails), stock notifications, new sessions. */
export type RateLimiter = 'user' | 'stock_notification' | 'session_creation';

export interface ImageCacheUsage {
  memoryBytes: number;
  diskBytes: number;
  diskFiles: number;
}

export type MetricEvent =
  | { name: 'serviceCall'; service: string; outcome: ServiceCallOutcome; seconds: number }
  | { name: 'imageTransform'; outcome: 'ok' | 'failed'; seconds: number }
  /** The `/img` cache of this process, read when `/metrics` is asked. */
  | { name: 'imageCache'; usage: () => ImageCacheUsage }
  | { name: 'orderPlaced'; kind: 'order' | 'one-click' }
  | { name: 'smsCodeSent' }
  | { name: 'rateLimited'; limiter: RateLimiter };

export interface MetricSink {
  record(event: MetricEvent): void;
}

const REGISTRY_KEY = Symbol.for('bbs.metricSink');

/** Registers the process's sink; `null` unregisters it (nothing is counted). */
export function registerMetricSink(sink: MetricSink | null): void {
  if (sink === null) Reflect.deleteProperty(globalThis, REGISTRY_KEY);
  else Reflect.set(globalThis, REGISTRY_KEY, sink);
}

function isSink(value: unknown): value is MetricSink {
  return typeof value === 'object' && value !== null && 'record' in value && typeof value.record === 'function';
}

/** Counts `event` in this process's metrics, if it keeps any. Never throws: counting must not fail a request. */
export function recordMetric(event: MetricEvent): void {
  const value: unknown = Reflect.get(globalThis, REGISTRY_KEY);
  if (!isSink(value)) return;
  try {
    value.record(event);
  } catch {
    // A metric that cannot be counted is lost; the request it describes goes on.
  }
}
