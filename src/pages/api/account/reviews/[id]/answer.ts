import { accountEndpoint, pathId } from '../../../../../server/account/accountEndpoint.ts';
import { answerReviewAction } from '../../../../../server/account/reviewActions.ts';

/** `POST /api/account/reviews/{id}/answer` (form or JSON): the shopper answers a review. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : answerReviewAction(id);
});
