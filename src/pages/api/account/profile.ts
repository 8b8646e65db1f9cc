import { profileAction } from '../../../server/account/profileActions.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/profile` (form or JSON). */
export const POST = endpointRoute(profileAction);
