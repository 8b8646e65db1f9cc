import { accountEndpoint, pathId } from '../../../../../../../server/account/accountEndpoint.ts';
import { removeWishListItemAction } from '../../../../../../../server/account/wishListActions.ts';

/** `POST /api/account/wish-list/{id}/items/{itemId}/delete` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  const itemId = pathId(params['itemId']);
  return id === null || itemId === null ? null : removeWishListItemAction(id, itemId);
});
