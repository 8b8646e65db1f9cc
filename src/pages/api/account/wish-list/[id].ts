import { renameWishListAction } from '../../../../server/account/wishListActions.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/wish-list/{id}` (form or JSON): renames the list. */
export const POST = endpointRoute(renameWishListAction);
