import { createReviewAction } from '../../../server/account/reviewActions.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/reviews` (form or JSON): a new review. */
export const POST = endpointRoute(createReviewAction);
