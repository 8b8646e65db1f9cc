import { accountEndpoint } from '../../../../server/account/accountEndpoint.ts';
import { emailResendAction } from '../../../../server/account/profileActions.ts';

/** `POST /api/account/email/resend` (form or JSON); the flow is in src/server/account. */
export const POST = accountEndpoint(() => emailResendAction);
