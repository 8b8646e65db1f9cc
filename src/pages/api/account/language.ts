import { accountEndpoint } from '../../../server/account/accountEndpoint.ts';
import { languageAction } from '../../../server/account/profileActions.ts';

/** `POST /api/account/language` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => languageAction);
