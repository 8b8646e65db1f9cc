import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { phoneSchema } from '../../../api/schemas/person.ts';
import { oauthProviderSchema } from '../../../api/schemas/user.ts';
import type { OauthProvider, SandboxOutbox } from '../../../api/schemas/user.ts';
import { answering } from '../routeKit.ts';
import { parseFields } from '../userProblem.ts';
import type { SandboxOauth } from './oauthProvider.ts';
import type { Outbox } from './outbox.ts';

/**
 * SANDBOX routes of the embedded user service (DESIGN §4), for tests and developers; a real user
 * service has none of them. Each exists only while its channel is the sandbox (`pages`, from
 * outside/userOutside.ts): never in a real production, never beside the configured adapter; a path
 * that is not mounted is the service's JSON 404. Mounted under /svc/user by the storefront, so the
 * paths seen from the shop are /svc/user/sandbox/…:
 *
 * - `GET /sandbox/sms?phone=380XXXXXXXXX`: the SMS "sent" to the phone, newest first (full text).
 * - `GET /sandbox/email?to=ADDRESS`: the e-mails "sent" to the address, newest first (full text).
 * - `GET /sandbox/oauth/authorize?provider&redirect_uri&state`: the sandbox social provider's consent
 *   page with two buttons, "known user" (a code that signs the seeded demo shopper in: 200) and
 *   "new user" (a code for a made-up person: 206). The button posts back here; the answer is a 303 to
 *   `redirect_uri?code&state&provider`, as a provider's redirect would be (or a page showing the code
 *   when no redirect_uri was given).
 */

const smsQuerySchema = z.object({ phone: phoneSchema });
const emailQuerySchema = z.object({ to: z.string().trim().min(3).max(254) });
const authorizeSchema = z.object({
  provider: oauthProviderSchema.default('google'),
  redirect_uri: z.string().max(2000).optional(),
  state: z.string().max(500).default(''),
});
const consentSchema = authorizeSchema.extend({ persona: z.enum(['known', 'new']) });

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const TITLES: Readonly<Record<OauthProvider, string>> = { google: 'Google', facebook: 'Facebook' };

function page(c: Context, title: string, body: string, status: 200 | 400 = 200): Response {
  // No script, no style, nothing framed: a form and text.
  c.header('Content-Security-Policy', "default-src 'none'; base-uri 'none'; frame-ancestors 'none'");
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  return c.html(
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
      `<title>${escapeHtml(title)}</title></head><body>${body}</body></html>`,
    status,
  );
}

/**
 * Where the provider may send the browser back: a path of the page's own origin, or an absolute URL
 * on this host or on localhost (a shop run on its own port). Anything else would make the sandbox an
 * open redirect.
 */
function safeRedirect(c: Context, uri: string | undefined): string | null {
  if (uri === undefined || uri === '') return null;
  if (/^\/(?![/\\])/.test(uri)) return uri;
  try {
    const url = new URL(uri);
    const host = new URL(c.req.url).hostname;
    const local = ['localhost', '127.0.0.1', '[::1]', host].includes(url.hostname);
    return (url.protocol === 'http:' || url.protocol === 'https:') && local ? url.toString() : null;
  } catch {
    return null;
  }
}

export interface SandboxPages {
  sms: boolean;
  email: boolean;
  /** The providers the sandbox provider plays (offered, without an OAuth client). */
  oauth: readonly OauthProvider[];
}

export function mountSandboxRoutes(app: Hono, outbox: Outbox, oauth: SandboxOauth, pages: SandboxPages): void {
  if (pages.sms) {
    app.get(
      '/sandbox/sms',
      answering((c) => {
        const { phone } = parseFields(smsQuerySchema, c.req.query());
        const body: SandboxOutbox = outbox.smsTo(phone);
        return c.json(body);
      }),
    );
  }

  if (pages.email) {
    app.get(
      '/sandbox/email',
      answering((c) => {
        const { to } = parseFields(emailQuerySchema, c.req.query());
        const body: SandboxOutbox = outbox.emailTo(to);
        return c.json(body);
      }),
    );
  }

  if (pages.oauth.length > 0) mountSandboxProvider(app, oauth, pages.oauth);
}

function mountSandboxProvider(app: Hono, oauth: SandboxOauth, played: readonly OauthProvider[]): void {
  app.get('/sandbox/oauth/authorize', (c) => {
    const query = authorizeSchema.safeParse(c.req.query());
    if (!query.success || !played.includes(query.data.provider)) {
      return page(c, 'Ошибка', '<p>Неверные параметры входа.</p>', 400);
    }
    const { provider, redirect_uri: redirectUri, state } = query.data;
    if (redirectUri !== undefined && safeRedirect(c, redirectUri) === null) {
      return page(c, 'Ошибка', '<p>Недопустимый адрес возврата (redirect_uri).</p>', 400);
    }
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    const name = TITLES[provider];
    return page(
      c,
      `Песочница: вход через ${name}`,
      `<main><h1>Песочница: вход через ${escapeHtml(name)}</h1>` +
        `<p><strong>SANDBOX.</strong> Это не настоящий ${escapeHtml(name)}: страница-заглушка встроенного сервиса пользователей.</p>` +
        `<form method="post">${hidden('provider', provider)}${hidden('redirect_uri', redirectUri ?? '')}${hidden('state', state)}` +
        `<p><button type="submit" name="persona" value="known">Известный пользователь (демо-покупатель, вход)</button></p>` +
        `<p><button type="submit" name="persona" value="new">Новый пользователь (регистрация)</button></p>` +
        `</form></main>`,
    );
  });

  app.post('/sandbox/oauth/authorize', async (c) => {
    const form = consentSchema.safeParse(await c.req.parseBody().catch(() => ({})));
    if (!form.success || !played.includes(form.data.provider)) {
      return page(c, 'Ошибка', '<p>Неверный ответ формы.</p>', 400);
    }
    const { provider, persona, state } = form.data;
    const redirect = safeRedirect(c, form.data.redirect_uri);
    if (form.data.redirect_uri && redirect === null)
      return page(c, 'Ошибка', '<p>Недопустимый адрес возврата.</p>', 400);
    const code = oauth.issueCode(provider, persona);
    if (redirect === null) {
      return page(
        c,
        'Код входа',
        `<main><h1>Код входа (${escapeHtml(TITLES[provider])})</h1><p><code>${escapeHtml(code)}</code></p></main>`,
      );
    }
    const url = new URL(redirect, 'http://relative.invalid');
    url.searchParams.set('code', code);
    url.searchParams.set('state', state);
    url.searchParams.set('provider', provider);
    const location = redirect.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
    c.header('Cache-Control', 'no-store');
    return c.redirect(location, 303);
  });
}
