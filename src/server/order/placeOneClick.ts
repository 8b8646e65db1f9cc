import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { createCustomerOneClickOrder, createOneClickOrder } from '../../api/order.ts';
import type { OneClickOrderPayload, Order } from '../../api/schemas/order.ts';
import { getUser } from '../../api/user.ts';
import { optionalRead } from './orderReads.ts';

/**
 * Placing a one-click order (storefront spec §6: anonymous and signed-in shoppers use different
 * calls), shared by the product page's form (`/one-click`) and the basket's (`/basket/one-click`,
 * `/api/basket/one-click`).
 */

const ACCOUNT_TIMEOUT_MS = 3000;

/** The signed-in shopper's first name for an order whose form left it empty; '' when it cannot be read. */
export async function accountName(own: HttpClient): Promise<string> {
  const user = await optionalRead('account name', getUser(own, { timeoutMs: ACCOUNT_TIMEOUT_MS }));
  return user?.firstName.trim() ?? '';
}

/** The order through the signed-in call when there is a shopper, else the anonymous one. */
export function placeOneClick(
  api: HttpClient,
  own: HttpClient | null,
  payload: OneClickOrderPayload,
  key: string,
): Promise<Order> {
  const anonymously = () => createOneClickOrder(api, payload, key);
  if (!own) return anonymously();
  return createCustomerOneClickOrder(own, payload, key).catch((error: unknown) => {
    // The session died under the form (the refresh failed): the shopper still gets the order.
    if (isApiError(error) && error.kind === 'http' && error.status === 401) return anonymously();
    throw error;
  });
}
