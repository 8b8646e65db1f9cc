import { isApiError } from './apiError.ts';
import { PROJECT_CODE } from './config.ts';
import { encodePath } from './http.ts';
import type { HttpClient } from './http.ts';
import { basketCheckResponseSchema } from './schemas/basket.ts';
import type { BasketCheckRequest, BasketCheckResponse } from './schemas/basket.ts';
import {
  certificateOrderSchema,
  certificatePurchaseAnswerSchema,
  newPaymentSchema,
  orderErrorSchema,
  orderClaimSchema,
  orderListSchema,
  orderSchema,
  paymentCheckoutSchema,
} from './schemas/order.ts';
import type {
  CertificateOrder,
  CertificatePurchase,
  NewPayment,
  NewPaymentRequest,
  OneClickOrderPayload,
  Order,
  OrderError,
  OrderClaim,
  OrderList,
  OrderListQuery,
  OrderPayload,
  PaymentCheckout,
} from './schemas/order.ts';
import type { CallOptions } from './search.ts';

/**
 * Typed calls of the order service (storefront spec §7 "Order service"; wire shapes in
 * schemas/basket.ts and schemas/order.ts). Every failure is an ApiError: `orderErrorOf(error)`
 * reads the service's per-field messages from a refused call. Codes (schemas/order.ts ORDER_ERROR):
 * 400 bad field(s), 404 not found, 409 with 4091 the basket changed (stock, gift, code), 4092
 * already paid, 4093 not paid online, 422 an Idempotency-Key reused for another body, 503 the
 * catalogue or the delivery service cannot be read now (Retry-After), 5031 no bank configured.
 */

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}

/** The basket check's body without `project`: the client adds the shop's code. */
export type BasketCheckInput = Omit<BasketCheckRequest, 'project'>;

/**
 * `POST /public/basket/check?locale`: the service re-prices the lines from the catalogue, limits
 * them to stock (less what placed orders hold), judges promo codes, certificates and chosen gifts,
 * and (with `withDeliveryList`) answers the city's delivery methods; messages come in the client's
 * locale. The answer is parsed with the contract's schema. A 400 names the bad field; a 503 (with
 * Retry-After) means the catalogue cannot be read now: keep the basket as it is and check again later.
 */
export function checkBasket(
  client: HttpClient,
  request: BasketCheckInput,
  opts: CallOptions = {},
): Promise<BasketCheckResponse> {
  return client.request({
    service: 'order',
    method: 'POST',
    path: '/public/basket/check',
    locale: true,
    body: { ...request, project: PROJECT_CODE },
    schema: basketCheckResponseSchema,
    ...callOptions(opts),
  });
}

/**
 * The shape of every order-placing call: a POST with the `Idempotency-Key` (the same key on every
 * retry of one submission), answered by the order. `auth`: the client's bearer goes along.
 */
export function postOrder(
  client: HttpClient,
  path: string,
  body: OrderPayload | OneClickOrderPayload,
  idempotencyKey: string,
  { auth = false, ...opts }: CallOptions & { auth?: boolean } = {},
): Promise<Order> {
  return client.request({
    service: 'order',
    method: 'POST',
    path,
    locale: true,
    ...(auth ? { auth: true } : {}),
    headers: { 'Idempotency-Key': idempotencyKey },
    body,
    schema: orderSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/anon/order?locale` with `Idempotency-Key`: places an anonymous order and answers it
 * (201), or answers the order this key already placed with the same payload (200): make one key per
 * submission intent (a UUID when the checkout form is shown or changed) and send it again on a retry
 * or a second click. Errors: 400 with fields (the spec's messages: phone, pay in parts …), 409/4091
 * naming the lines short of stock (`items.N.quantity`), gifts or codes that no longer apply, 422 the
 * key was used for another payload, 503 try again later.
 */
export function createAnonymousOrder(
  client: HttpClient,
  payload: OrderPayload,
  idempotencyKey: string,
  opts: CallOptions = {},
): Promise<Order> {
  return postOrder(client, '/public/anon/order', payload, idempotencyKey, opts);
}

/**
 * `POST /public/anon/order/one-click?locale` with `Idempotency-Key`: a phone and the lines; the
 * shop calls back to agree delivery and payment (the order reads `kind: 'one-click'`, no delivery
 * or payment). Stock is reserved like any order's. Errors as `createAnonymousOrder`.
 */
export function createOneClickOrder(
  client: HttpClient,
  payload: OneClickOrderPayload,
  idempotencyKey: string,
  opts: CallOptions = {},
): Promise<Order> {
  return postOrder(client, '/public/anon/order/one-click', payload, idempotencyKey, opts);
}

/**
 * `GET /public/anon/order/{hash}?locale`: an order by its hash (the thank-you and order pages);
 * the delivery address comes in the client's locale. An unknown or malformed hash is a 404 (a
 * number never reads an order).
 */
export function getAnonymousOrder(client: HttpClient, hash: string, opts: CallOptions = {}): Promise<Order> {
  return client.request({
    service: 'order',
    method: 'GET',
    path: encodePath`/public/anon/order/${hash}`,
    locale: true,
    schema: orderSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/payment/new/{hash}`: a new payment at the bank for an order (or a certificate
 * purchase) paid online; send the shopper to `paymentUrl`. The bank sends them back to
 * `returnUrl?payment=<paymentHash>`: `returnUrl` must be a path of the shop (`/order/<hash>`,
 * `/ua/order/<hash>`), else 400. A new payment replaces a pending one; a declined one may be
 * retried. Errors: 404, 4092 already paid, 4093 not paid online, 5031 no bank configured.
 */
export function createPayment(
  client: HttpClient,
  hash: string,
  returnUrl: string,
  opts: CallOptions = {},
): Promise<NewPayment> {
  return client.request({
    service: 'order',
    method: 'POST',
    path: encodePath`/public/payment/new/${hash}`,
    body: { returnUrl } satisfies NewPaymentRequest,
    schema: newPaymentSchema,
    ...callOptions(opts),
  });
}

/**
 * `GET /public/payment/checkout/{paymentHash}`: the payment's status (spec §4: 0–2 pending, 3
 * paid, 4–7 failed, 8 error, 9 not a client of the instalment bank), for the page the bank
 * returns to. 404 for an unknown payment.
 */
export function getPaymentCheckout(
  client: HttpClient,
  paymentHash: string,
  opts: CallOptions = {},
): Promise<PaymentCheckout> {
  return client.request({
    service: 'order',
    method: 'GET',
    path: encodePath`/public/payment/checkout/${paymentHash}`,
    schema: paymentCheckoutSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/anon/order/gift-certificate`: a certificate to buy (nominal 50 … 100 000, the
 * spec's messages on `nominal`); answers the purchase's hash (spec §4: keep it under `order-hash`),
 * which `createPayment` pays. With an `idempotencyKey` a retry answers the same purchase.
 */
export function purchaseGiftCertificate(
  client: HttpClient,
  purchase: CertificatePurchase,
  idempotencyKey?: string,
  opts: CallOptions = {},
): Promise<string> {
  return postCertificatePurchase(client, '/public/anon/order/gift-certificate', purchase, idempotencyKey, opts);
}

/** The certificate purchase call at `path`, anonymous or (`auth`) with the client's bearer. */
async function postCertificatePurchase(
  client: HttpClient,
  path: string,
  purchase: CertificatePurchase,
  idempotencyKey: string | undefined,
  { auth = false, ...opts }: CallOptions & { auth?: boolean },
): Promise<string> {
  const answer = await client.request({
    service: 'order',
    method: 'POST',
    path,
    ...(auth ? { auth: true } : {}),
    ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
    body: purchase,
    schema: certificatePurchaseAnswerSchema,
    ...callOptions(opts),
  });
  return answer.hash;
}

/**
 * `GET /public/anon/order/gift-certificate/{hash}`: the purchase, paid or not; once paid, the
 * certificate's key (type 1 in the basket), balance and last valid day. 404 for an unknown hash.
 */
export function getGiftCertificateOrder(
  client: HttpClient,
  hash: string,
  opts: CallOptions = {},
): Promise<CertificateOrder> {
  return client.request({
    service: 'order',
    method: 'GET',
    path: encodePath`/public/anon/order/gift-certificate/${hash}`,
    schema: certificateOrderSchema,
    ...callOptions(opts),
  });
}

// --- the signed-in shopper's calls (spec §6, §7): the client's bearer, refresh once on a 401

/**
 * `POST /public/order?locale` (signed in) with `Idempotency-Key`: as `createAnonymousOrder`, for
 * the client's shopper, whose order it becomes (their history, their keys). 401 without a bearer
 * the user service knows (after the client's one refresh), 503 when the user service cannot say.
 */
export function createCustomerOrder(
  client: HttpClient,
  payload: OrderPayload,
  idempotencyKey: string,
  opts: CallOptions = {},
): Promise<Order> {
  return postOrder(client, '/public/order', payload, idempotencyKey, { ...opts, auth: true });
}

/** `POST /public/order/one-click?locale` (signed in) with `Idempotency-Key`: as `createOneClickOrder`. */
export function createCustomerOneClickOrder(
  client: HttpClient,
  payload: OneClickOrderPayload,
  idempotencyKey: string,
  opts: CallOptions = {},
): Promise<Order> {
  return postOrder(client, '/public/order/one-click', payload, idempotencyKey, { ...opts, auth: true });
}

/**
 * `GET /public/order/{number}?locale` (signed in): one of the client's shopper's orders by its
 * number. Another shopper's number is the same 404 as one that does not exist.
 */
export function getCustomerOrder(client: HttpClient, number: string, opts: CallOptions = {}): Promise<Order> {
  return client.request({
    service: 'order',
    method: 'GET',
    path: encodePath`/public/order/${number}`,
    locale: true,
    auth: true,
    schema: orderSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/order/claim` (signed in): the orders placed without an account with the shopper's
 * phone become theirs; how many did.
 */
export function claimCustomerOrders(client: HttpClient, opts: CallOptions = {}): Promise<OrderClaim> {
  return client.request({
    service: 'order',
    method: 'POST',
    path: '/public/order/claim',
    auth: true,
    schema: orderClaimSchema,
    ...callOptions(opts),
  });
}

/**
 * `GET /public/order?page&limit&locale` (signed in): a page of the shopper's orders, newest first,
 * with their total. `page` is zero-based; `limit` defaults to the spec's 10.
 */
export function getCustomerOrders(
  client: HttpClient,
  query: OrderListQuery = {},
  opts: CallOptions = {},
): Promise<OrderList> {
  return client.request({
    service: 'order',
    method: 'GET',
    path: '/public/order',
    // Unset ones are left out of the query string: the service's defaults apply.
    query: { page: query.page, limit: query.limit },
    locale: true,
    auth: true,
    schema: orderListSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/order/gift-certificate` (signed in): as `purchaseGiftCertificate`, for the client's shopper. */
export function purchaseCustomerGiftCertificate(
  client: HttpClient,
  purchase: CertificatePurchase,
  idempotencyKey?: string,
  opts: CallOptions = {},
): Promise<string> {
  return postCertificatePurchase(client, '/public/order/gift-certificate', purchase, idempotencyKey, {
    ...opts,
    auth: true,
  });
}

/**
 * The order service's refusal carried by `error` (code, message and per-field messages), or null
 * when `error` is not an answer of the order service (a timeout, a network failure, a 5xx without
 * its body).
 */
export function orderErrorOf(error: unknown): OrderError | null {
  if (!isApiError(error) || error.service !== 'order' || error.kind !== 'http') return null;
  const parsed = orderErrorSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
