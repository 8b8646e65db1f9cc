import { createHttpClient, type HttpClient, type RefreshTokens, type TokenStore } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { serviceUrls } from '../config.ts';
import { CRITICAL_READ_TIMEOUT_MS } from './criticalRead.ts';
import { refreshGates } from '../sessionStore/refreshGates.ts';
import { withServiceMetrics } from '../metrics/serviceCallMetrics.ts';

/** Every read of a page render has the critical reads' budget. */
const PAGE_READ_TIMEOUT_MS = CRITICAL_READ_TIMEOUT_MS;

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
  // Issue 13: a page answers within about a second even when a service hangs. Reads wait at most
  // PAGE_READ_TIMEOUT_MS each, and a service that failed once is not asked again in this request,
  // so the optional blocks and the layout's menu vanish at once instead of each waiting.
  const budget = { readTimeoutMs: PAGE_READ_TIMEOUT_MS, failFast: true };
  if (!shopper) return withServiceMetrics(createHttpClient({ baseUrls: serviceUrls, locale, ...budget }));
  return withServiceMetrics(
    createHttpClient({
      baseUrls: serviceUrls,
      locale,
      ...budget,
      tokens: shopper.tokens,
      refresh: shopper.refresh,
      refreshGate: refreshGates.forSession(shopper.sessionId),
    }),
  );
}
