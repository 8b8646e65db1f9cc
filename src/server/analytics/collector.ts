import { z } from 'zod';
import { describeIssues } from '../../api/apiError.ts';
import { analyticsForward } from '../config.ts';
import { isSameOriginRequest } from '../http/sameOrigin.ts';

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

const answer = (status: number, message?: string) =>
  message === undefined
    ? new Response(null, { status, headers: { 'Cache-Control': 'no-store' } })
    : Response.json({ code: status, message }, { status, headers: { 'Cache-Control': 'no-store' } });

export async function collectAnalytics(request: Request, url: URL): Promise<Response> {
  if (!isSameOriginRequest(request, url)) return answer(403, 'Events are taken from the shop’s own pages only');
  const length = Number(request.headers.get('Content-Length') ?? 0);
  if (length > MAX_BYTES) return answer(413, `At most ${MAX_BYTES} bytes`);
  const text = await request.text();
  if (text.length > MAX_BYTES) return answer(413, `At most ${MAX_BYTES} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return answer(400, 'The body is not JSON');
  }
  const parsed = analyticsBatchSchema.safeParse(raw);
  if (!parsed.success) return answer(400, describeIssues(parsed.error.issues, 'batch'));
  const target = parsed.data.channel === 'analytics' ? analyticsForward.analytics : analyticsForward.email;
  // Not awaited: a slow provider never holds the shopper's beacon (it is answered at once).
  if (target) void forward(target, parsed.data);
  return answer(204);
}

async function forward(url: string, batch: z.infer<typeof analyticsBatchSchema>): Promise<void> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(batch),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) console.warn(`[analytics] ${batch.channel} forward answered ${response.status}`);
  } catch (error) {
    console.warn(`[analytics] ${batch.channel} forward failed:`, error instanceof Error ? error.message : error);
  }
}
