import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { saveLocationFlow } from '../../../../server/checkout/saveLocationFlow.ts';

/** `POST /api/account/locations/checkout` (JSON): the checkout's «save this address». */
export const POST = endpointRoute(saveLocationFlow);
