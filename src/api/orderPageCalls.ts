import { encodePath } from './http.ts';
import type { HttpClient } from './http.ts';
import { orderSchema } from './schemas/order.ts';
import type { Order } from './schemas/order.ts';
import type { PaymentTypeChange } from './schemas/paymentTypeChange.ts';
import { codeSentSchema, type CodeSent } from './schemas/user.ts';
import type { CallOptions } from './search.ts';

/**
 * The order page's own calls of the order service (issue 29), apart from src/api/order.ts so the
 * checkout's bundle does not carry them (they are made by the storefront's server only).
 */

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}

/**
 * `POST /public/anon/order/{hash}/payment-type` (ours): another payment type for an unpaid new
 * order, judged as the order was (the delivery's types, parts 3 … 10 for instalments, the goods'
 * amount); answers the order as it reads now. Errors: 400 with `fields` (`paymentType`,
 * `paymentParts`, in the client's locale), 404, 4092 already paid, 4093 canceled, 4095 no longer
 * new or one-click.
 */
export function changeOrderPaymentType(
  client: HttpClient,
  hash: string,
  change: PaymentTypeChange,
  opts: CallOptions = {},
): Promise<Order> {
  return client.request({
    service: 'order',
    method: 'POST',
    path: encodePath`/public/anon/order/${hash}/payment-type`,
    locale: true,
    body: change,
    schema: orderSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/anon/order/{hash}/phone-code` (ours): the code that confirms the phone of an order
 * placed without an account, sent to the order's phone; answers the resend timer `{diff}`. 409
 * (4096) when the order is an account's already; the user service's limits come back with its
 * codes (1102, 1201-1203); 503 when no code can be asked for now. `clientIp`: the shopper's address
 * for the per-address limits.
 */
export function requestOrderPhoneCode(
  client: HttpClient,
  hash: string,
  opts: CallOptions & { clientIp?: string } = {},
): Promise<CodeSent> {
  return client.request({
    service: 'order',
    method: 'POST',
    path: encodePath`/public/anon/order/${hash}/phone-code`,
    locale: true,
    body: {},
    schema: codeSentSchema,
    ...(opts.clientIp ? { headers: { 'x-forwarded-for': opts.clientIp } } : {}),
    ...callOptions(opts),
  });
}
