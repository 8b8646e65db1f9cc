import { socialConnectCallback } from '../../../../server/account/socialLinks.ts';
import { authEndpoint } from '../../../../server/session/authContext.ts';

/** ACCOUNT_PATHS.socialCallback: the provider comes back here when a shopper connects it. */
export const GET = authEndpoint(socialConnectCallback);
