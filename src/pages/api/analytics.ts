import { collectAnalytics } from '../../server/analytics/collector.ts';
import { endpointRoute } from '../../server/endpoints/endpointRoute.ts';

/** `POST /api/analytics` `{channel, events}` → 204 (the analytics runtime's beacons). */
export const POST = endpointRoute(collectAnalytics);
