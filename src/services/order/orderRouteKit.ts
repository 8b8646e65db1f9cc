import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { isIdempotencyKey } from '../../api/idempotencyKey.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import type { ServiceErrorBody } from '../../api/schemas/common.ts';
import { answerProblem, invalidFields, notFound, OrderProblem } from './orderProblem.ts';

/**
 * What the order service's routes share (orderApp.ts, customerRoutes.ts): body limits, answers that
 * no shared cache keeps, the contract's error bodies, the Idempotency-Key header and path params.
 */

export const localeQuerySchema = z.object({ locale: localeSchema.default('ru') });

/** A basket of 100 lines with 10 codes is ~10 KB of JSON; anything far beyond is not a basket. */
export const BASKET_CHECK_BYTES = 64 * 1024;
/** An order is a basket with a name and an address. */
export const ORDER_BYTES = 64 * 1024;
/** A payment or a certificate purchase is a few fields. */
export const SMALL_BYTES = 4 * 1024;

/** An order's, a purchase's or a payment's hash as this service makes them (newHash: 22 URL-safe characters). */
const hashParamSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** Nobody's order, payment or stock may be kept by a shared cache. */
export function personal(c: Context): void {
  c.header('Cache-Control', 'no-store');
}

export function limit(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      const body: ServiceErrorBody = { code: 413, message: `The body is larger than ${maxSize} bytes` };
      return c.json(body, 413);
    },
  });
}

/** Answers an OrderProblem thrown by `handler` as the contract's error body. */
export function answering(handler: (c: Context) => Response | Promise<Response>) {
  return async (c: Context): Promise<Response> => {
    personal(c);
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof OrderProblem) return answerProblem(c, error);
      throw error;
    }
  };
}

export async function readJson(c: Context): Promise<unknown> {
  try {
    const body: unknown = await c.req.json();
    return body;
  } catch {
    throw invalidFields([{ field: 'body', message: 'The body must be JSON' }]);
  }
}

/** The hash of a path, or a 404: a number or a guess reads nothing, and says nothing of what exists. */
export function hashParam(c: Context, what: string): string {
  const parsed = hashParamSchema.safeParse(c.req.param('hash'));
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

/** The Idempotency-Key header when given (a malformed one is a 400), null when absent. */
export function optionalKey(c: Context): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!isIdempotencyKey(key)) throw missingKey();
  return key;
}

/** Order creation needs the Idempotency-Key (DESIGN §7: one order per intent). */
export function requiredKey(c: Context): string {
  const key = optionalKey(c);
  if (key === null) throw missingKey();
  return key;
}

function missingKey(): OrderProblem {
  return invalidFields([
    {
      field: 'Idempotency-Key',
      message: 'An Idempotency-Key header of 16–128 characters (A–Z, a–z, 0–9, _ . : -) is required, e.g. a UUID',
    },
  ]);
}
