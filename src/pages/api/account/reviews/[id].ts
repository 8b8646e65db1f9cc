import { accountEndpoint, pathId } from '../../../../server/account/accountEndpoint.ts';
import { updateReviewAction } from '../../../../server/account/reviewActions.ts';

/** `POST /api/account/reviews/{id}` (form or JSON): the shopper's own review changed. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : updateReviewAction(id);
});
