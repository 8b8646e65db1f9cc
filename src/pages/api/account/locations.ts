import { addLocationAction } from '../../../server/account/locationActions.ts';
import { savedLocationsFlow } from '../../../server/checkout/savedLocationsFlow.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/locations` (form or JSON). */
export const POST = endpointRoute(addLocationAction);

/** `GET /api/account/locations`: the checkout's saved locations to choose from. */
export const GET = endpointRoute(savedLocationsFlow);
