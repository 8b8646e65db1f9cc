import { addWishListItemAction } from '../../../../../server/account/wishListActions.ts';
import { endpointRoute } from '../../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/wish-list/{id}/items` (form or JSON): adds a product in a variant. */
export const POST = endpointRoute(addWishListItemAction);
