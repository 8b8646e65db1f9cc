import { log } from '../../log/log.ts';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { bonusShortErrorSchema, USER_ERROR } from '../../api/schemas/user.ts';
import { giveBackOrderBonuses, payOrderWithBonuses, userErrorOf } from '../../api/user.ts';

/**
 * The user service's bonus payments as the order service asks for them
 * (`POST /internal/bonus/order-payment` and its give-back; docs/decisions.md "Accounts: paying
 * with bonuses"). The points are spent with the shopper's own bearer, so whose points they are is
 * the user service's word, never a customer id this service sends; both calls carry the service
 * token the two services share. Each answer is sorted by what it means for the order: spent,
 * refused (nothing spent), or unknown (the points may or may not have been spent).
 */

export type SpendOutcome =
  | { kind: 'spent' }
  | { kind: 'notMember' }
  /** The active balance (UAH, may have kopecks). */
  | { kind: 'short'; activeAmount: number }
  /** The number was paid with another amount or given back: this order cannot be paid under it. */
  | { kind: 'taken' }
  /** The bearer is no longer valid: nothing was spent. */
  | { kind: 'unauthorized' }
  /** The user service refused the service token (or none is configured): nothing was spent. */
  | { kind: 'misconfigured' }
  /** No answer, or one that cannot be read: the points may have been spent. */
  | { kind: 'unknown' };

export interface BonusPayments {
  /** Spends `amount` of the bearer's points for the order `orderNumber` (once per number). */
  spend(authorization: string, orderNumber: string, amount: number): Promise<SpendOutcome>;
  /** Gives the order's points back; false when the user service could not be told (it stays owed). */
  giveBack(customerId: number, orderNumber: string): Promise<boolean>;
}

/** A payment must not hold an order for the transport's whole default budget. */
const BONUS_TIMEOUT_MS = 5000;

export function createBonusPayments(upstream: HttpClient, serviceToken: string | undefined): BonusPayments {
  return {
    async spend(authorization, orderNumber, amount) {
      if (serviceToken === undefined) return { kind: 'misconfigured' };
      try {
        await payOrderWithBonuses(
          upstream,
          { orderNumber, amount },
          { authorization, serviceToken },
          { timeoutMs: BONUS_TIMEOUT_MS },
        );
        return { kind: 'spent' };
      } catch (error) {
        if (!isApiError(error)) throw error;
        const refusal = userErrorOf(error);
        if (error.kind === 'http' && error.status === 401) return { kind: 'unauthorized' };
        if (error.kind === 'http' && error.status === 403) return { kind: 'misconfigured' };
        switch (refusal?.code) {
          case USER_ERROR.bonusNotMember:
            return { kind: 'notMember' };
          case USER_ERROR.bonusShort: {
            const short = bonusShortErrorSchema.safeParse(error.body);
            return { kind: 'short', activeAmount: short.success ? short.data.activeAmount : 0 };
          }
          case USER_ERROR.bonusOrderTaken:
            return { kind: 'taken' };
          default:
            log.error('[order] the user service gave no clear answer to a bonus payment:', error.message);
            return { kind: 'unknown' };
        }
      }
    },
    async giveBack(customerId, orderNumber) {
      if (serviceToken === undefined) return false;
      try {
        await giveBackOrderBonuses(upstream, { customerId, orderNumber }, serviceToken, {
          timeoutMs: BONUS_TIMEOUT_MS,
        });
        return true;
      } catch (error) {
        if (!isApiError(error)) throw error;
        log.error(`[order] the points of order ${orderNumber} could not be given back yet:`, error.message);
        return false;
      }
    },
  };
}
