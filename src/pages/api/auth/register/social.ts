import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { registerSocialFlow } from '../../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.registerSocial (src/api/schemas/session.ts). */
export const POST = endpointRoute(registerSocialFlow);
