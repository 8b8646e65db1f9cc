import { expect } from 'vitest';
import { embeddedBaseUrl, perService } from '../../src/api/config.ts';
import { createHttpClient, createRefreshGate } from '../../src/api/http.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { createT } from '../../src/i18n/i18n.ts';
import { crossSiteRefusal } from '../../src/server/request/sameOrigin.ts';
import type { AuthContext } from '../../src/server/session/authContext.ts';
import { loginFlow } from '../../src/server/session/sessionFlows.ts';
import type { SomeServices } from '../../src/services/index.ts';
import { FakeCookies, FakeSession } from '../unit/support/authFakes.ts';

/**
 * The storefront's account endpoints called as Astro would call them, over embedded services: an
 * AuthContext with a same-site request, fake session and cookies, and the per-request clients.
 */

/** Every service at its embedded base URL, reached through the services' own fetch. */
export const embeddedBaseUrls = perService((service) => ({ url: embeddedBaseUrl(service), embedded: false }));

/** A request body as a form, as JSON, or as raw bytes of any type. */
export type EndpointBody = { form: Record<string, string> } | { json: unknown } | { raw: string; type: string };

export interface EndpointRequest {
  method?: string;
  path?: string;
  body?: EndpointBody;
  headers?: Record<string, string>;
  locale?: Locale;
}

/** What one test file fixes for all its calls: the services, the default path and the client's IP. */
export interface EndpointDefaults {
  services: () => SomeServices;
  path: string;
  clientIp: string;
}

/** The endpoint's context for one request of `session` (POST, JSON and `ru` unless told). */
export function endpointContext(
  defaults: EndpointDefaults,
  session: FakeSession,
  init: EndpointRequest = {},
): AuthContext {
  const { fetch } = defaults.services();
  const locale = init.locale ?? 'ru';
  const url = new URL(init.path ?? defaults.path, 'http://shop.test');
  let body: string | undefined;
  let type = 'application/json';
  if (init.body && 'form' in init.body) {
    body = new URLSearchParams(init.body.form).toString();
    type = 'application/x-www-form-urlencoded';
  } else if (init.body && 'json' in init.body) body = JSON.stringify(init.body.json);
  else if (init.body) ({ raw: body, type } = init.body);
  const request = new Request(url, {
    method: init.method ?? 'POST',
    headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': type, ...init.headers },
    ...(body === undefined ? {} : { body }),
  });
  const gate = createRefreshGate();
  return {
    request,
    url,
    locale,
    t: createT(locale),
    clientIp: defaults.clientIp,
    session,
    cookies: new FakeCookies(),
    secureCookies: true,
    clients: {
      anonymous: createHttpClient({ baseUrls: embeddedBaseUrls, fetch, locale }),
      forShopper: (shopper) =>
        createHttpClient({
          baseUrls: embeddedBaseUrls,
          fetch,
          locale,
          tokens: shopper.tokens,
          refresh: shopper.refresh,
          refreshGate: gate,
        }),
    },
  };
}

/** A session signed in through the storefront's own login flow. */
export async function signedInSession(
  defaults: EndpointDefaults,
  who: { login: string; password: string },
): Promise<FakeSession> {
  const session = new FakeSession();
  const response = await loginFlow.run(
    endpointContext(defaults, session, {
      path: '/api/auth/login',
      body: { json: { login: who.login, password: who.password } },
    }),
  );
  expect(response.status).toBe(200);
  return session;
}

/**
 * A request as the shop answers it: the middleware's same-origin rule first (src/middleware.ts),
 * then the endpoint, as `run` calls it.
 */
export function throughMiddleware(ctx: AuthContext, run: (ctx: AuthContext) => Promise<Response>): Promise<Response> {
  return Promise.resolve(crossSiteRefusal(ctx.request, ctx.url) ?? run(ctx));
}

/** The two helpers a test file uses, bound to its defaults. */
export function endpointKit(defaults: EndpointDefaults) {
  return {
    context: (session: FakeSession, init: EndpointRequest = {}) => endpointContext(defaults, session, init),
    signedIn: (who: { login: string; password: string }) => signedInSession(defaults, who),
  };
}
