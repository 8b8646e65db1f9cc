import { accountEndpoint } from '../../../server/account/accountEndpoint.ts';
import { profileAction } from '../../../server/account/profileActions.ts';

/** `POST /api/account/profile` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => profileAction);
