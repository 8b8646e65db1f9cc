import { accountEndpoint, pathId } from '../../../../../server/account/accountEndpoint.ts';
import { deleteWishListAction } from '../../../../../server/account/wishListActions.ts';

/** `POST /api/account/wish-list/{id}/delete` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : deleteWishListAction(id);
});
