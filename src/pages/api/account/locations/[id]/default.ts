import { accountEndpoint, pathId } from '../../../../../server/account/accountEndpoint.ts';
import { defaultLocationAction } from '../../../../../server/account/locationActions.ts';

/** `POST /api/account/locations/{id}/default` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint((params) => {
  const id = pathId(params['id']);
  return id === null ? null : defaultLocationAction(id);
});
