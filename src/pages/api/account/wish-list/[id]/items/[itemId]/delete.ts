import { removeWishListItemAction } from '../../../../../../../server/account/wishListActions.ts';
import { endpointRoute } from '../../../../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/wish-list/{id}/items/{itemId}/delete` (form or JSON). */
export const POST = endpointRoute(removeWishListItemAction);
