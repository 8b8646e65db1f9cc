import { createHttpClient, type HttpClient, type RefreshTokens, type TokenStore } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { serviceUrls } from '../config.ts';
import { refreshGates } from './refreshGates.ts';

/** A signed-in shopper on whose behalf a request calls the services (the accounts issue fills it in). */
export interface Shopper {
  /** The session that holds the shopper's tokens; their refresh is single-flight per session. */
  sessionId: string;
  tokens: TokenStore;
  refresh: RefreshTokens;
}

/**
 * The one service client of a request (DESIGN §7), built by the middleware and handed to loaders
 * as `locals.api`: the request's locale, and for a signed-in shopper their tokens with the
 * refresh gate of their session. Anonymous requests (every public page) carry no token.
 */
export function requestApi(locale: Locale, shopper?: Shopper): HttpClient {
  if (!shopper) return createHttpClient({ baseUrls: serviceUrls, locale });
  return createHttpClient({
    baseUrls: serviceUrls,
    locale,
    tokens: shopper.tokens,
    refresh: shopper.refresh,
    refreshGate: refreshGates.forSession(shopper.sessionId),
  });
}
