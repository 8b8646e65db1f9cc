import { postAccountOrder } from '../api/accountOrder.ts';
import { isApiError } from '../api/apiError.ts';
import type { EndpointFailure } from '../api/endpointCall.ts';
import { orderErrorOf } from '../api/order.ts';
import type { Locale } from '../api/schemas/common.ts';
import { ORDER_ERROR, type Order, type OrderPayload } from '../api/schemas/order.ts';
import type { AttemptFailure } from '../domain/checkout/orderSubmission.ts';

/**
 * The checkout's service calls. The store loads this module with a dynamic import as the page
 * starts: the clients bring zod and the service schemas (~30 KB gzip), which the form does not need
 * to draw, so on a slow phone the form is there and typeable while they arrive.
 */
export { browserApi } from '../api/browserClient.ts';
export {
  findBranch,
  getBranches,
  getCombinedBranches,
  getSettlement,
  searchSettlementsWithDeliveryMethods,
  searchStreets,
} from '../api/delivery.ts';
export { createAnonymousOrder, getAnonymousOrder } from '../api/order.ts';
export { babyBundleIdsAmong } from '../api/search.ts';
export { readSavedLocations, saveCheckoutLocation } from '../api/savedLocations.ts';

/** A signed-in order the shop's endpoint refused or never answered, thrown into the checkout's loop as the service client's errors are. */
class AccountOrderFailure extends Error {
  readonly failure: EndpointFailure;
  constructor(failure: EndpointFailure) {
    super(`POST /api/account/order: ${failure.kind} ${failure.status}`);
    this.failure = failure;
  }
}

/** The signed-in order (src/api/accountOrder.ts) as the checkout's loop sends it: the order, or a throw read below. */
export async function createAccountOrder(
  payload: OrderPayload,
  idempotencyKey: string,
  locale: Locale,
  { timeoutMs }: { timeoutMs: number },
): Promise<Order> {
  const result = await postAccountOrder(payload, idempotencyKey, locale, timeoutMs);
  if (result.ok) return result.value;
  throw new AccountOrderFailure(result);
}

/** What the transport says of a failed attempt; null for anything that is not a service call's failure. */
export function attemptFailure(error: unknown): AttemptFailure | null {
  if (error instanceof AccountOrderFailure) return { kind: error.failure.kind, status: error.failure.status };
  return isApiError(error) ? { kind: error.kind, status: error.status } : null;
}

/** The order service's refusal: its message, its fields, and what it means for the next try. */
export interface OrderRefusal {
  message: string;
  fields: { field: string; message: string }[];
  /** The lines, a gift or a code changed under the shopper: the basket must be checked again. */
  basketChanged: boolean;
  /** The key was used for another order: the next try needs a new one. */
  keyReused: boolean;
}

export function orderRefusal(error: unknown): OrderRefusal | null {
  // The endpoint's envelope is the order service's error body; code 0 is no answer of it.
  const answer =
    error instanceof AccountOrderFailure
      ? error.failure.refusal.code === 0
        ? null
        : error.failure.refusal
      : orderErrorOf(error);
  if (answer === null) return null;
  return {
    message: answer.message,
    fields: answer.fields,
    basketChanged: answer.code === ORDER_ERROR.basketChanged,
    keyReused: answer.code === ORDER_ERROR.keyReused,
  };
}
