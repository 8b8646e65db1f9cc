import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';
import { registerFlow } from '../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.register (src/api/schemas/session.ts). */
export const POST = endpointRoute(registerFlow);
