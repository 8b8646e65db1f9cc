import { updateReviewAction } from '../../../../server/account/reviewActions.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/reviews/{id}` (form or JSON): the shopper's own review changed. */
export const POST = endpointRoute(updateReviewAction);
