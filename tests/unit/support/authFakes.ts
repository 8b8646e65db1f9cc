import type { AstroCookieSetOptions } from 'astro';
import { perService } from '../../../src/api/config.ts';
import { createHttpClient, createRefreshGate, type RefreshGate } from '../../../src/api/http.ts';
import type { Locale } from '../../../src/api/schemas/common.ts';
import type { User } from '../../../src/api/schemas/user.ts';
import { createT } from '../../../src/i18n/i18n.ts';
import type { AuthContext, CookieJar, SessionStore } from '../../../src/server/session/authContext.ts';
import { fakeFetch, json, type Sent } from './fakeFetch.ts';

/**
 * Stand-ins for the session endpoints' tests: Astro's session and cookies as the flows use them,
 * and a user service that keeps to its contract (src/api/schemas/user.ts) in memory.
 */

let sessionCount = 0;

/** A session that keeps its data like Astro's (a copy of what is set), with its id. */
export class FakeSession implements SessionStore {
  readonly data = new Map<string, unknown>();
  id: string | undefined;
  writes = 0;
  constructor(id?: string) {
    this.id = id;
  }
  get sessionID(): string | undefined {
    return this.id;
  }
  get(key: string): Promise<unknown> {
    return Promise.resolve(this.data.get(key));
  }
  has(key: string): Promise<boolean> {
    return Promise.resolve(this.data.has(key));
  }
  set(key: string, value: unknown): void {
    this.writes += 1;
    this.id ??= `session-${++sessionCount}`;
    this.data.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.writes += 1;
    this.data.delete(key);
  }
  regenerate(): Promise<void> {
    this.id = `session-${++sessionCount}`;
    return Promise.resolve();
  }
}

/** The cookies a response sets or deletes, over the ones the request sent. */
export class FakeCookies implements CookieJar {
  readonly sent: Set<string>;
  readonly set_ = new Map<string, { value: string; options: AstroCookieSetOptions }>();
  readonly deleted = new Set<string>();
  constructor(sent: string[] = []) {
    this.sent = new Set(sent);
  }
  has(name: string): boolean {
    return this.sent.has(name) || this.set_.has(name);
  }
  set(name: string, value: string, options: AstroCookieSetOptions): void {
    this.set_.set(name, { value, options });
    this.deleted.delete(name);
  }
  delete(name: string): void {
    this.set_.delete(name);
    this.deleted.add(name);
  }
}

export const PHONE = '380671234567';
export const PASSWORD = 'secret-1';
export const CODE = '123456';

export function user(over: Partial<User> = {}): User {
  return {
    id: 7,
    phone: PHONE,
    firstName: 'Олена',
    lastName: '',
    middleName: '',
    city: '',
    gender: null,
    birthDate: null,
    subscribeSms: false,
    subscribeEmail: false,
    pregnancyDueDate: null,
    email: '',
    pendingEmail: null,
    language: 'ru',
    bonusProgramMember: false,
    customerRef: 'C-7',
    hasPassword: true,
    defaultLocation: null,
    locations: [],
    children: [],
    oauthProviders: [],
    subscriptionDiscount: false,
    ...over,
  };
}

const refusal = (code: number, status = 400, fields: { field: string; message: string }[] = []) =>
  json({ code, message: `service says ${code}`, fields }, status);

/** The user service as the flows see it, with its tokens rotating on every refresh. */
export class FakeUserService {
  access = 'access-token-0000000001';
  refresh = 'refresh-token-000000001';
  generation = 1;
  refreshCalls = 0;
  passwordToken = 'password-token-00000001';
  passwordSet: string | null = null;
  down = false;
  /** Milliseconds a refresh takes (parallel requests meet it in flight). */
  refreshDelayMs = 0;
  readonly network = fakeFetch((sent) => this.answer(sent));

  rotate(): { token: string; refresh_token: string } {
    this.generation += 1;
    const n = String(this.generation).padStart(9, '0');
    this.access = `access-token-${n}`;
    this.refresh = `refresh-token-${n}`;
    return { token: this.access, refresh_token: this.refresh };
  }

  loginAnswer(profile: User = user()) {
    return { ...this.rotate(), profile };
  }

  private async answer(sent: Sent): Promise<Response> {
    if (this.down) return json({ code: 503, message: 'down' }, 503);
    const body = (sent.body ? JSON.parse(sent.body) : {}) as Record<string, unknown>;
    const route = `${sent.method} ${sent.url.pathname}`;
    switch (route) {
      case 'POST /public/auth/login':
        if (body['login'] !== PHONE) return refusal(1103);
        return body['password'] === PASSWORD ? json(this.loginAnswer()) : refusal(1104);
      case 'GET /public/user':
        return sent.headers.get('authorization') === `Bearer ${this.access}` ? json(user()) : refusal(401, 401);
      case 'POST /public/user/auth/refresh': {
        this.refreshCalls += 1;
        if (this.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, this.refreshDelayMs));
        return body['refresh_token'] === this.refresh ? json(this.rotate()) : refusal(401, 401);
      }
      case 'POST /public/register/phone':
        if (body['phone'] === '380670000429') return refusal(1202, 429);
        if (body['securityToken'] === 'bad') return refusal(1501);
        return json({ diff: 60 });
      case 'POST /public/register/phone-oauth':
        return body['phone'] === '380670001105' ? refusal(1105) : json({ diff: 60 });
      case 'POST /public/register/phone-confirm':
        return body['token'] === CODE
          ? json({ authorization: this.loginAnswer(user({ hasPassword: false })), token: this.passwordToken })
          : refusal(1204);
      case 'POST /public/register/change-password':
        if (body['token'] !== this.passwordToken) return refusal(1204);
        this.passwordSet = String(body['password']);
        return new Response(null, { status: 204 });
      case 'POST /public/auth/forgot-password':
        return body['phone'] === PHONE ? json({ diff: 60 }) : refusal(1103);
      case 'GET /public/config':
        return json({ oauthLinks: [{ provider: 'google', title: 'Google', url: '/svc/user/sandbox/oauth/google' }] });
      case 'POST /public/oauth/code':
        if (body['code'] === 'known') return json(this.loginAnswer());
        return json({ email: 'new@example.com', name: 'Нова', oauthId: 'g-42', provider: 'google' }, 206);
      default:
        if (route.startsWith('GET /public/auth/email-confirm/')) {
          return route.endsWith('/good-token') ? json({ email: 'a@example.com' }) : refusal(1305, 404);
        }
        return json({ code: 404, message: 'no route' }, 404);
    }
  }
}

const USER_BASE = perService(() => ({ url: 'http://user.test', embedded: false }));

/** One request's AuthContext; the gates are the process's in production, one per test here. */
export function authRequest(
  service: FakeUserService,
  session: FakeSession,
  init: {
    method?: 'GET' | 'POST';
    path?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    cookies?: FakeCookies;
    locale?: Locale;
    gates?: Map<string, RefreshGate>;
  } = {},
): AuthContext & { cookies: FakeCookies } {
  const url = new URL(init.path ?? '/api/auth/me', 'http://shop.test');
  const locale = init.locale ?? 'ru';
  const method = init.method ?? 'GET';
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const request = new Request(url, {
    method,
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json', ...init.headers },
    ...(method === 'POST' && body !== undefined ? { body } : {}),
  });
  const gates = init.gates ?? new Map<string, RefreshGate>();
  const gateOf = (sessionId: string): RefreshGate => {
    const gate = gates.get(sessionId) ?? createRefreshGate();
    gates.set(sessionId, gate);
    return gate;
  };
  const client = (shopper?: Parameters<AuthContext['clients']['forShopper']>[0]) =>
    createHttpClient({
      baseUrls: USER_BASE,
      fetch: service.network.fetch,
      locale,
      ...(shopper ? { tokens: shopper.tokens, refresh: shopper.refresh, refreshGate: gateOf(shopper.sessionId) } : {}),
    });
  return {
    request,
    url,
    locale,
    t: createT(locale),
    session,
    cookies: init.cookies ?? new FakeCookies(),
    secureCookies: true,
    clients: { anonymous: client(), forShopper: (shopper) => client(shopper) },
  };
}
