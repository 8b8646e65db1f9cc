import { deleteChildAction } from '../../../../../server/account/childActions.ts';
import { endpointRoute } from '../../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/children/{id}/delete` (form or JSON). */
export const POST = endpointRoute(deleteChildAction);
