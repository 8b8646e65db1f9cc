import { deleteLocationAction } from '../../../../../server/account/locationActions.ts';
import { endpointRoute } from '../../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/locations/{id}/delete` (form or JSON). */
export const POST = endpointRoute(deleteLocationAction);
