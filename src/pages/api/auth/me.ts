import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';
import { meFlow } from '../../../server/session/sessionFlows.ts';

/** AUTH_PATHS.me (src/api/schemas/session.ts). */
export const GET = endpointRoute(meFlow);
