import type { APIContext, AstroCookieSetOptions, AstroSession } from 'astro';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ApiCall, HttpClient } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { createT } from '../../i18n/i18n.ts';
import { requestApi, type Shopper } from '../http/requestApi.ts';
import { sessionOf } from '../http/session.ts';

/**
 * What the session endpoints (src/pages/api/auth/**) may use of a request: its body and origin,
 * the language its messages are in, the session, the cookies, and the service clients. Narrow on
 * purpose, so the flows run in tests with a fake session and a fake user service.
 */

/** The part of Astro's session the flows use (Astro's own session in production: astro.config.mjs). */
export interface SessionStore {
  get(key: string): Promise<unknown>;
  has(key: string): Promise<boolean>;
  set(key: string, value: unknown, options?: { ttl?: number }): void;
  delete(key: string): void;
  /** A new id for the same data (sign-in: an id planted beforehand never becomes a signed-in one). */
  regenerate(): Promise<void>;
  readonly sessionID: string | undefined;
}

/** The part of Astro's cookies the flows use (the customer hint only; the session's own is Astro's). */
export interface CookieJar {
  has(name: string): boolean;
  set(name: string, value: string, options: AstroCookieSetOptions): void;
  delete(name: string, options: Pick<AstroCookieSetOptions, 'path' | 'domain' | 'secure' | 'sameSite'>): void;
}

export interface AuthClients {
  /** Calls without a token (login, registration, recovery, refresh, social sign-in). */
  anonymous: HttpClient;
  /** Calls on behalf of the session's shopper: their bearer, their session's single-flight refresh. */
  forShopper(shopper: Shopper): HttpClient;
}

export interface AuthContext {
  request: Request;
  url: URL;
  /** The language refusals are written in: `?locale=uk|ru` (src/api/session.ts sends it), else the path's. */
  locale: Locale;
  /** i18next `t` of that language. */
  t: TFunction;
  session: SessionStore;
  cookies: CookieJar;
  /** Whether cookies this server sets carry `Secure` (as Astro's session cookie does: production builds). */
  secureCookies: boolean;
  clients: AuthClients;
}

function sessionStore(session: AstroSession): SessionStore {
  return {
    get: (key) => session.get<unknown>(key),
    has: (key) => session.has(key),
    set: (key, value, options) => session.set<unknown>(key, value, options),
    delete: (key) => session.delete(key),
    regenerate: () => session.regenerate(),
    get sessionID() {
      return session.sessionID;
    },
  };
}

/** The page's language for messages: the client says it in `?locale` (the endpoints have no /ua path). */
export function messageLocale(url: URL, fallback: Locale): Locale {
  const asked = url.searchParams.get('locale');
  return asked === 'uk' || asked === 'ru' ? asked : fallback;
}

/**
 * A client that tells the user service whom it calls for (`X-Forwarded-For`): the service limits
 * codes and wrong passwords per client address (spec §8 1203), and without it every shopper of the
 * shop would count as one address and share one limit.
 */
export function forwardingFor(client: HttpClient, address: string | null): HttpClient {
  if (address === null) return client;
  return {
    locale: client.locale,
    request<S extends z.ZodType>(call: ApiCall<S>): Promise<z.output<S>> {
      return client.request({ ...call, headers: { ...call.headers, 'X-Forwarded-For': address } });
    },
  };
}

function clientAddressOf(context: APIContext): string | null {
  try {
    return context.clientAddress;
  } catch {
    // An adapter that cannot tell: the service then counts the request as an unknown address.
    return null;
  }
}

/** The AuthContext of an Astro endpoint call. */
export function authContext(context: APIContext): AuthContext {
  const locale = messageLocale(context.url, context.locals.locale);
  const address = clientAddressOf(context);
  return {
    request: context.request,
    url: context.url,
    locale,
    t: createT(locale),
    session: sessionStore(sessionOf(context)),
    cookies: context.cookies,
    // Astro marks its session cookie Secure in production builds; the hint cookie follows it.
    secureCookies: import.meta.env.PROD,
    clients: {
      anonymous: forwardingFor(requestApi(locale), address),
      forShopper: (shopper) => forwardingFor(requestApi(locale, shopper), address),
    },
  };
}

/** An endpoint of src/pages/api/auth: the flow with the request's AuthContext. */
export function authEndpoint(
  flow: (ctx: AuthContext) => Promise<Response>,
): (context: APIContext) => Promise<Response> {
  return (context) => flow(authContext(context));
}
