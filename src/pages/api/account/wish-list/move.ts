import { moveWishListItemAction } from '../../../../server/account/wishListActions.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/wish-list/move` (form or JSON). */
export const POST = endpointRoute(moveWishListItemAction);
