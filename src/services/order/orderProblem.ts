import type { Context } from 'hono';
import type { z } from 'zod';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import type { OrderError } from '../../api/schemas/order.ts';
import { issueFields } from '../../api/apiError.ts';
import { FieldedProblem } from '../http/fieldProblem.ts';
import type { FieldProblem } from '../http/fieldProblem.ts';

export type { FieldProblem };

/**
 * Why the order service refuses a request, as the contract's `orderErrorSchema` says it: a code, a
 * message and, for what the shopper can fix, the field and its message (`items.0.quantity`,
 * `phone`…). Thrown by the order, payment and certificate handlers and answered by `answerProblem`;
 * thrown inside a transaction it rolls the transaction back too.
 */
export class OrderProblem extends FieldedProblem {
  override readonly name = 'OrderProblem';
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

/** Parses `input` with `schema`, or throws a 400 naming every bad field. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidFields(issueFields(result.error.issues), `Invalid ${what}`);
  return result.data;
}

/** The problem as the contract's error body, with Retry-After for a 503 that can be retried. */
export function answerProblem(c: Context, problem: OrderProblem): Response {
  const body: OrderError = { code: problem.code, message: problem.message, fields: [...problem.fields] };
  if (problem.retryAfter !== null) c.header('Retry-After', String(problem.retryAfter));
  return c.json(body, problem.status);
}
