import { authEndpoint } from '../../../server/session/authContext.ts';
import { forgotFlow } from '../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.forgot (src/api/schemas/session.ts); the flow is in src/server/session. */
export const POST = authEndpoint(forgotFlow);
