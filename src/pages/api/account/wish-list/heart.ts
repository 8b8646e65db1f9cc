import { accountEndpoint } from '../../../../server/account/accountEndpoint.ts';
import { heartAction } from '../../../../server/account/wishListActions.ts';

/** `POST /api/account/wish-list/heart` (JSON from the hearts' script); the flow is in src/server/account. */
export const POST = accountEndpoint(() => heartAction);
