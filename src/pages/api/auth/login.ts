import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';
import { loginFlow } from '../../../server/session/sessionFlows.ts';

/** AUTH_PATHS.login (src/api/schemas/session.ts). */
export const POST = endpointRoute(loginFlow);
