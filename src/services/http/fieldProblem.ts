import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A refusal that names fields, as the order and user services' contracts answer it: a code, a
 * message, the fields the caller must fix (`items.0.quantity`, `phone`…) and, for a request that
 * may be repeated later, Retry-After. Each service subclasses it (its own name, codes and answer),
 * so one service's handlers never catch another's refusals.
 */

export interface FieldProblem {
  field: string;
  message: string;
}

export class FieldedProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: number;
  readonly fields: readonly FieldProblem[];
  /** Seconds until the request may be repeated (a 429, or a 503 the client may retry). */
  readonly retryAfter: number | null;

  constructor(
    status: ContentfulStatusCode,
    code: number,
    message: string,
    fields: readonly FieldProblem[] = [],
    retryAfter: number | null = null,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }
}
