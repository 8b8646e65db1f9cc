import { accountEndpoint, pathId } from '../../../../../server/account/accountEndpoint.ts';
import { deleteLocationAction } from '../../../../../server/account/locationActions.ts';

/** `POST /api/account/locations/{id}/delete` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : deleteLocationAction(id);
});
