import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { socialStartFlow } from '../../../../server/session/socialFlows.ts';

/** AUTH_PATHS.socialStart + `/{provider}` (src/api/schemas/session.ts). */
export const GET = endpointRoute(socialStartFlow);
