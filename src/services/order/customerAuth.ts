import type { HttpClient } from '../../api/http.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { createBearerIdentityReader } from '../http/bearerIdentity.ts';
import type { Shopper } from './orderPlacement.ts';
import { OrderProblem, unavailable } from './orderProblem.ts';

/**
 * Who the bearer of a signed-in call (`/public/order…`) is: the user service says
 * (src/services/http/bearerIdentity.ts), and the profile's id is the order's customer. A token the
 * user service refuses (401) is this service's 401, so the storefront refreshes and retries once as
 * for any signed-in call; a user service that cannot answer is a 503 with Retry-After (DESIGN §7),
 * never a 401 that would sign the shopper out.
 */
export type CustomerAuthenticator = (
  authorization: string | undefined,
) => Promise<Shopper & { customerId: number; phone: string; authorization: string }>;

function unauthorized(): OrderProblem {
  return new OrderProblem(401, ORDER_ERROR.unauthorized, 'A signed-in shopper’s bearer token is required');
}

export function createCustomerAuthenticator(upstream: HttpClient): CustomerAuthenticator {
  const identify = createBearerIdentityReader(upstream, 'order');
  return async (authorization) => {
    const answer = await identify(authorization);
    if (answer.kind === 'refused' || authorization === undefined) throw unauthorized();
    if (answer.kind === 'unavailable') throw unavailable('The user service');
    // The header goes on with the shopper: their own points are spent with it (bonus payments).
    return { customerId: answer.who.id, phone: answer.who.phone, authorization: authorization.trim() };
  };
}
