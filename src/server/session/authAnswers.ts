import type { z } from 'zod';
import { isSameOriginRequest } from '../http/sameOrigin.ts';
import type { AuthContext } from './authContext.ts';
import { refusal, refusalOf, type AuthForm, FORM_FIRST_FIELD, type Refused } from './authRefusals.ts';

/**
 * How the session endpoints answer: JSON, never stored by anyone (`no-store`: an answer names a
 * shopper), a refusal as authRefusalSchema. Bodies are parsed with the contract's zod schemas.
 */

/** Bodies are a few small fields; anything larger is not the modal's. */
const MAX_BODY_BYTES = 16 * 1024;

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function jsonAnswer(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

export function refusalAnswer({ status, refusal: body }: Refused): Response {
  return jsonAnswer(body, status);
}

/** 403 for a request that is not from the shop's own page (DESIGN §7; spec §8: the generic message). */
export function foreignOrigin(ctx: AuthContext): Response | null {
  if (isSameOriginRequest(ctx.request, ctx.url)) return null;
  return refusalAnswer(refusal(403, ctx.t('authErrors.generic'), null));
}

/**
 * The body parsed with `schema`, or the 400 refusal naming the first field that is wrong (a body
 * that is not JSON, too large or of the wrong shape is the generic message on the form's first field).
 */
export async function parseBody<S extends z.ZodType>(
  ctx: AuthContext,
  schema: S,
  form: AuthForm,
): Promise<{ ok: true; body: z.output<S> } | { ok: false; answer: Response }> {
  const bad = (field: string | null) =>
    ({ ok: false, answer: refusalAnswer(refusal(400, ctx.t('authErrors.generic'), field)) }) as const;
  const declared = Number(ctx.request.headers.get('Content-Length') ?? 0);
  if (declared > MAX_BODY_BYTES) return bad(FORM_FIRST_FIELD[form]);
  const text = await ctx.request.text().catch(() => null);
  if (text === null || text.length > MAX_BODY_BYTES) return bad(FORM_FIRST_FIELD[form]);
  let raw: unknown;
  try {
    raw = text === '' ? {} : JSON.parse(text);
  } catch {
    return bad(FORM_FIRST_FIELD[form]);
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, body: parsed.data };
  const field = parsed.error.issues[0]?.path[0];
  return bad(typeof field === 'string' ? field : FORM_FIRST_FIELD[form]);
}

/** A 400 on one field with one of our messages (the form's own checks, before any service call). */
export function fieldRefusal(field: string, message: string): Response {
  return refusalAnswer(refusal(400, message, field));
}

/** The answer for a failed service call; anything that is not one is a bug and goes on (the 500 page). */
export function serviceRefusal(ctx: AuthContext, error: unknown, form: AuthForm): Response {
  const refused = refusalOf(error, form, ctx.t);
  if (!refused) throw error;
  return refusalAnswer(refused);
}

/** The contract's options of the calls the user service limits per client address. */
export function addressed(ctx: AuthContext): { clientIp?: string } {
  return ctx.clientIp === null ? {} : { clientIp: ctx.clientIp };
}
