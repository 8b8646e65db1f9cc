import type { APIRoute } from 'astro';
import { collectAnalytics } from '../../server/analytics/collector.ts';

/** `POST /api/analytics` `{channel, events}` → 204 (src/server/analytics/collector.ts). */
export const POST: APIRoute = ({ request, url }) => collectAnalytics(request, url);
