import { emailAction } from '../../../server/account/profileActions.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/email` (form or JSON). */
export const POST = endpointRoute(emailAction);
