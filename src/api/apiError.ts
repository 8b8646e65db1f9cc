import type { z } from 'zod';
import type { ServiceName } from './config.ts';

/**
 * The one error type of the service clients (DESIGN §4, §9): it says which service, which call,
 * the HTTP status and, for a response that failed its schema, which fields were wrong.
 *
 * - `http`: the service answered with a non-2xx status (`code` from its `{code, message}` body).
 * - `timeout`: no complete answer within the call's timeout.
 * - `network`: the request could not be made (connection refused, DNS, embedded services not
 *   registered, or the caller aborted it).
 * - `parse`: the body was not JSON or did not match the call's schema.
 */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'parse';

export interface ApiErrorInit {
  service: ServiceName;
  /** Method and path without the query string, e.g. `GET /public/products`. */
  call: string;
  /** HTTP status, or 0 when there was no response. */
  status: number;
  kind: ApiErrorKind;
  /** What went wrong, appended to `service call: `. */
  detail: string;
  code?: number | undefined;
  /** Service error message from the body, if any. */
  serviceMessage?: string | undefined;
  /** Failing field paths of a schema mismatch (`items.3.title`). */
  fields?: readonly string[] | undefined;
  /** An `http` error's JSON body as the service sent it (a call's own error schema reads more of it). */
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly service: ServiceName;
  readonly call: string;
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly code: number | undefined;
  readonly serviceMessage: string | undefined;
  readonly fields: readonly string[];
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(`${init.service} ${init.call}: ${init.detail}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.service = init.service;
    this.call = init.call;
    this.status = init.status;
    this.kind = init.kind;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.fields = init.fields ?? [];
    this.body = init.body;
  }
}

/** Narrows an unknown rejection to ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** `['items', 3, 'title']` -> `items.3.title`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'symbol' ? (key.description ?? '?') : String(key))).join('.');
}

/** zod's generic prefix of its own messages; the spec's messages (set on the schemas) have none. */
const GENERIC_PREFIX = /^Invalid input: /;

/**
 * A failed parse of a body as the fields at fault, the contract's refusal shape
 * (`{ field, message }`, the root being `body`): the one way every endpoint of the shop and of the
 * embedded services names what was wrong with what it was sent.
 */
export function issueFields(issues: readonly z.core.$ZodIssue[]): { field: string; message: string }[] {
  return issues.map((issue) => ({
    field: issue.path.length === 0 ? 'body' : fieldPath(issue.path),
    message: issue.message.replace(GENERIC_PREFIX, ''),
  }));
}

const MAX_LISTED_ISSUES = 3;

/**
 * One readable line for a failed parse of a `subject` (a service's response, a request body):
 * `response field items.3.title: expected string, received number`. Lists the first few issues and
 * counts the rest; zod's generic "Invalid input: " prefix is dropped. The services answer a bad
 * request body with the same line (subject `request`), so both sides word a broken payload alike.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], subject = 'response'): string {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => {
    const message = issue.message.replace(GENERIC_PREFIX, '');
    return issue.path.length === 0
      ? `${subject} body: ${message}`
      : `${subject} field ${fieldPath(issue.path)}: ${message}`;
  });
  const more = issues.length - listed.length;
  return more > 0 ? `${listed.join('; ')} (and ${more} more)` : listed.join('; ');
}
