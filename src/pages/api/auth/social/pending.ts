import { authEndpoint } from '../../../../server/session/authContext.ts';
import { socialPendingFlow } from '../../../../server/session/socialFlows.ts';

/** AUTH_PATHS.socialPending (src/api/schemas/session.ts); the flow is in src/server/session. */
export const GET = authEndpoint(socialPendingFlow);
