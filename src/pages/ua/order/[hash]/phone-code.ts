// The order page's «send the code» form (src/server/order/phoneConfirmForms.ts).
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { phoneCodeEndpoint } from '../../../../server/order/phoneConfirmForms.ts';

export const POST = endpointRoute(phoneCodeEndpoint);
