import type { z } from 'zod';
import { ApiError, describeIssues, fieldPath } from './apiError.ts';
import { DEFAULT_TIMEOUT_MS, PROJECT_CODE } from './config.ts';
import type { ServiceBaseUrls, ServiceName } from './config.ts';
import { embeddedFetch } from './embedded.ts';
import type { FetchHandler } from './embedded.ts';
import { encodeQuery } from './queryString.ts';
import type { QueryValue } from './queryString.ts';
import { serviceErrorSchema, type Locale } from './schemas/common.ts';
import { currentRequestId, log } from '../log/log.ts';

/**
 * The one transport of the service clients (DESIGN §4; storefront spec §7, accounts spec §7):
 * per-service base URL, the `project` header on every call unless it opts out, the project code in
 * the query and the locale where the call asks for them, indexed-array query
 * strings, a timeout on every exchange, bearer token, and on 401 one shared refresh (throttled to
 * one per 5 s) and one retry. Every failure is an ApiError; every success body is parsed by the
 * call's zod schema.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TokenPair {
  token: string;
  refreshToken: string | null;
}

/** Where the access/refresh tokens live (on the server: the request's HttpOnly cookies). */
export interface TokenStore {
  get(): TokenPair | null;
  /** `null` logs the user out. */
  set(pair: TokenPair | null): void;
}

/** Exchanges a refresh token for a new pair (`POST /public/user/auth/refresh`); rejects on failure. */
export type RefreshTokens = (refreshToken: string) => Promise<{ token: string; refreshToken: string }>;

/**
 * The refresh state of one token family: when the next refresh is allowed and the refresh in
 * flight. Shared by every client that acts for the same shopper (on the server: keyed by the
 * session, see src/server/sessionStore/refreshGates.ts), so parallel requests of one shopper refresh once
 * and a rotating refresh token is never spent twice.
 */
export interface RefreshGate {
  nextRefreshAt: number;
  refreshing: Promise<TokenPair | null> | null;
}

export function createRefreshGate(): RefreshGate {
  return { nextRefreshAt: Number.NEGATIVE_INFINITY, refreshing: null };
}

export interface HttpClientOptions {
  baseUrls: ServiceBaseUrls;
  /** Transport for non-embedded services; defaults to the global fetch. */
  fetch?: FetchHandler;
  locale: Locale;
  /** Default per-exchange timeout; DEFAULT_TIMEOUT_MS when unset. */
  timeoutMs?: number;
  /** Default timeout of GET exchanges (reads), when shorter than `timeoutMs` should apply to them. */
  readTimeoutMs?: number;
  /**
   * A service that timed out or could not be reached fails this client's later calls at once
   * instead of making each wait again: on the server a client serves one request, so one hung
   * service costs a page its time budget once, not once per block.
   */
  failFast?: boolean;
  tokens?: TokenStore;
  refresh?: RefreshTokens;
  /** The shopper's refresh state; a client of its own when unset (fine for one page in a browser). */
  refreshGate?: RefreshGate;
  /** Clock for the refresh throttle; Date.now by default. */
  now?: () => number;
}

export interface ApiCall<S extends z.ZodType> {
  service: ServiceName;
  method: HttpMethod;
  /** Path starting with `/`; interpolated values should go through `encodePath`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Further request headers (e.g. `Idempotency-Key`); the transport's own (auth, content type) win. */
  headers?: Readonly<Record<string, string>>;
  /** Parses the success body; a 204 or empty body is parsed as `undefined`. */
  schema: S;
  /** Send the bearer token (if any) and take part in refresh-and-retry on 401. */
  auth?: boolean;
  /** Add `project=bbs` to the query string (the calls whose spec row lists `project`). */
  project?: boolean;
  /**
   * The `project: bbs` header (accounts spec §6: requests carry it "unless they opt out"). Sent by
   * default; `false` is the per-call opt-out, for the few calls outside the shop's contract with the
   * services (docs/decisions.md "The project header by default").
   */
  projectHeader?: boolean;
  /** Add the client's `locale` to the query string. */
  locale?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface HttpClient {
  readonly locale: Locale;
  request<S extends z.ZodType>(call: ApiCall<S>): Promise<z.output<S>>;
}

/** Spec: "next refresh allowed 5 seconds later". */
export const REFRESH_THROTTLE_MS = 5000;

/**
 * Tagged template that percent-encodes interpolated path segments:
 * encodePath`/public/products/${id}` — a slug like `a/../b` cannot change the route.
 */
export function encodePath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce((path, text, i) => {
    const value = values[i - 1];
    return path + (value === undefined ? '' : encodeURIComponent(String(value))) + text;
  });
}

/**
 * Settles as `promise` does, unless the signal aborts first (or already has): then it rejects with
 * the signal's reason at once, even if `promise` ignores the signal.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- relays the signal's own reason, as fetch does (typed any: a DOMException unless the caller aborted with another)
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // `aborted` first: a signal that had aborted before the call wins even over a settled `promise`.
  return Promise.race([aborted, promise]).finally(() => signal.removeEventListener('abort', onAbort));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error };
  }
}

interface Exchange {
  status: number;
  text: string;
}

/** Creates a client bound to one locale and one token store (on the server: one per request). */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const now = options.now ?? Date.now;
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const networkFetch: FetchHandler = options.fetch ?? ((request) => globalThis.fetch(request));

  const gate = options.refreshGate ?? createRefreshGate();
  const unreachable = new Map<ServiceName, string>();
  const timeoutOf = (call: ApiCall<z.ZodType>) =>
    call.timeoutMs ?? (call.method === 'GET' ? (options.readTimeoutMs ?? defaultTimeout) : defaultTimeout);

  function describe(call: ApiCall<z.ZodType>): string {
    return `${call.method} ${call.path}`;
  }

  function buildUrl(call: ApiCall<z.ZodType>): string {
    const params: Record<string, QueryValue> = { ...call.query };
    if (call.project) params['project'] = PROJECT_CODE;
    if (call.locale) params['locale'] = options.locale;
    const query = encodeQuery(params);
    return `${options.baseUrls[call.service].url}${call.path}${query ? `?${query}` : ''}`;
  }

  function transportFor(call: ApiCall<z.ZodType>): FetchHandler {
    if (!options.baseUrls[call.service].embedded) return networkFetch;
    const registered = embeddedFetch();
    if (registered) return registered;
    throw new ApiError({
      service: call.service,
      call: describe(call),
      status: 0,
      kind: 'network',
      detail:
        'the service is embedded (its *_API_URL is not set) but no in-process services are registered; ' +
        'start the server through its launcher or set the service URL',
    });
  }

  /** One HTTP exchange under its own timeout; the body is read inside the timeout too. */
  async function exchange(call: ApiCall<z.ZodType>, token: string | null): Promise<Exchange> {
    const transport = transportFor(call);
    const earlier = unreachable.get(call.service);
    if (earlier !== undefined) {
      throw new ApiError({
        service: call.service,
        call: describe(call),
        status: 0,
        kind: 'network',
        detail: `not sent: the service failed earlier in this request (${earlier})`,
      });
    }
    const budget = timeoutOf(call);
    const timeout = AbortSignal.timeout(budget);
    const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
    const headers = new Headers(call.headers);
    headers.set('accept', 'application/json');
    if (call.auth && token) headers.set('authorization', `Bearer ${token}`);
    if (call.projectHeader !== false) headers.set('project', PROJECT_CODE);
    // On a server, the request being served: a real service's own logs can be matched with ours.
    const requestId = currentRequestId();
    if (requestId) headers.set('x-request-id', requestId);
    const hasBody = call.body !== undefined;
    if (hasBody) headers.set('content-type', 'application/json');
    try {
      signal.throwIfAborted();
      const request = new Request(buildUrl(call), {
        method: call.method,
        headers,
        signal,
        ...(hasBody ? { body: JSON.stringify(call.body) } : {}),
      });
      return await untilAborted(
        (async () => {
          const response = await transport(request);
          return { status: response.status, text: await response.text() };
        })(),
        signal,
      );
    } catch (error) {
      const base = { service: call.service, call: describe(call), status: 0, cause: error };
      if (timeout.aborted) {
        const detail = `no answer within ${budget} ms`;
        if (options.failFast) unreachable.set(call.service, detail);
        throw new ApiError({ ...base, kind: 'timeout', detail });
      }
      if (call.signal?.aborted) {
        throw new ApiError({ ...base, kind: 'network', detail: 'aborted by the caller' });
      }
      const reason = error instanceof Error ? error.message : String(error);
      if (options.failFast) unreachable.set(call.service, reason);
      throw new ApiError({ ...base, kind: 'network', detail: `request failed: ${reason}` });
    }
  }

  function httpError(call: ApiCall<z.ZodType>, { status, text }: Exchange): ApiError {
    const json = text ? parseJson(text) : null;
    const body = json?.ok ? serviceErrorSchema.safeParse(json.value) : null;
    const service = body?.success ? body.data : null;
    return new ApiError({
      service: call.service,
      call: describe(call),
      status,
      kind: 'http',
      code: service?.code,
      serviceMessage: service?.message,
      body: json?.ok ? json.value : undefined,
      detail: service ? `HTTP ${status} (code ${service.code}: ${service.message})` : `HTTP ${status}`,
    });
  }

  function parseSuccess<S extends z.ZodType>(call: ApiCall<S>, { status, text }: Exchange): z.output<S> {
    const base = { service: call.service, call: describe(call), status, kind: 'parse' as const };
    let value: unknown = undefined;
    if (status !== 204 && text !== '') {
      const json = parseJson(text);
      if (!json.ok) throw new ApiError({ ...base, detail: 'response is not valid JSON', cause: json.error });
      value = json.value;
    }
    const parsed = call.schema.safeParse(value);
    if (!parsed.success) {
      const issues = parsed.error.issues;
      throw new ApiError({
        ...base,
        detail: describeIssues(issues),
        fields: issues.map((issue) => fieldPath(issue.path)),
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /** Starts the one refresh; concurrent callers share its promise. Failure logs the user out. */
  function startRefresh(tokens: TokenStore, refresh: RefreshTokens, refreshToken: string): Promise<TokenPair | null> {
    gate.nextRefreshAt = now() + REFRESH_THROTTLE_MS;
    const run = (async (): Promise<TokenPair | null> => {
      try {
        const fresh = await refresh(refreshToken);
        const pair: TokenPair = { token: fresh.token, refreshToken: fresh.refreshToken };
        tokens.set(pair);
        return pair;
      } catch {
        tokens.set(null);
        return null;
      }
    })();
    gate.refreshing = run;
    void run.then(() => {
      if (gate.refreshing === run) gate.refreshing = null;
    });
    return run;
  }

  /**
   * After a 401 on a call sent with `sentToken`: the token to retry with, or null to give up.
   * - a refresh in flight: wait for it and retry with its token;
   * - a newer token than the one sent (someone refreshed meanwhile): retry with it;
   * - refresh token present and the throttle passed: refresh, then retry;
   * - within 5 s of the last refresh with the same token: give up (spec: refresh only once the
   *   last refresh time has passed; retrying a token that just failed would only repeat the 401).
   */
  async function tokenForRetry(sentToken: string | null): Promise<string | null> {
    const { tokens, refresh } = options;
    if (!tokens) return null;
    if (gate.refreshing) return (await gate.refreshing)?.token ?? null;
    const current = tokens.get();
    if (!current) return null;
    if (current.token !== sentToken) return current.token;
    if (!current.refreshToken || !refresh) return null;
    if (now() < gate.nextRefreshAt) return null;
    return (await startRefresh(tokens, refresh, current.refreshToken))?.token ?? null;
  }

  /**
   * Issue 26: a failed call is logged with the service, the route (path without the query, which
   * may hold personal data), its outcome and the time spent, refresh and retry included; the
   * server's sink adds the request id. A refusal of the contract (a 4xx: not found, a wrong code)
   * is the caller's to handle and is logged at debug only.
   */
  async function request<S extends z.ZodType>(call: ApiCall<S>): Promise<z.output<S>> {
    const started = performance.now();
    try {
      return await attempt(call);
    } catch (error) {
      if (error instanceof ApiError) {
        const refusal = error.kind === 'http' && error.status >= 400 && error.status < 500;
        log.event(
          refusal ? 'debug' : 'warn',
          {
            service: call.service,
            route: `${call.method} ${call.path}`,
            outcome: error.kind,
            status: error.status,
            durationMs: Math.round(performance.now() - started),
          },
          `service call failed: ${call.service} ${call.method} ${call.path} (${error.kind}${error.status ? ` ${error.status}` : ''})`,
        );
      }
      throw error;
    }
  }

  async function attempt<S extends z.ZodType>(call: ApiCall<S>): Promise<z.output<S>> {
    const sentToken = call.auth ? (options.tokens?.get()?.token ?? null) : null;
    let answer = await exchange(call, sentToken);
    if (answer.status === 401 && call.auth && sentToken !== null) {
      const original = httpError(call, answer);
      const retryToken = await tokenForRetry(sentToken);
      if (retryToken === null) throw original;
      answer = await exchange(call, retryToken);
    }
    if (answer.status < 200 || answer.status > 299) throw httpError(call, answer);
    return parseSuccess(call, answer);
  }

  return { locale: options.locale, request };
}
