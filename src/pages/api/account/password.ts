import { passwordAction } from '../../../server/account/profileActions.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/password` (form or JSON). */
export const POST = endpointRoute(passwordAction);
