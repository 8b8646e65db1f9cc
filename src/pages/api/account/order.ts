import { accountOrderFlow } from '../../../server/account/orderFlows.ts';
import { authEndpoint } from '../../../server/session/authContext.ts';

/** ACCOUNT_ORDER_PATH (src/api/accountOrder.ts); the flow is in src/server/account/orderFlows.ts. */
export const POST = authEndpoint(accountOrderFlow);
