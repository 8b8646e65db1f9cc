import { perService } from './config.ts';
import { createHttpClient } from './http.ts';
import type { HttpClient } from './http.ts';
import type { CallOptions } from './search.ts';
import { postOrder } from './order.ts';
import type { Locale } from './schemas/common.ts';
import type { Order, OrderPayload } from './schemas/order.ts';

/**
 * The signed-in checkout's order call, from the browser to the storefront's own endpoint
 * (`POST /api/account/order`, src/server/account/orderFlows.ts), which places it with the session's
 * bearer (`POST /public/order`): the browser never holds a token. The endpoint answers exactly as
 * the order service does (the order, or orderErrorSchema with the service's status), so it is
 * addressed as the order service at another base: `orderErrorOf`, the retry rules and the
 * checkout's refusal handling read it unchanged. The session cookie rides along (same origin).
 */
export const ACCOUNT_ORDER_PATH = '/api/account/order';

const clients = new Map<Locale, HttpClient>();

/** One client per locale for the page's lifetime, at the shop's own origin. */
export function accountOrderApi(origin: string, locale: Locale): HttpClient {
  let client = clients.get(locale);
  if (!client) {
    const base = ACCOUNT_ORDER_PATH.slice(0, ACCOUNT_ORDER_PATH.lastIndexOf('/'));
    client = createHttpClient({ baseUrls: perService(() => ({ url: `${origin}${base}`, embedded: false })), locale });
    clients.set(locale, client);
  }
  return client;
}

/** `POST /api/account/order?locale` with `Idempotency-Key`: as createAnonymousOrder, for the session's shopper. */
export function createAccountOrder(
  client: HttpClient,
  payload: OrderPayload,
  idempotencyKey: string,
  opts: CallOptions = {},
): Promise<Order> {
  return postOrder(
    client,
    ACCOUNT_ORDER_PATH.slice(ACCOUNT_ORDER_PATH.lastIndexOf('/')),
    payload,
    idempotencyKey,
    opts,
  );
}
