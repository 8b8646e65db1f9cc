import type { APIContext, AstroCookies, MiddlewareNext } from 'astro';
import type { EndpointRefusal } from '../../api/schemas/endpoint.ts';
import { CUSTOMER_HINT_COOKIE } from '../../domain/session/customerHint.ts';
import { createT } from '../../i18n/i18n.ts';
import { messageLocale } from '../endpoints/messageLocale.ts';
import { addressGroup } from './sessionCreations.ts';
import { requestClientAddress } from '../request/requestAddress.ts';
import { requestSessionId, SESSION_COOKIE } from './sessionCookie.ts';
import { sessionRuntime } from './sessionRuntime.ts';
import { recordMetric } from '../../log/metricEvents.ts';

/**
 * The middleware's bound on new sessions per client address (issue 23): a request that would
 * store a new session past SESSION_CREATION_LIMIT an hour from its address (src/server/
 * sessionStore/sessionCreations.ts) stores nothing and is answered 429 with Retry-After, in the page's language.
 *
 * A session is new when the response sets the session cookie (Astro does on a session's first
 * write, and on a sign-in's new id) and the request came without a cookie naming a stored session.
 * That is known only once the route has run, so a refused route's own work (a sign-in at the user
 * service, say) is done and then dropped: the session is destroyed before Astro writes it. Whether
 * the cookie named a stored session is asked before the route runs, as a sign-in deletes the old id.
 */
export async function nextWithinSessionBound(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const runtime = sessionRuntime();
  const incoming = requestSessionId(context.request);
  // A store that cannot answer counts the request as a known session: a limit must not fail closed on an outage.
  const knownAtStart = incoming === null ? Promise.resolve(false) : runtime.exists(incoming).catch(() => true);
  const response = await next();
  if (!setsSessionCookie(context.cookies) || (await knownAtStart)) return response;
  const address = requestClientAddress(context.request, () => context.clientAddress);
  const verdict = await runtime.creations.record(addressGroup(address));
  if (verdict.allowed) return response;
  context.session?.destroy();
  // A sign-in that is dropped leaves no "signed in" hint for the page's scripts either.
  if (context.cookies.get(CUSTOMER_HINT_COOKIE)?.value) {
    context.cookies.delete(CUSTOMER_HINT_COOKIE, { path: '/' });
  }
  return tooManySessions(context, verdict.retryAfterS);
}

/** Whether this response sets (not deletes) the session cookie. */
function setsSessionCookie(cookies: AstroCookies): boolean {
  const prefix = `${SESSION_COOKIE}=`;
  for (const header of cookies.headers()) {
    if (header.startsWith(prefix)) return (cookies.get(SESSION_COOKIE)?.value ?? '') !== '';
  }
  return false;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON (the shop's refusal envelope, src/api/schemas/endpoint.ts) for a script's call, a small page for a browser's form or link. */
function tooManySessions(context: APIContext, retryAfterS: number): Response {
  recordMetric({ name: 'rateLimited', limiter: 'session_creation' });
  const locale = messageLocale(context.url, context.locals.locale);
  const t = createT(locale);
  const message = t('errors.sessionLimit', { minutes: Math.ceil(retryAfterS / 60) });
  const headers = { 'Retry-After': String(retryAfterS), 'Cache-Control': 'no-store' };
  const type = context.request.headers.get('Content-Type') ?? '';
  const accept = context.request.headers.get('Accept') ?? '';
  if (type.startsWith('application/json') || (accept.includes('application/json') && !accept.includes('text/html'))) {
    const refusal: EndpointRefusal = { code: 429, message, fields: [] };
    return Response.json(refusal, { status: 429, headers });
  }
  const home = locale === 'uk' ? '/ua/' : '/';
  const title = escapeHtml(t('errors.sessionLimitTitle'));
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="${home}">${escapeHtml(t('errors.toHome'))}</a></p></body></html>`;
  return new Response(html, { status: 429, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}
