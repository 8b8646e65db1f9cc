import type { DoneAnswer } from '../../api/schemas/endpoint.ts';
import type { AuthContext } from '../session/authContext.ts';
import type { Outcome, Refused } from './outcomes.ts';

/**
 * An outcome as an HTTP answer. Every answer of the shop's endpoints is `Cache-Control: no-store`
 * (an answer names a shopper, or changed something): JSON for a script, and for a browser that
 * posted a plain form, a redirect or, when there is no page to go back to, a small page.
 */

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export function jsonResponse(body: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Response {
  return Response.json(body, { status, headers: { ...headers, ...NO_STORE } });
}

export function redirectResponse(location: string, status: 302 | 303 = 303): Response {
  return new Response(null, { status, headers: { ...NO_STORE, Location: location } });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function homePath(ctx: Pick<AuthContext, 'locale'>): string {
  return ctx.locale === 'uk' ? '/ua/' : '/';
}

/**
 * The page a form post gets when it cannot go back to its own (signed out, another site, a body the
 * form cannot have sent): the message, the fields it names, and the way on (to the login form after
 * a 401, else to the main page).
 */
export function refusalPage(ctx: Pick<AuthContext, 'locale' | 't'>, { status, refusal, headers }: Refused): Response {
  const link =
    status === 401
      ? { href: `${homePath(ctx)}#login`, text: ctx.t('accountErrors.signIn') }
      : { href: homePath(ctx), text: ctx.t('accountErrors.back') };
  const fields = refusal.fields.map((f) => `<li>${escapeHtml(f.field)}: ${escapeHtml(f.message)}</li>`).join('');
  const html =
    `<!doctype html><html lang="${ctx.locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(refusal.message)}</title>` +
    `</head><body><p>${escapeHtml(refusal.message)}</p>${fields ? `<ul>${fields}</ul>` : ''}` +
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: { ...headers, ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' },
  });
}

/** The answer of an outcome to a script. */
export function scriptAnswer(outcome: Outcome): Response {
  switch (outcome.kind) {
    case 'answer':
      return jsonResponse(outcome.body, outcome.status, outcome.headers);
    case 'done':
      return jsonResponse({
        message: outcome.message,
        ...(outcome.location === undefined ? {} : { location: outcome.location }),
        ...(outcome.data === undefined ? {} : { data: outcome.data }),
      } satisfies DoneAnswer);
    case 'refused':
      return jsonResponse(outcome.refusal, outcome.status, outcome.headers);
    case 'redirect':
      return redirectResponse(outcome.location, outcome.status);
    case 'noContent':
      return new Response(null, { status: 204, headers: NO_STORE });
  }
}
