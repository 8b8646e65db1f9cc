import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { socialCallbackFlow } from '../../../../server/session/socialFlows.ts';

/** AUTH_PATHS.socialCallback (src/api/schemas/session.ts). */
export const GET = endpointRoute(socialCallbackFlow);
