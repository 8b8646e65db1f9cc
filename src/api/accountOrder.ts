import { callEndpoint, type EndpointResult } from './endpointCall.ts';
import type { Locale } from './schemas/common.ts';
import { orderSchema, type Order, type OrderPayload } from './schemas/order.ts';

/**
 * The signed-in checkout's order, from the browser to the storefront's own endpoint
 * (`POST /api/account/order`, src/server/account/orderFlows.ts), which places it with the session's
 * bearer (`POST /public/order`): the browser never holds a token. Over the shop's one endpoint
 * caller: the order, or the endpoint's refusal, which is the order service's own error body where
 * the service refused (the same envelope), so the checkout reads both the same way.
 */
export const ACCOUNT_ORDER_PATH = '/api/account/order';

/** Places the order with the submission's `Idempotency-Key` (the same on every retry: one order). */
export const postAccountOrder = (
  payload: OrderPayload,
  idempotencyKey: string,
  locale: Locale,
  timeoutMs: number,
): Promise<EndpointResult<Order>> =>
  callEndpoint(ACCOUNT_ORDER_PATH, orderSchema, {
    body: payload,
    locale,
    headers: { 'Idempotency-Key': idempotencyKey },
    timeoutMs,
  });
