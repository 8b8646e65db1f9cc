import { accountEndpoint, pathId } from '../../../../server/account/accountEndpoint.ts';
import { renameWishListAction } from '../../../../server/account/wishListActions.ts';

/** `POST /api/account/wish-list/{id}` (form or JSON): renames the list; the flow is in src/server/account. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : renameWishListAction(id);
});
