import type { Hono } from 'hono';
import { z } from 'zod';
import { localeSchema } from '../../api/schemas/common.ts';
import {
  changeLanguageRequestSchema,
  changePasswordRequestSchema,
  emailRequestSchema,
  profileUpdateRequestSchema,
  TODAY_OR_AFTER_MESSAGE,
  USER_ERROR,
} from '../../api/schemas/user.ts';
import type { User } from '../../api/schemas/user.ts';
import { inTransaction } from '../db/database.ts';
import { kyivToday } from './clock.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { answering, readJson, signedIn } from './routeKit.ts';
import type { UserDeps } from './userDeps.ts';
import { invalidFields, MESSAGES, parseFields, UserProblem } from './userProblem.ts';

/**
 * The signed-in shopper's own profile (spec §7 `GET/PUT /public/user`, language, e-mail, password)
 * and the e-mail confirmation link (`GET /public/auth/email-confirm/{token}`, no session needed: the
 * link may be opened on another device).
 */

const localeQuerySchema = z.object({ locale: localeSchema.default('ru') });
/** Tokens this service makes are 43 URL-safe characters; anything else is unknown without a lookup. */
const emailTokenSchema = z.string().regex(/^[\w-]{16,200}$/);
export function mountProfileRoutes(app: Hono, deps: UserDeps): void {
  const { users, tokens } = deps;
  /**
   * Mails the link within the shopper's e-mail limits (rateLimits.ts), counted before the mailer's
   * await; a mail the mailer did not take is not counted (the 503 says to try again).
   */
  async function mailLink(customerId: number, email: string): Promise<void> {
    const account = users.findById(customerId);
    if (!account) throw new Error(`customer ${customerId} does not exist`);
    const reservation = deps.limits.reserveEmail(customerId);
    try {
      await deps.emails.send(account, email);
    } catch (error) {
      deps.limits.release(reservation);
      throw error;
    }
  }

  app.get(
    '/public/user',
    signedIn(tokens, (c, session) => {
      // The locale is taken for the contract's sake: the profile holds no per-language text.
      parseFields(localeQuerySchema, c.req.query());
      const body: User = users.readUser(session.customerId);
      return c.json(body);
    }),
  );

  app.put(
    '/public/user',
    signedIn(tokens, async (c, session) => {
      const fields = parseFields(profileUpdateRequestSchema, await readJson(c));
      const current = users.readUser(session.customerId);
      // "Today or after" binds a new due date; an unchanged past one may stay (the baby was born).
      if (
        fields.pregnancyDueDate !== null &&
        fields.pregnancyDueDate !== current.pregnancyDueDate &&
        fields.pregnancyDueDate < kyivToday(deps.clock)
      ) {
        throw invalidFields([{ field: 'pregnancyDueDate', message: TODAY_OR_AFTER_MESSAGE }]);
      }
      if (fields.birthDate !== null && fields.birthDate > kyivToday(deps.clock)) {
        throw invalidFields([{ field: 'birthDate', message: 'Дата рождения не может быть в будущем' }]);
      }
      users.updateProfile(session.customerId, fields);
      const body: User = users.readUser(session.customerId);
      return c.json(body);
    }),
  );

  app.put(
    '/public/user/change-language',
    signedIn(tokens, async (c, session) => {
      const { language } = parseFields(changeLanguageRequestSchema, await readJson(c));
      users.setLanguage(session.customerId, language);
      return c.body(null, 204);
    }),
  );

  for (const path of ['/public/user/set-email', '/public/user/change-email']) {
    app.put(
      path,
      signedIn(tokens, async (c, session) => {
        const { email } = parseFields(emailRequestSchema, await readJson(c));
        const address = email.toLowerCase();
        const account = users.findById(session.customerId);
        if (account?.email === address) {
          // Already this shopper's confirmed address: nothing to confirm.
          users.setPendingEmail(session.customerId, null);
          return c.body(null, 204);
        }
        await mailLink(session.customerId, address);
        users.setPendingEmail(session.customerId, address);
        return c.body(null, 204);
      }),
    );
  }

  app.post(
    '/public/user/confirmation-email',
    signedIn(tokens, async (c, session) => {
      const pending = users.findById(session.customerId)?.pendingEmail ?? null;
      if (pending === null) throw new UserProblem(400, 400, MESSAGES.noPendingEmail);
      await mailLink(session.customerId, pending);
      return c.body(null, 204);
    }),
  );

  app.put(
    '/public/user/change-password',
    signedIn(tokens, async (c, session) => {
      const { password, newPassword } = parseFields(changePasswordRequestSchema, await readJson(c));
      const account = users.findById(session.customerId);
      if (!account) throw new Error(`customer ${session.customerId} does not exist`);
      if (account.passwordHash === null) {
        throw new UserProblem(400, USER_ERROR.passwordNotSet, MESSAGES.passwordNotSet, [
          { field: 'password', message: MESSAGES.passwordNotSet },
        ]);
      }
      if (!(await verifyPassword(password, account.passwordHash))) {
        throw new UserProblem(400, USER_ERROR.wrongCredentials, MESSAGES.wrongPassword, [
          { field: 'password', message: MESSAGES.wrongPassword },
        ]);
      }
      const hash = await hashPassword(newPassword);
      inTransaction(deps.db, () => {
        users.setPassword(session.customerId, hash);
        // Whoever knew the old password is signed out everywhere but here.
        tokens.revokeOthers(session.customerId, session.familyId, 'password changed');
      });
      return c.body(null, 204);
    }),
  );

  app.get(
    '/public/auth/email-confirm/:token',
    answering((c) => {
      const parsed = emailTokenSchema.safeParse(c.req.param('token'));
      const spent = parsed.success ? deps.emails.spend(parsed.data) : null;
      if (!spent) throw new UserProblem(404, USER_ERROR.emailTokenUnknown, MESSAGES.emailTokenUnknown);
      users.confirmEmail(spent.customerId, spent.email);
      return c.json({ email: spent.email });
    }),
  );
}
