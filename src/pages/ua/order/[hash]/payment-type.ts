// The order page's «choose another way to pay» form (src/server/order/paymentTypeForm.ts).
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';
import { paymentTypeEndpoint } from '../../../../server/order/paymentTypeForm.ts';

export const POST = endpointRoute(paymentTypeEndpoint);
