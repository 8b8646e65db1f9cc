import { deleteReviewAction } from '../../../../../server/account/reviewActions.ts';
import { endpointRoute } from '../../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/reviews/{id}/delete` (form or JSON): the shopper's own review removed. */
export const POST = endpointRoute(deleteReviewAction);
