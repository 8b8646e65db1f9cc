import { log } from '../../log/log.ts';
import type { Context } from 'hono';
import { z } from 'zod';
import { USER_ERROR } from '../../api/schemas/user.ts';
import { OUTSIDE_RETRY_AFTER_S, OutsideUnavailable } from './outside/outsideCall.ts';
import type { OutsideChannel } from './outside/outsideCall.ts';
import type { Session, Tokens } from './tokens.ts';
import { answerUserProblem, invalidFields, MESSAGES, notFound, unauthorized, UserProblem } from './userProblem.ts';

/** What the routes of the user service share: error answers, bodies, the signed-in shopper. */

type Handler = (c: Context) => Response | Promise<Response>;

/** The shopper's side of an outside failure: the message and the field it shows on. */
const UNAVAILABLE: Readonly<Record<OutsideChannel, { message: string; field: string }>> = {
  sms: { message: MESSAGES.smsUnavailable, field: 'phone' },
  email: { message: MESSAGES.emailUnavailable, field: 'email' },
  captcha: { message: MESSAGES.securityCheck, field: 'securityToken' },
  social: { message: MESSAGES.socialUnavailable, field: 'code' },
};

/** An outside channel's failure as the contract's 503 with Retry-After (DESIGN §7), logged for the operator. */
function unavailable(error: OutsideUnavailable): UserProblem {
  // The message names the channel and the failure only (outsideCall.ts): no phone, address or code.
  log.error(`[user] ${error.message}`);
  const { message, field } = UNAVAILABLE[error.channel];
  return new UserProblem(503, USER_ERROR.outsideUnavailable, message, [{ field, message }], OUTSIDE_RETRY_AFTER_S);
}

/**
 * Answers a UserProblem thrown by `handler` as the contract's error body, and an outside channel's
 * failure as a 503; no answer is cached.
 */
export function answering(handler: Handler): Handler {
  return async (c) => {
    // Accounts, tokens and codes are nobody else's: never kept by a shared cache.
    c.header('Cache-Control', 'no-store');
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof UserProblem) return answerUserProblem(c, error);
      if (error instanceof OutsideUnavailable) return answerUserProblem(c, unavailable(error));
      throw error;
    }
  };
}

/** The request body as JSON (a 400 naming `body` when it is not JSON; an empty body is `{}`). */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    const body: unknown = JSON.parse(text);
    return body;
  } catch {
    throw invalidFields([{ field: 'body', message: 'Тело запроса должно быть JSON' }]);
  }
}

export { clientAddress } from '../http/clientAddress.ts';

const BEARER = /^Bearer ([\w-]{16,200})$/;

/** The session of the request's bearer token, or a 401. */
export function requireSession(c: Context, tokens: Tokens): Session {
  const match = BEARER.exec(c.req.header('authorization') ?? '');
  const session = match?.[1] === undefined ? null : tokens.authenticate(match[1]);
  if (!session) throw unauthorized();
  return session;
}

/** A route that needs the signed-in shopper: 401 without a live access token. */
export function signedIn(tokens: Tokens, handler: (c: Context, session: Session) => Response | Promise<Response>) {
  return answering((c) => handler(c, requireSession(c, tokens)));
}

/** Digits only (no `1e3`, `0x10` or ` 7`), and within a safe integer. */
const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

/** The `:id` (or `:name`) of a path; anything but a positive integer is the same 404 as another shopper's id. */
export function idParam(c: Context, what: string, name = 'id'): number {
  const parsed = idSchema.safeParse(c.req.param(name));
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}
