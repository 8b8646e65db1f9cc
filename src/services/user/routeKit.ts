import type { Context } from 'hono';
import { z } from 'zod';
import type { Session, Tokens } from './tokens.ts';
import { answerUserProblem, invalidFields, notFound, unauthorized, UserProblem } from './userProblem.ts';

/** What the routes of the user service share: error answers, bodies, the signed-in shopper. */

type Handler = (c: Context) => Response | Promise<Response>;

/** Answers a UserProblem thrown by `handler` as the contract's error body; no answer is cached. */
export function answering(handler: Handler): Handler {
  return async (c) => {
    // Accounts, tokens and codes are nobody else's: never kept by a shared cache.
    c.header('Cache-Control', 'no-store');
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof UserProblem) return answerUserProblem(c, error);
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

/**
 * The shopper's address, for the per-address limits. The service is never exposed to browsers: the
 * storefront (or a proxy in front of a separately run service) calls it and says whom for in
 * X-Forwarded-For. The last entry is the one the nearest proxy, the caller we trust, appended;
 * entries before it are whatever the client claimed and could be forged to dodge the limit. Without
 * the header every request counts as one address ('unknown'): the limit then errs on the strict side.
 */
export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  return last && last.length <= 64 ? last.toLowerCase() : 'unknown';
}

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
