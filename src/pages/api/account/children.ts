import { accountEndpoint } from '../../../server/account/accountEndpoint.ts';
import { addChildAction } from '../../../server/account/childActions.ts';

/** `POST /api/account/children` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => addChildAction);
