import { authEndpoint } from '../../../server/session/authContext.ts';
import { logoutFlow } from '../../../server/session/sessionFlows.ts';

/** AUTH_PATHS.logout (src/api/schemas/session.ts); the flow is in src/server/session. */
export const POST = authEndpoint(logoutFlow);
