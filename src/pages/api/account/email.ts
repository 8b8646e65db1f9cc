import { accountEndpoint } from '../../../server/account/accountEndpoint.ts';
import { emailAction } from '../../../server/account/profileActions.ts';

/** `POST /api/account/email` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => emailAction);
