import type { Hono } from 'hono';
import { orderPhoneCodeRequestSchema } from '../../api/schemas/user.ts';
import type { CodeSent } from '../../api/schemas/user.ts';
import { sendCode } from './authRoutes.ts';
import { requireServiceToken } from './bonusRoutes.ts';
import { answering, clientAddress, readJson } from './routeKit.ts';
import type { UserDeps } from './userDeps.ts';
import { parseFields } from './userProblem.ts';

/**
 * `POST /internal/register/order-phone` (docs/decisions.md "Accounts: confirming the phone of an
 * order, inline"): the order service asks for the code that confirms an anonymous order's phone.
 * The phone is the order's, so no security check is asked of the shopper (the order service bounds
 * the codes per order; the per-phone and per-address limits hold as for any code). The code is then
 * confirmed by the spec's `POST /public/register/phone-confirm`, which signs the shopper in.
 *
 * - No account, or one never confirmed: the registration is (re)written with the order's name,
 *   surname and e-mail (the e-mail waits for its own confirmation, as at registration).
 * - A confirmed account: a sign-in code (purpose recovery); the account's data stay as they are.
 */

export function mountOrderPhoneRoutes(app: Hono, deps: UserDeps): void {
  app.post(
    '/internal/register/order-phone',
    answering(async (c) => {
      requireServiceToken(c, deps.serviceToken);
      const request = parseFields(orderPhoneCodeRequestSchema, await readJson(c));
      const address = request.clientIp ?? clientAddress(c);
      const account = deps.users.findByPhone(request.phone);
      const confirmed = account?.confirmed ?? false;
      const sent: CodeSent = await sendCode(
        deps,
        {
          phone: request.phone,
          purpose: confirmed ? 'recovery' : 'register',
          language: confirmed && account ? account.language : request.language,
          address,
          registration: !confirmed,
        },
        confirmed
          ? undefined
          : () =>
              deps.users.saveRegistration(request.phone, {
                firstName: request.firstName,
                lastName: request.lastName,
                language: request.language,
                pendingEmail: request.email === '' ? null : request.email,
                pregnancyDueDate: null,
              }),
      );
      return c.json(sent);
    }),
  );
}
