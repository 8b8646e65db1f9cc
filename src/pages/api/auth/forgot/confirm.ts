import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { forgotConfirmFlow } from '../../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.forgotConfirm (src/api/schemas/session.ts). */
export const POST = endpointRoute(forgotConfirmFlow);
