import { log } from '../../log/log.ts';
import { claimCustomerOrders } from '../../api/order.ts';
import type { AuthContext } from './authContext.ts';
import { shopperClient } from './shopperClient.ts';

/** A sign-in must not wait long for a nicety: the orders are claimed again at the next one. */
const CLAIM_TIMEOUT_MS = 1500;

/**
 * After a sign-in (a password, a code, a social provider): the orders the shopper placed without an
 * account with their phone become theirs (`POST /public/order/claim`). Every way into an account
 * has proved the phone by SMS, so this is the spec's "an anonymous user who left a phone at checkout
 * is asked to confirm it" carried through. Best effort: a failure is logged and signs in all the same.
 */
export async function claimPhoneOrders(ctx: AuthContext): Promise<void> {
  const shopper = await shopperClient(ctx);
  if (!shopper) return;
  try {
    await claimCustomerOrders(shopper.api, { timeoutMs: CLAIM_TIMEOUT_MS });
  } catch (error) {
    log.warn(
      '[session] the orders of the shopper’s phone were not claimed:',
      error instanceof Error ? error.message : error,
    );
  }
}
