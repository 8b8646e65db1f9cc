// The order page's «confirm with the code» form (src/server/order/phoneConfirmForms.ts).
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { confirmPhoneEndpoint } from '../../../../server/order/phoneConfirmForms.ts';

export const POST = endpointRoute(confirmPhoneEndpoint);
