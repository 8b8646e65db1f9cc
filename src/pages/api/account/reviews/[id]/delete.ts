import { accountEndpoint, pathId } from '../../../../../server/account/accountEndpoint.ts';
import { deleteReviewAction } from '../../../../../server/account/reviewActions.ts';

/** `POST /api/account/reviews/{id}/delete` (form or JSON): the shopper's own review removed. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : deleteReviewAction(id);
});
