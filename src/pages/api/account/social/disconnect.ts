import { socialDisconnectAction } from '../../../../server/account/socialLinks.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/social/disconnect` (form or JSON). */
export const POST = endpointRoute(socialDisconnectAction);
