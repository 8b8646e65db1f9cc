import { accountEndpoint, pathId } from '../../../../../server/account/accountEndpoint.ts';
import { deleteChildAction } from '../../../../../server/account/childActions.ts';

/** `POST /api/account/children/{id}/delete` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : deleteChildAction(id);
});
