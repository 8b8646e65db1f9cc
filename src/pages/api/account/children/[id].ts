import { accountEndpoint, pathId } from '../../../../server/account/accountEndpoint.ts';
import { updateChildAction } from '../../../../server/account/childActions.ts';

/** `POST /api/account/children/{id}` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : updateChildAction(id);
});
