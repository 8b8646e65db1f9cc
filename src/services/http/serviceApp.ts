import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { describeIssues } from '../../api/apiError.ts';
import type { Health, ServiceErrorBody } from '../../api/schemas/common.ts';

export type ServiceName = 'search' | 'user' | 'content' | 'order' | 'delivery';

/** An error a handler throws on purpose; answered as `{ code, message }` with `status`. */
export class ServiceError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: number;
  /** Seconds, sent as Retry-After (a 503 the client may retry). */
  readonly retryAfter: number | null;

  constructor(status: ContentfulStatusCode, message: string, code: number = status, retryAfter: number | null = null) {
    super(message);
    this.name = 'ServiceError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** Parses `input` with `schema` or throws a 400 ServiceError naming the bad fields. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new ServiceError(400, `Invalid ${what}: ${describeIssues(result.error.issues, 'request')}`);
  return result.data;
}

function errorBody(code: number, message: string): ServiceErrorBody {
  return { code, message };
}

function answerError(error: unknown, c: Context): Response {
  if (error instanceof ServiceError) {
    if (error.retryAfter !== null) c.header('Retry-After', String(error.retryAfter));
    return c.json(errorBody(error.code, error.message), error.status);
  }
  if (error instanceof HTTPException)
    return c.json(errorBody(error.status, error.message || 'Request failed'), error.status);
  // Anything else is our bug: log it with the stack, answer without one.
  log.error(`[${c.req.method} ${c.req.path}]`, error);
  report(error, { failure: 'service' });
  return c.json(errorBody(500, 'Internal error'), 500);
}

/**
 * A Hono app with what every embedded service shares: `GET /health`, JSON errors
 * (`serviceErrorSchema`) and a JSON 404 for unknown routes.
 */
export function createServiceApp(name: ServiceName): Hono {
  const app = new Hono();
  app.get('/health', (c) => {
    const body: Health = { service: name, status: 'ok' };
    return c.json(body);
  });
  app.notFound((c) => c.json(errorBody(404, `No route ${c.req.method} ${c.req.path}`), 404));
  app.onError(answerError);
  return app;
}
