import { authEndpoint } from '../../../server/session/authContext.ts';
import { passwordFlow } from '../../../server/session/sessionFlows.ts';

/** AUTH_PATHS.password (src/api/schemas/session.ts); the flow is in src/server/session. */
export const POST = authEndpoint(passwordFlow);
