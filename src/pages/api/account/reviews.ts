import { accountEndpoint } from '../../../server/account/accountEndpoint.ts';
import { createReviewAction } from '../../../server/account/reviewActions.ts';

/** `POST /api/account/reviews` (form or JSON): a new review; the flow is in src/server/account. */
export const POST = accountEndpoint(() => createReviewAction);
