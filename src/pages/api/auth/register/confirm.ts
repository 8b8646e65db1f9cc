import { authEndpoint } from '../../../../server/session/authContext.ts';
import { registerConfirmFlow } from '../../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.registerConfirm (src/api/schemas/session.ts); the flow is in src/server/session. */
export const POST = authEndpoint(registerConfirmFlow);
