import { authEndpoint } from '../../../server/session/authContext.ts';
import { loginFlow } from '../../../server/session/sessionFlows.ts';

/** AUTH_PATHS.login (src/api/schemas/session.ts); the flow is in src/server/session. */
export const POST = authEndpoint(loginFlow);
