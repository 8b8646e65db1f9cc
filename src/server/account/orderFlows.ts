import { fieldPath, isApiError } from '../../api/apiError.ts';
import { isIdempotencyKey } from '../../api/idempotencyKey.ts';
import { createCustomerOrder, orderErrorOf } from '../../api/order.ts';
import { ORDER_ERROR, orderPayloadSchema } from '../../api/schemas/order.ts';
import type { OrderError } from '../../api/schemas/order.ts';
import type { AuthContext } from '../session/authContext.ts';
import { isSameOriginRequest } from '../http/sameOrigin.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';

/**
 * `POST /api/account/order`: the signed-in checkout's order (storefront spec §6: signed-in shoppers
 * use `POST /public/order`). The browser never holds a token, so the island cannot call the order
 * service itself: this endpoint takes the same body and `Idempotency-Key`, calls the service with
 * the session's shopper client (their bearer, one refresh on a 401) and answers as the service
 * does: the order, or the service's error body (orderErrorSchema) with its status. So the checkout
 * reads both endpoints with the same code, retries with the same key and makes one order.
 */

/** An order is a basket with a name and an address: the order service takes up to 64 KB too. */
const MAX_BODY_BYTES = 64 * 1024;
/** Seconds before the checkout may try again when a service cannot answer (the order service's own). */
const RETRY_AFTER_SECONDS = 5;

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

function answer(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

function refusal(status: number, message: string, fields: OrderError['fields'] = []): Response {
  const body: OrderError = { code: status, message, fields };
  return answer(body, status);
}

/** The body as JSON within the limit, or null (not JSON, too large, unreadable). */
async function readBody(request: Request): Promise<unknown> {
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_BODY_BYTES) return null;
  const text = await request.text().catch(() => null);
  if (text === null || text.length > MAX_BODY_BYTES) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return null;
  }
}

function unavailable(ctx: AuthContext): Response {
  const body: OrderError = { code: ORDER_ERROR.unavailable, message: ctx.t('orderHistory.unavailable'), fields: [] };
  return answer(body, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
}

/** `POST /api/account/order?locale` with `Idempotency-Key` and the order payload (src/api/schemas/order.ts). */
export async function accountOrderFlow(ctx: AuthContext): Promise<Response> {
  // DESIGN §7: a state-changing JSON endpoint answers only the shop's own pages.
  if (!isSameOriginRequest(ctx.request, ctx.url)) return refusal(403, ctx.t('authErrors.generic'));
  const shopper = await shopperClient(ctx);
  if (!shopper) return refusal(401, ctx.t('orderHistory.signInAgain'));
  const key = ctx.request.headers.get('Idempotency-Key');
  // A refusal of what was sent says which field is wrong, in the shopper's language; never "authorization".
  if (!isIdempotencyKey(key)) {
    return refusal(400, ctx.t('accountErrors.check'), [
      { field: 'Idempotency-Key', message: 'An Idempotency-Key header of 16–128 characters is required' },
    ]);
  }
  const raw = await readBody(ctx.request);
  const parsed = orderPayloadSchema.safeParse(raw);
  if (!parsed.success) {
    // The island validates by the same rules first; what reaches here malformed is not the island's.
    const fields =
      raw === null
        ? [{ field: 'body', message: 'The body must be JSON of at most 64 KB' }]
        : parsed.error.issues.map((issue) => ({
            field: issue.path.length === 0 ? 'body' : fieldPath(issue.path),
            message: issue.message,
          }));
    return refusal(400, ctx.t('accountErrors.check'), fields);
  }
  try {
    const order = await createCustomerOrder(shopper.api, parsed.data, key);
    return answer(order, 200);
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.kind === 'http' && error.status === 401) {
      // The refresh could not cure it: the session's tokens are dead, as the profile page decides.
      await signOut(ctx);
      return refusal(401, ctx.t('orderHistory.signInAgain'));
    }
    const refused = orderErrorOf(error);
    // The service's own refusal (400 fields, 409 basket changed, 422 key reused) goes to the island as is.
    if (refused !== null && error.status >= 400 && error.status < 500) return answer(refused, error.status);
    console.error('[account] a signed-in order could not be placed:', error.message);
    return unavailable(ctx);
  }
}
