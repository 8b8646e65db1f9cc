import { log } from '../../log/log.ts';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServiceErrorBody } from '../../api/schemas/common.ts';
import { hasBearerToken } from '../../api/bearerToken.ts';
import { ServiceError } from './serviceApp.ts';

/** The write APIs of the embedded services (`/admin/*`): the CMS editor API and the search admin API. */
export interface AdminGuard {
  /** The bearer token callers send. Unset or empty: every admin call is refused with 401. */
  token: string | undefined;
  /** `WWW-Authenticate` realm. */
  realm: string;
  /** The environment variable holding the token, named in the 401 message. */
  tokenVariable: string;
  /** Largest accepted request body. */
  requestBytes: number;
}

/**
 * Guards `/admin/*` of `app`: the bearer token first (before the body is read, so a stranger
 * learns nothing, not even the size limit), then the body size; answers are never cached.
 */
export function guardAdminRoutes(app: Hono, guard: AdminGuard): void {
  app.use('/admin/*', async (c, next) => {
    if (!hasBearerToken(c.req.header('Authorization'), guard.token)) {
      c.header('WWW-Authenticate', `Bearer realm="${guard.realm}"`);
      const message = guard.token
        ? `A valid token is required (Authorization: Bearer <${guard.tokenVariable}>)`
        : `This API is disabled: no token is configured (${guard.tokenVariable})`;
      const body: ServiceErrorBody = { code: 401, message };
      return c.json(body, 401);
    }
    c.header('Cache-Control', 'no-store');
    return next();
  });
  app.use(
    '/admin/*',
    bodyLimit({
      maxSize: guard.requestBytes,
      onError: (c) => {
        const body: ServiceErrorBody = { code: 413, message: `The body is larger than ${guard.requestBytes} bytes` };
        return c.json(body, 413);
      },
    }),
  );
}

/** The request body as JSON, or a 400. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    const body: unknown = await c.req.json();
    return body;
  } catch {
    throw new ServiceError(400, 'The body must be JSON');
  }
}

/**
 * Wraps a change hook (the storefront's revalidation): awaited so the caller's answer comes after
 * the cache was told, but bounded by `timeoutMs`, and a failure is logged, never thrown — the change
 * itself is already committed.
 */
export function changeNotifier<C extends { tags: readonly string[] }>(
  service: string,
  hook: ((change: C) => void | Promise<void>) | undefined,
  timeoutMs: number,
): (change: C) => Promise<void> {
  return async (change) => {
    if (!hook) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      await Promise.race([(async () => hook(change))(), timeout]);
    } catch (error) {
      log.error(
        `[${service}] change hook failed for ${change.tags.join(', ')}:`,
        error instanceof Error ? error.message : error,
      );
    } finally {
      clearTimeout(timer);
    }
  };
}
