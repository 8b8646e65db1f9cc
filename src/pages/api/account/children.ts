import { addChildAction } from '../../../server/account/childActions.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/children` (form or JSON). */
export const POST = endpointRoute(addChildAction);
