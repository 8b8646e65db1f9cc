import { emailResendAction } from '../../../../server/account/profileActions.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/email/resend` (form or JSON). */
export const POST = endpointRoute(emailResendAction);
