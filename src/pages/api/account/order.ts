import { accountOrderFlow } from '../../../server/account/orderFlows.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** ACCOUNT_ORDER_PATH (src/api/accountOrder.ts): the signed-in checkout's order. */
export const POST = endpointRoute(accountOrderFlow);
