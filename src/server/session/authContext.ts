import type { APIContext, AstroCookieSetOptions, AstroSession } from 'astro';
import type { TFunction } from 'i18next';
import type { HttpClient } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { createT } from '../../i18n/i18n.ts';
import { requestApi, type Shopper } from '../request/requestApi.ts';
import { requestClientAddress } from '../request/requestAddress.ts';
import { sessionOf } from '../sessionStore/session.ts';
import { messageLocale } from '../endpoints/messageLocale.ts';

/**
 * What the shop's own endpoints (src/server/endpoints/defineEndpoint.ts) and the account pages may
 * use of a request: its body, the language its messages are in, the session, the cookies, and the
 * service clients. Narrow on purpose, so the endpoints run in tests with a fake session and fake
 * services.
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
  /** The language messages are written in: `?locale=uk|ru` (src/api/endpointCall.ts sends it), else the path's. */
  locale: Locale;
  /** i18next `t` of that language. */
  t: TFunction;
  /**
   * The shopper's address for the user service's per-address limits (codes, wrong passwords: spec
   * §8 1203), sent as the contract's `clientIp`; without it every shopper would share one limit.
   */
  clientIp: string | null;
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

/** The AuthContext of an Astro endpoint call. */
export function authContext(context: APIContext): AuthContext {
  const locale = messageLocale(context.url, context.locals.locale);

  return {
    request: context.request,
    url: context.url,
    locale,
    t: createT(locale),
    clientIp: requestClientAddress(context.request, () => context.clientAddress),
    session: sessionStore(sessionOf(context)),
    cookies: context.cookies,
    // Astro marks its session cookie Secure in production builds; the hint cookie follows it.
    secureCookies: import.meta.env.PROD,
    clients: {
      anonymous: requestApi(locale),
      forShopper: (shopper) => requestApi(locale, shopper),
    },
  };
}
