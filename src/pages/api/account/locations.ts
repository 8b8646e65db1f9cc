import { accountEndpoint } from '../../../server/account/accountEndpoint.ts';
import { addLocationAction } from '../../../server/account/locationActions.ts';

/** `POST /api/account/locations` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => addLocationAction);
