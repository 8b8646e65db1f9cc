import { accountEndpoint, pathId } from '../../../../../server/account/accountEndpoint.ts';
import { addWishListItemAction } from '../../../../../server/account/wishListActions.ts';

/** `POST /api/account/wish-list/{id}/items` (form or JSON): adds a product in a variant; the flow is in src/server/account. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : addWishListItemAction(id);
});
