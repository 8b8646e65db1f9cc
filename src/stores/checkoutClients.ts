import { isApiError } from '../api/apiError.ts';
import { orderErrorOf } from '../api/order.ts';
import { ORDER_ERROR } from '../api/schemas/order.ts';
import type { AttemptFailure } from '../domain/checkout/orderSubmission.ts';

/**
 * The checkout's service calls. The store loads this module with a dynamic import as the page
 * starts: the clients bring zod and the service schemas (~30 KB gzip), which the form does not need
 * to draw, so on a slow phone the form is there and typeable while they arrive.
 */
export { accountOrderApi, createAccountOrder } from '../api/accountOrder.ts';
export { browserApi } from '../api/browserClient.ts';
export {
  findBranch,
  getBranches,
  getSettlement,
  searchSettlementsWithDeliveryMethods,
  searchStreets,
} from '../api/delivery.ts';
export { createAnonymousOrder } from '../api/order.ts';
export { babyBundleIdsAmong } from '../api/search.ts';

/** What the transport says of a failed attempt; null for anything that is not a service call's failure. */
export function attemptFailure(error: unknown): AttemptFailure | null {
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
  const answer = orderErrorOf(error);
  if (answer === null) return null;
  return {
    message: answer.message,
    fields: answer.fields,
    basketChanged: answer.code === ORDER_ERROR.basketChanged,
    keyReused: answer.code === ORDER_ERROR.keyReused,
  };
}
