import { log } from '../../log/log.ts';
import type { Hono } from 'hono';
import type { Locale } from '../../api/schemas/common.ts';
import {
  checkExistRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  phoneConfirmRequestSchema,
  refreshRequestSchema,
  registerPasswordRequestSchema,
  registerPhoneRequestSchema,
  TODAY_OR_AFTER_MESSAGE,
  USER_ERROR,
} from '../../api/schemas/user.ts';
import type { CodeSent, ConfirmResponse, LoginResponse, OauthProvider, TokenPair } from '../../api/schemas/user.ts';
import { inTransaction } from '../db/database.ts';
import { kyivToday } from './clock.ts';
import { codeSms } from './messages.ts';
import type { CodePurpose } from './otp.ts';
import { OutsideUnavailable } from './outside/outsideCall.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { answering, clientAddress, readJson } from './routeKit.ts';
import type { UserDeps } from './userDeps.ts';
import { invalidFields, MESSAGES, parseFields, UserProblem } from './userProblem.ts';
import { recordMetric } from '../../log/metricEvents.ts';

/**
 * Registration, sign-in, recovery and tokens (spec §4 "Phone registration", "Password recovery";
 * §7 user service calls; §8 codes): everything a shopper does before having a session.
 */

export interface CodeRequest {
  phone: string;
  purpose: CodePurpose;
  language: Locale;
  address: string;
  /** The registration routes answer the hourly limit with 1102, the others with 1201. */
  registration: boolean;
  oauth?: { provider: OauthProvider; oauthId: string };
}

/**
 * Checks and counts the code limits, makes the code and sends the SMS; answers the resend timer.
 * The limits are taken in the same transaction as the code is made (with `prepare`'s writes, e.g. the
 * registration's data, which a limited request must not overwrite), before the SMS's await, so
 * parallel requests cannot all pass them. An SMS the gateway did not take is not counted: the
 * shopper got nothing and may ask again at once (the 503 says when), and its code is withdrawn.
 */
export async function sendCode(deps: UserDeps, request: CodeRequest, prepare?: () => void): Promise<CodeSent> {
  const { diff, reservation, code } = inTransaction(deps.db, () => {
    const taken = deps.limits.reserveCode(request.phone, request.address, request.registration);
    prepare?.();
    return { ...taken, code: deps.otp.issue(request.phone, request.purpose, request.oauth ?? null) };
  });
  try {
    await deps.sms.send(request.phone, codeSms(code, request.purpose, request.language));
    recordMetric({ name: 'smsCodeSent' });
  } catch (error) {
    inTransaction(deps.db, () => {
      deps.limits.release(reservation);
      deps.otp.withdraw(request.phone);
    });
    throw error;
  }
  return { diff };
}

/** A fresh sign-in of the customer with the profile (spec §7 "Login responses must contain …"). */
export function signIn(deps: UserDeps, customerId: number): LoginResponse & { familyId: number } {
  const pair = deps.tokens.signIn(customerId);
  return { ...pair, profile: deps.users.readUser(customerId) };
}

function problem(code: number, message: string, field: string, status: 400 | 404 = 400): UserProblem {
  return new UserProblem(status, code, message, [{ field, message }]);
}

export function mountAuthRoutes(app: Hono, deps: UserDeps): void {
  const { users, tokens, otp, limits } = deps;

  app.post(
    '/public/register/phone',
    answering(async (c) => {
      const request = parseRegistration(await readJson(c), kyivToday(deps.clock));
      const address = clientAddress(c);
      limits.countLookup(address);
      // After the lookup limit, so a script cannot make this service call the verifier unbounded.
      if (!(await deps.botCheck.passes(request.securityToken, address))) {
        throw problem(USER_ERROR.securityCheck, MESSAGES.securityCheck, 'securityToken');
      }
      const account = users.findByPhone(request.phone);
      if (account?.confirmed) throw problem(USER_ERROR.alreadyRegistered, MESSAGES.alreadyRegistered, 'phone');
      const sent: CodeSent = await sendCode(
        deps,
        { phone: request.phone, purpose: 'register', language: request.language, address, registration: true },
        () =>
          users.saveRegistration(request.phone, {
            firstName: request.firstName,
            language: request.language,
            pendingEmail: request.email === '' ? null : request.email,
            pregnancyDueDate: request.pregnancyDueDate,
          }),
      );
      return c.json(sent);
    }),
  );

  app.post(
    '/public/register/phone-confirm',
    answering(async (c) => {
      const { phone, token } = parseFields(phoneConfirmRequestSchema, await readJson(c));
      // Outside any transaction: a wrong try must stay counted although the call then fails.
      const confirmed = otp.confirm(phone, token);
      const account = users.findByPhone(phone);
      if (!account) throw problem(USER_ERROR.notRegistered, MESSAGES.notRegistered, 'phone');
      const wasConfirmed = account.confirmed;
      const answer = inTransaction(deps.db, (): ConfirmResponse => {
        if (!wasConfirmed) users.confirmPhone(account.id);
        if (confirmed.oauth) deps.social.link(account.id, confirmed.oauth.provider, confirmed.oauth.oauthId);
        const session = signIn(deps, account.id);
        const passwordToken = tokens.issuePasswordToken({ customerId: account.id, familyId: session.familyId });
        return {
          authorization: { token: session.token, refresh_token: session.refresh_token, profile: session.profile },
          token: passwordToken,
        };
      });
      // A new account's address given at registration gets its confirmation link now that the phone is
      // its owner's. The sign-in stands if the mailer is away: the account page resends the link.
      if (!wasConfirmed && account.pendingEmail) {
        await deps.emails.send(account, account.pendingEmail).catch((error: unknown) => {
          if (!(error instanceof OutsideUnavailable)) throw error;
          log.error(`[user] a registration's confirmation e-mail was not sent: ${error.message}`);
        });
      }
      return c.json(answer);
    }),
  );

  app.post(
    '/public/register/change-password',
    answering(async (c) => {
      const { token, password } = parseFields(registerPasswordRequestSchema, await readJson(c));
      const hash = await hashPassword(password);
      inTransaction(deps.db, () => {
        const session = tokens.usePasswordToken(token);
        if (!session) throw problem(USER_ERROR.wrongCode, MESSAGES.passwordTokenUnknown, 'token');
        users.setPassword(session.customerId, hash);
        // A new password (often after a recovery) signs out every other device.
        tokens.revokeOthers(session.customerId, session.familyId, 'password set');
      });
      return c.body(null, 204);
    }),
  );

  app.post(
    '/public/register/check-exist',
    answering(async (c) => {
      const { phone } = parseFields(checkExistRequestSchema, await readJson(c));
      limits.countLookup(clientAddress(c));
      const account = users.findByPhone(phone);
      const exists = account?.confirmed ?? false;
      return c.json({ exists, hasPassword: exists && account !== null && account.passwordHash !== null });
    }),
  );

  app.post(
    '/public/auth/login',
    answering(async (c) => {
      const { login, password } = parseFields(loginRequestSchema, await readJson(c));
      const address = clientAddress(c);
      // Counted before the slow hash below (its await would let parallel guesses all pass a check).
      const attempt = limits.reserveLoginAttempt(login, address);
      const account = users.findByPhone(login);
      // An unknown phone costs the same scrypt as a known one: the timing tells nothing.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_PASSWORD_HASH));
      // The limit is of wrong passwords (ten an hour): an attempt that was not one gives its count
      // back, so a shopper who signs in often never locks herself out, while guesses in flight and
      // guesses made are never more than ten.
      if (account && !account.confirmed) {
        limits.release(attempt);
        throw problem(USER_ERROR.phoneNotConfirmed, MESSAGES.phoneNotConfirmed, 'login');
      }
      if (account?.passwordHash === null) {
        limits.release(attempt);
        throw problem(USER_ERROR.passwordNotSet, MESSAGES.passwordNotSet, 'login');
      }
      if (!account || !matches) throw problem(USER_ERROR.wrongCredentials, MESSAGES.wrongCredentials, 'login');
      limits.release(attempt);
      const session = signIn(deps, account.id);
      const answer: LoginResponse = {
        token: session.token,
        refresh_token: session.refresh_token,
        profile: session.profile,
      };
      return c.json(answer);
    }),
  );

  app.post(
    '/public/auth/forgot-password',
    answering(async (c) => {
      const { phone } = parseFields(forgotPasswordRequestSchema, await readJson(c));
      const address = clientAddress(c);
      limits.countLookup(address);
      const account = users.findByPhone(phone);
      if (!account) throw problem(USER_ERROR.notRegistered, MESSAGES.notRegistered, 'phone');
      if (!account.confirmed) throw problem(USER_ERROR.phoneNotConfirmed, MESSAGES.phoneNotConfirmed, 'phone');
      const body: CodeSent = await sendCode(deps, {
        phone,
        purpose: 'recovery',
        language: account.language,
        address,
        registration: false,
      });
      return c.json(body);
    }),
  );

  app.post(
    '/public/user/auth/refresh',
    answering(async (c) => {
      const { refresh_token } = parseFields(refreshRequestSchema, await readJson(c));
      const pair: TokenPair = tokens.refresh(refresh_token);
      return c.json(pair);
    }),
  );
}

/**
 * The registration body (spec §5: the security check's token is required; the bot check itself is
 * `deps.botCheck`, 1501 when it fails) and the baby club's today-or-after due date.
 */
function parseRegistration(body: unknown, today: string) {
  const request = parseFields(registerPhoneRequestSchema, body);
  if (request.pregnancyDueDate !== null && request.pregnancyDueDate < today) {
    throw invalidFields([{ field: 'pregnancyDueDate', message: TODAY_OR_AFTER_MESSAGE }]);
  }
  return request;
}
