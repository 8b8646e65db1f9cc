import { answerReviewAction } from '../../../../../server/account/reviewActions.ts';
import { endpointRoute } from '../../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/reviews/{id}/answer` (form or JSON): the shopper answers a review. */
export const POST = endpointRoute(answerReviewAction);
