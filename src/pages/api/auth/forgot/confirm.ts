import { authEndpoint } from '../../../../server/session/authContext.ts';
import { forgotConfirmFlow } from '../../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.forgotConfirm (src/api/schemas/session.ts); the flow is in src/server/session. */
export const POST = authEndpoint(forgotConfirmFlow);
