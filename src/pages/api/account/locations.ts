import { addLocationAction } from '../../../server/account/locationActions.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/locations` (form or JSON). */
export const POST = endpointRoute(addLocationAction);
