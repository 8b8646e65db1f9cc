import type { AnalyticsProduct } from '../domain/analytics/analyticsEvents.ts';
import type { FunnelStep } from '../domain/analytics/checkoutFunnel.ts';

/**
 * What the shop's own code tells analytics (issue 12). `track` only queues: before the shopper
 * agrees, the queue lives in this page's memory and nothing leaves it; after a refusal nothing is
 * kept at all; once the analytics runtime has loaded (src/components/analytics, after consent and
 * when the page is idle) it takes the queue over and handles each signal as it comes.
 */
export type AnalyticsSignal =
  | { kind: 'addToBasket'; product: AnalyticsProduct }
  | { kind: 'addToWishList'; product: AnalyticsProduct }
  /** The basket as it now is (the e-mail service's cart status). */
  | { kind: 'cart'; products: AnalyticsProduct[] }
  | { kind: 'checkoutStep'; step: FunnelStep; option: string };

export interface AnalyticsQueue {
  push(signal: AnalyticsSignal): unknown;
}

declare global {
  interface Window {
    /** An array until the runtime loads, then the runtime's own handler. */
    bbsAnalytics?: AnalyticsQueue;
    /** Set when the shopper said no: nothing is queued. */
    bbsAnalyticsOff?: boolean;
  }
}

/** A page left open for hours before an answer must not grow without end. */
const QUEUE_LIMIT = 200;

export function track(signal: AnalyticsSignal): void {
  if (typeof window === 'undefined' || window.bbsAnalyticsOff) return;
  const queue = (window.bbsAnalytics ??= []);
  if (Array.isArray(queue) && queue.length >= QUEUE_LIMIT) return;
  queue.push(signal);
}
