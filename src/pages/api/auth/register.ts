import { authEndpoint } from '../../../server/session/authContext.ts';
import { registerFlow } from '../../../server/session/registrationFlows.ts';

/** AUTH_PATHS.register (src/api/schemas/session.ts); the flow is in src/server/session. */
export const POST = authEndpoint(registerFlow);
