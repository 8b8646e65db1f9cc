import { accountEndpoint } from '../../../../server/account/accountEndpoint.ts';
import { createWishListAction } from '../../../../server/account/wishListActions.ts';
import { wishListStateFlow } from '../../../../server/account/wishListFlows.ts';
import { authEndpoint } from '../../../../server/session/authContext.ts';

/** `GET /api/account/wish-list`: the lists and wished product ids (JSON); the flow is in src/server/account. */
export const GET = authEndpoint(wishListStateFlow);

/** `POST /api/account/wish-list` (form or JSON): a new list. */
export const POST = accountEndpoint(() => createWishListAction);
