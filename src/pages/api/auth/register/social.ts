import { authEndpoint } from '../../../../server/session/authContext.ts';
import { registerSocialFlow } from '../../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.registerSocial (src/api/schemas/session.ts); the flow is in src/server/session. */
export const POST = authEndpoint(registerSocialFlow);
