import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { userSchema } from '../../api/schemas/user.ts';
import type { Shopper } from './orderPlacement.ts';
import { OrderProblem, unavailable } from './orderProblem.ts';

/**
 * Who the bearer of a signed-in call (`/public/order…`) is. The order service keeps no accounts:
 * it asks the user service (`GET /public/user`, accounts spec §7) with the caller's own
 * `Authorization` header, and the profile's id is the order's customer. A token the user service
 * refuses (401) is this service's 401, so the storefront refreshes and retries once as for any
 * signed-in call; a user service that cannot answer is a 503 with Retry-After (DESIGN §7), never a
 * 401 that would sign the shopper out.
 */
export type CustomerAuthenticator = (
  authorization: string | undefined,
) => Promise<Shopper & { customerId: number; phone: string; authorization: string }>;

/** Only the id and the (SMS-confirmed) phone are read; the profile's other fields are the user service's business. */
const identitySchema = userSchema.pick({ id: true, phone: true });

/** The scheme, then one token (RFC 6750); the user service judges the token itself. */
const BEARER = /^Bearer\s+\S+$/i;

/** Asking who someone is must not hold an order for the user service's whole default budget. */
const IDENTITY_TIMEOUT_MS = 3000;

function unauthorized(): OrderProblem {
  return new OrderProblem(401, ORDER_ERROR.unauthorized, 'A signed-in shopper’s bearer token is required');
}

export function createCustomerAuthenticator(upstream: HttpClient): CustomerAuthenticator {
  return async (authorization) => {
    if (authorization === undefined || !BEARER.test(authorization.trim())) throw unauthorized();
    try {
      const { id, phone } = await upstream.request({
        service: 'user',
        method: 'GET',
        path: '/public/user',
        // The caller's header as it came: this service holds no token of its own.
        headers: { authorization: authorization.trim() },
        schema: identitySchema,
        timeoutMs: IDENTITY_TIMEOUT_MS,
      });
      // The header goes on with the shopper: their own points are spent with it (bonus payments).
      return { customerId: id, phone, authorization: authorization.trim() };
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind === 'http' && error.status === 401) throw unauthorized();
      console.error('[order] the user service cannot tell who the shopper is:', error.message);
      throw unavailable('The user service');
    }
  };
}
