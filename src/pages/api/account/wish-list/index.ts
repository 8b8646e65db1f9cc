import { createWishListAction } from '../../../../server/account/wishListActions.ts';
import { wishListStateFlow } from '../../../../server/account/wishListFlows.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `GET /api/account/wish-list`: the lists and wished product ids (JSON). */
export const GET = endpointRoute(wishListStateFlow);

/** `POST /api/account/wish-list` (form or JSON): a new list. */
export const POST = endpointRoute(createWishListAction);
