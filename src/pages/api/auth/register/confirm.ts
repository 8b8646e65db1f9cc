import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { registerConfirmFlow } from '../../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.registerConfirm (src/api/schemas/session.ts). */
export const POST = endpointRoute(registerConfirmFlow);
