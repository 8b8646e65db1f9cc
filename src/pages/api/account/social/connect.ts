import { socialConnectAction } from '../../../../server/account/socialLinks.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/social/connect` (form or JSON). */
export const POST = endpointRoute(socialConnectAction);
