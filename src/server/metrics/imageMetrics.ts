import { recordMetric } from '../../log/metricEvents.ts';

/**
 * One picture made for `/img` (the original fetched, resized and encoded), timed for `/metrics`
 * (issue 26). Runs inside the Astro bundle: it records an event (src/log/metricEvents.ts).
 */
export async function timedTransform(make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const bytes = await make();
    recordMetric({ name: 'imageTransform', outcome: 'ok', seconds: seconds() });
    return bytes;
  } catch (error) {
    recordMetric({ name: 'imageTransform', outcome: 'failed', seconds: seconds() });
    throw error;
  }
}
