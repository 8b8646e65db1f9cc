import { endpointRoute } from '../../server/endpoints/endpointRoute.ts';
import { stockNotifyAction } from '../../server/product/stockNotifyAction.ts';

/** `POST /api/stock-notifications` (form or JSON): «Повідомити про наявність» of a sold-out variant. */
export const POST = endpointRoute(stockNotifyAction);
