import { socialConnectCallback } from '../../../../server/account/socialLinks.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** ACCOUNT_PATHS.socialCallback: the provider comes back here when a shopper connects it. */
export const GET = endpointRoute(socialConnectCallback);
