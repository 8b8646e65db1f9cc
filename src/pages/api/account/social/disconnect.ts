import { accountEndpoint } from '../../../../server/account/accountEndpoint.ts';
import { socialDisconnectAction } from '../../../../server/account/socialLinks.ts';

/** `POST /api/account/social/disconnect` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => socialDisconnectAction);
