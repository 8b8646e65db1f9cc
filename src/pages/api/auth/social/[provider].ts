import type { APIRoute } from 'astro';
import { authContext } from '../../../../server/session/authContext.ts';
import { socialStartFlow } from '../../../../server/session/socialFlows.ts';

/** AUTH_PATHS.socialStart + `/{provider}` (src/api/schemas/session.ts); the flow is in src/server/session. */
export const GET: APIRoute = (context) => socialStartFlow(authContext(context), context.params['provider']);
