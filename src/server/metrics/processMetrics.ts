import { registerMetricSink } from '../../log/metricEvents.ts';
import { createShopMetrics, type ShopMetrics } from './shopMetrics.ts';

/**
 * The metrics of this process, started only when they can be read (METRICS_TOKEN set): then the
 * launcher counts its requests and the sink takes what the rest of src records
 * (src/log/metricEvents.ts). Unset, nothing is counted and nothing is kept.
 */

let current: ShopMetrics | null = null;

/** Starts counting in this process (once) and registers the sink; answers the process's metrics. */
export function startMetrics(): ShopMetrics {
  current ??= createShopMetrics();
  registerMetricSink(current.sink);
  return current;
}

/** The launcher's request line, counted when this process keeps metrics. */
export function countRequest(target: string, status: number, seconds: number, cache: unknown): void {
  current?.countRequest(target, status, seconds, cache);
}
