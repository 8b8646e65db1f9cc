import type { z } from 'zod';
import type { AccountAnswer } from '../../api/schemas/account.ts';
import type { HttpClient } from '../../api/http.ts';
import { type AccountPage, accountPagePath } from '../../domain/account/accountPages.ts';
import { formRecord, type FormFields, SECRET_FIELDS } from '../../domain/account/accountForms.ts';
import { kyivToday } from '../../domain/account/kyivDate.ts';
import { isSameOriginRequest } from '../http/sameOrigin.ts';
import type { AuthContext } from '../session/authContext.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';
import { keepFlash } from './accountFlash.ts';
import { type ActionResult, issueFields, refused, serviceResult } from './accountRefusals.ts';

/**
 * What every account endpoint (src/pages/api/account/**) does around its one call: a foreign
 * origin is a 403, no session a 401, a body over 16 KB a 413; an HTML form's urlencoded body and a
 * JSON body are both parsed with the action's zod schema; the user service is called through the
 * shopper's own client (bearer, one refresh); a form post is answered 303 back to its page with a
 * one-time flash in the session, a JSON request with JSON. Never stored by anyone.
 */

const MAX_BODY_BYTES = 16 * 1024;
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export interface Shopper {
  api: HttpClient;
  customerId: number;
}

export interface AccountAction<S extends z.ZodType> {
  /** The page the form is on, and the form's id there (where its flash shows, the 303's anchor). */
  page: AccountPage;
  form: string;
  /** The page's path with its query when the form is not on the page's first view (`?page=2`); default `page`'s path. */
  pagePath?: (ctx: AuthContext) => string;
  schema: S;
  /** The form's fields as the schema's input (src/domain/account/accountForms.ts). */
  fromForm(fields: FormFields, thisYear: number): unknown;
  run(shopper: Shopper, body: z.output<S>, ctx: AuthContext): Promise<ActionResult>;
}

type BodyKind = 'form' | 'json' | 'other';

function bodyKind(request: Request): BodyKind {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'application/json' || type === '') return 'json';
  return 'other';
}

function json(body: AccountAnswer & { location?: string }, status: number): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** A small page for a browser that posted a form (a 401 or 403 has no page to go back to). */
function htmlPage(ctx: AuthContext, status: number, message: string, link: { href: string; text: string }): Response {
  const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><html lang="${ctx.locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(message)}</title></head><body><p>${escape(message)}</p><p><a href="${escape(link.href)}">${escape(link.text)}</a></p></body></html>`;
  return new Response(html, { status, headers: { ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' } });
}

function mainPage(ctx: AuthContext): string {
  return ctx.locale === 'uk' ? '/ua/' : '/';
}

/** 401: nobody signed in (or the refresh could not cure the tokens): the way to the login form. */
export function signedOutAnswer(ctx: AuthContext, form: boolean): Response {
  const message = ctx.t('accountErrors.signedOut');
  if (!form) return json({ ok: false, message, fields: {} }, 401);
  return htmlPage(ctx, 401, message, { href: `${mainPage(ctx)}#login`, text: ctx.t('accountErrors.signIn') });
}

function plainRefusal(ctx: AuthContext, form: boolean, status: number, message: string): Response {
  if (!form) return json({ ok: false, message, fields: {} }, status);
  return htmlPage(ctx, status, message, { href: mainPage(ctx), text: ctx.t('accountErrors.back') });
}

/** The body's text, or null when it is larger than any account form's. */
async function bodyText(request: Request): Promise<string | null> {
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_BODY_BYTES) return null;
  const text = await request.text().catch(() => null);
  return text === null || text.length > MAX_BODY_BYTES ? null : text;
}

/** What a form's page may show again after a refusal: what was typed, less anything secret, bounded. */
function echoValues(fields: FormFields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!SECRET_FIELDS.has(name) && name.length <= 40) values[name] = value.slice(0, 300);
  }
  return values;
}

/** Runs `action` for the request; every answer is no-store. */
export async function runAccountAction<S extends z.ZodType>(
  ctx: AuthContext,
  action: AccountAction<S>,
  now: Date = new Date(),
): Promise<Response> {
  const kind = bodyKind(ctx.request);
  const form = kind === 'form';
  if (!isSameOriginRequest(ctx.request, ctx.url)) {
    return plainRefusal(ctx, form, 403, ctx.t('accountErrors.foreign'));
  }
  if (kind === 'other') return plainRefusal(ctx, form, 415, ctx.t('accountErrors.check'));
  const shopper = await shopperClient(ctx);
  if (!shopper) return signedOutAnswer(ctx, form);
  const text = await bodyText(ctx.request);
  if (text === null) return plainRefusal(ctx, form, 413, ctx.t('accountErrors.tooLarge'));

  let values: Record<string, string> = {};
  let raw: unknown = undefined;
  if (form) {
    const fields = formRecord(text);
    values = echoValues(fields);
    raw = action.fromForm(fields, Number(kyivToday(now).slice(0, 4)));
  } else {
    try {
      raw = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      raw = undefined;
    }
  }
  let result: ActionResult;
  const parsed = action.schema.safeParse(raw);
  if (!parsed.success) {
    result = refused(400, ctx.t('accountErrors.check'), issueFields(parsed.error.issues, ctx.t));
  } else {
    try {
      result = await action.run(shopper, parsed.data, ctx);
    } catch (error) {
      const failed = serviceResult(error, ctx.t);
      if (failed === null) throw error;
      if (failed === 'signedOut') {
        await signOut(ctx);
        return signedOutAnswer(ctx, form);
      }
      result = failed;
    }
  }
  return answer(ctx, action, result, form, values);
}

function answer<S extends z.ZodType>(
  ctx: AuthContext,
  action: AccountAction<S>,
  result: ActionResult,
  form: boolean,
  values: Record<string, string>,
): Response {
  if (!form) {
    if (result.ok) {
      return json(
        {
          ok: true,
          message: result.message,
          fields: {},
          ...(result.location ? { location: result.location } : {}),
          ...(result.data === undefined ? {} : { data: result.data }),
        },
        200,
      );
    }
    return json({ ok: false, message: result.message, fields: result.fields }, result.status);
  }
  keepFlash(ctx.session, {
    form: (result.ok ? result.form : undefined) ?? action.form,
    ok: result.ok,
    message: result.message,
    fields: result.ok ? {} : result.fields,
    values: result.ok ? {} : values,
  });
  const location =
    (result.ok ? result.location : undefined) ??
    `${action.pagePath?.(ctx) ?? accountPagePath(action.page, ctx.locale)}#${(result.ok ? result.form : undefined) ?? action.form}`;
  return new Response(null, { status: 303, headers: { ...NO_STORE, Location: location } });
}
