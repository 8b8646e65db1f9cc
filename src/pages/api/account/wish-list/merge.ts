import { mergeAction } from '../../../../server/account/wishListActions.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/wish-list/merge` (JSON, at sign-in). */
export const POST = endpointRoute(mergeAction);
