import { deleteWishListAction } from '../../../../../server/account/wishListActions.ts';
import { endpointRoute } from '../../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/wish-list/{id}/delete` (form or JSON). */
export const POST = endpointRoute(deleteWishListAction);
