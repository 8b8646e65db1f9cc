import { updateChildAction } from '../../../../server/account/childActions.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/children/{id}` (form or JSON). */
export const POST = endpointRoute(updateChildAction);
