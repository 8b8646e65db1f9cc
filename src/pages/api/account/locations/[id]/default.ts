import { defaultLocationAction } from '../../../../../server/account/locationActions.ts';
import { endpointRoute } from '../../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/locations/{id}/default` (form or JSON). */
export const POST = endpointRoute(defaultLocationAction);
