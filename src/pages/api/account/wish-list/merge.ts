import { accountEndpoint } from '../../../../server/account/accountEndpoint.ts';
import { mergeAction } from '../../../../server/account/wishListActions.ts';

/** `POST /api/account/wish-list/merge` (JSON, at sign-in); the flow is in src/server/account. */
export const POST = accountEndpoint(() => mergeAction);
