import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { socialPendingFlow } from '../../../../server/session/socialFlows.ts';

/** AUTH_PATHS.socialPending (src/api/schemas/session.ts). */
export const GET = endpointRoute(socialPendingFlow);
