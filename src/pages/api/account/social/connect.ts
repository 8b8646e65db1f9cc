import { accountEndpoint } from '../../../../server/account/accountEndpoint.ts';
import { socialConnectAction } from '../../../../server/account/socialLinks.ts';

/** `POST /api/account/social/connect` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => socialConnectAction);
