import { authEndpoint } from '../../../server/session/authContext.ts';
import { meFlow } from '../../../server/session/sessionFlows.ts';

/** AUTH_PATHS.me (src/api/schemas/session.ts); the flow is in src/server/session. */
export const GET = authEndpoint(meFlow);
