import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';
import { forgotFlow } from '../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.forgot (src/api/schemas/session.ts). */
export const POST = endpointRoute(forgotFlow);
