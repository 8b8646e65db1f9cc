import { log } from '../../log/log.ts';
import { z } from 'zod';
import { analyticsForward } from '../config.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { noContent } from '../endpoints/outcomes.ts';

/**
 * `POST /api/analytics`: the shop's own collector of the analytics runtime's beacons (issue 12).
 * First-party, so the pages load no third-party script and the CSP stays `connect-src 'self'`.
 * With `ANALYTICS_FORWARD_URL` / `EMAIL_MARKETING_FORWARD_URL` set it passes each batch on to the
 * real service, server to server; without them it is the sandbox: the batch is checked and dropped.
 */

const MAX_BYTES = 32 * 1024;
const FORWARD_TIMEOUT_MS = 2000;

export const analyticsBatchSchema = z.object({
  channel: z.enum(['analytics', 'email']),
  events: z.array(z.record(z.string(), z.unknown())).min(1).max(50),
});

/**
 * `POST /api/analytics` `{channel, events}` → 204. The beacons come as JSON, or as text where a
 * browser sends a string; the middleware has checked that they come from the shop's own pages.
 */
export const collectAnalytics = defineEndpoint({
  who: 'anyone',
  body: { schema: analyticsBatchSchema, beacon: true, maxBytes: MAX_BYTES },
  handle({ body }) {
    const target = body.channel === 'analytics' ? analyticsForward.analytics : analyticsForward.email;
    // Not awaited: a slow provider never holds the shopper's beacon (it is answered at once).
    if (target) void forward(target, body);
    return Promise.resolve(noContent);
  },
});

async function forward(url: string, batch: z.infer<typeof analyticsBatchSchema>): Promise<void> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(batch),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) log.warn(`[analytics] ${batch.channel} forward answered ${response.status}`);
  } catch (error) {
    log.warn(`[analytics] ${batch.channel} forward failed:`, error instanceof Error ? error.message : error);
  }
}
