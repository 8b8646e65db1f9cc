import type { Locale } from './schemas/common.ts';
import type { EndpointRefusal, FieldProblem } from './schemas/endpoint.ts';

/**
 * The one browser caller of the shop's own endpoints (DESIGN §7b): same origin, the session cookie
 * rides along, no token is ever sent or received. Every answer comes back as a result, never a
 * throw: the success body read by the caller's reader, or the refusal envelope
 * (src/api/schemas/endpoint.ts) with the status, or a refusal of code 0 when the endpoint's own
 * answer never came (offline, a timeout, a body that is neither).
 *
 * No zod at run time here: the hearts' script loads this module for a signed-in shopper on every
 * listing and stays a few hundred bytes (DESIGN §6), so the envelope is read by the check below and
 * the success body by the caller's reader: a zod schema where the caller has zod anyway (the auth
 * modal, the checkout), a small reader of the same shape where it has not (the hearts).
 */

/** Reads a success body: a zod schema fits, as does any object with the same `safeParse`. */
export interface AnswerReader<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/**
 * How a call failed, in the service transport's words (src/api/apiError.ts), so a caller's retry
 * rules read both alike: `http` the endpoint answered with an error status, `timeout` and `network`
 * no answer, `parse` a success status whose body was not the answer.
 */
export type EndpointFailureKind = 'http' | 'timeout' | 'network' | 'parse';

export interface EndpointFailure {
  ok: false;
  kind: EndpointFailureKind;
  /** The HTTP status; 0 without an answer. */
  status: number;
  /** The endpoint's refusal; code 0 when it sent none (then `message` is a technical detail). */
  refusal: EndpointRefusal;
}

export type EndpointResult<T> = { ok: true; value: T } | EndpointFailure;

export interface EndpointCallInit {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** The language the endpoint words its messages in (`?locale=`): the page's. */
  locale?: Locale;
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
}

/** Long enough for a slow phone; a call that waits longer is better told it failed. */
const DEFAULT_TIMEOUT_MS = 15_000;

const isText = (value: unknown): value is string => typeof value === 'string';

/** `value[key]` of a JSON object, undefined for anything else. */
const at = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;

const isProblem = (value: unknown): value is FieldProblem => isText(at(value, 'field')) && isText(at(value, 'message'));

/** The refusal envelope in `value`, or null: the same rule as endpointRefusalSchema (tests/unit/endpointCall.test.ts). */
export function readRefusal(value: unknown): EndpointRefusal | null {
  const code = at(value, 'code');
  const message = at(value, 'message');
  const fields = at(value, 'fields');
  if (typeof code !== 'number' || !Number.isSafeInteger(code) || !isText(message)) return null;
  if (!Array.isArray(fields) || !fields.every(isProblem)) return null;
  return { code, message, fields: fields.map(({ field, message: text }) => ({ field, message: text })) };
}

const failure = (kind: EndpointFailureKind, status: number, detail: string): EndpointFailure => ({
  ok: false,
  kind,
  status,
  refusal: { code: 0, message: detail, fields: [] },
});

/** Calls the shop's endpoint at `path` (GET unless told) and reads its answer. */
export async function callEndpoint<T>(
  path: string,
  reader: AnswerReader<T>,
  init: EndpointCallInit = {},
): Promise<EndpointResult<T>> {
  const hasBody = init.body !== undefined;
  const query = init.locale === undefined ? '' : `${path.includes('?') ? '&' : '?'}locale=${init.locale}`;
  let response: Response;
  try {
    response = await fetch(path + query, {
      method: init.method ?? (hasBody ? 'POST' : 'GET'),
      headers: {
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(init.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      ...(hasBody ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return failure(timedOut ? 'timeout' : 'network', 0, error instanceof Error ? error.message : 'network error');
  }
  let json: unknown;
  try {
    json = response.status === 204 ? null : await response.json();
  } catch {
    // Cut off mid-body or not JSON (a proxy's error page): no answer of the endpoint.
    return failure(response.ok ? 'parse' : 'http', response.status, `HTTP ${response.status}`);
  }
  if (response.ok) {
    const read = reader.safeParse(json);
    return read.success ? { ok: true, value: read.data } : failure('parse', response.status, 'bad answer');
  }
  const refusal = readRefusal(json);
  if (refusal === null) return failure('http', response.status, `HTTP ${response.status}`);
  return { ok: false, kind: 'http', status: response.status, refusal };
}
