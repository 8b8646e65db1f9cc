import { languageAction } from '../../../server/account/profileActions.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/language` (form or JSON). */
export const POST = endpointRoute(languageAction);
