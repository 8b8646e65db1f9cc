import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';
import { logoutFlow } from '../../../server/session/sessionFlows.ts';

/** AUTH_PATHS.logout (src/api/schemas/session.ts). */
export const POST = endpointRoute(logoutFlow);
