import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';
import { passwordFlow } from '../../../server/session/sessionFlows.ts';

/** AUTH_PATHS.password (src/api/schemas/session.ts). */
export const POST = endpointRoute(passwordFlow);
