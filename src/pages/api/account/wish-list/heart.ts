import { heartAction } from '../../../../server/account/wishListActions.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/wish-list/heart` (JSON from the hearts' script). */
export const POST = endpointRoute(heartAction);
