import { accountEndpoint } from '../../../../server/account/accountEndpoint.ts';
import { moveWishListItemAction } from '../../../../server/account/wishListActions.ts';

/** `POST /api/account/wish-list/move` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => moveWishListItemAction);
