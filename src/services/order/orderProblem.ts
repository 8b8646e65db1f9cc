import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import type { OrderError } from '../../api/schemas/order.ts';
import { fieldPath } from '../../api/apiError.ts';

/**
 * Why the order service refuses a request, as the contract's `orderErrorSchema` says it: a code, a
 * message and, for what the shopper can fix, the field and its message (`items.0.quantity`,
 * `phone`…). Thrown by the order, payment and certificate handlers and answered by `answerProblem`;
 * thrown inside a transaction it rolls the transaction back too.
 */
export interface FieldProblem {
  field: string;
  message: string;
}

export class OrderProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: number;
  readonly fields: readonly FieldProblem[];
  /** Seconds, for a 503 the client may retry. */
  readonly retryAfter: number | null;

  constructor(
    status: ContentfulStatusCode,
    code: number,
    message: string,
    fields: readonly FieldProblem[] = [],
    retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'OrderProblem';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }
}

/** A 400 naming each field the shopper must fix. */
export function invalidFields(fields: readonly FieldProblem[], message = 'Invalid request'): OrderProblem {
  const named = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new OrderProblem(400, ORDER_ERROR.invalid, `${message}: ${named}`, fields);
}

export function notFound(what: string): OrderProblem {
  return new OrderProblem(404, ORDER_ERROR.notFound, `${what} not found`);
}

/** Seconds a client should wait before retrying while the catalogue or the delivery service cannot be read. */
export const RETRY_AFTER_SECONDS = 5;

export function unavailable(what: string): OrderProblem {
  return new OrderProblem(
    503,
    ORDER_ERROR.unavailable,
    `${what} cannot be read now; try again shortly`,
    [],
    RETRY_AFTER_SECONDS,
  );
}

/** zod's issues as fields: its generic "Invalid input: " prefix dropped, the spec's messages kept as they are. */
export function zodFields(issues: readonly z.core.$ZodIssue[]): FieldProblem[] {
  return issues.map((issue) => ({
    field: issue.path.length === 0 ? 'body' : fieldPath(issue.path),
    message: issue.message.replace(/^Invalid input: /, ''),
  }));
}

/** Parses `input` with `schema`, or throws a 400 naming every bad field. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidFields(zodFields(result.error.issues), `Invalid ${what}`);
  return result.data;
}

/** The problem as the contract's error body, with Retry-After for a 503 that can be retried. */
export function answerProblem(c: Context, problem: OrderProblem): Response {
  const body: OrderError = { code: problem.code, message: problem.message, fields: [...problem.fields] };
  if (problem.retryAfter !== null) c.header('Retry-After', String(problem.retryAfter));
  return c.json(body, problem.status);
}
