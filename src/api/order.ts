import { PROJECT_CODE } from './config.ts';
import type { HttpClient } from './http.ts';
import { basketCheckResponseSchema } from './schemas/basket.ts';
import type { BasketCheckRequest, BasketCheckResponse } from './schemas/basket.ts';
import type { CallOptions } from './search.ts';

/** Typed calls of the order service (storefront spec §7 "Order service"; wire shapes in schemas/basket.ts). */

/** The basket check's body without `project`: the client adds the shop's code. */
export type BasketCheckInput = Omit<BasketCheckRequest, 'project'>;

/**
 * `POST /public/basket/check?locale`: the service re-prices the lines from the catalogue, limits
 * them to stock, judges promo codes, certificates and chosen gifts, and (with `withDeliveryList`)
 * answers the city's delivery methods; messages come in the client's locale. The answer is parsed
 * with the contract's schema. A 400 names the bad field; a 503 (with Retry-After) means the
 * catalogue cannot be read now: keep the basket as it is and check again later.
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
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
}
