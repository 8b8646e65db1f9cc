import { authEndpoint } from '../../../../server/session/authContext.ts';
import { socialCallbackFlow } from '../../../../server/session/socialFlows.ts';

/** AUTH_PATHS.socialCallback (src/api/schemas/session.ts); the flow is in src/server/session. */
export const GET = authEndpoint(socialCallbackFlow);
