import { accountEndpoint } from '../../../server/account/accountEndpoint.ts';
import { passwordAction } from '../../../server/account/profileActions.ts';

/** `POST /api/account/password` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => passwordAction);
