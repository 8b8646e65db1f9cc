import { isApiError } from '../../api/apiError.ts';
import { orderErrorOf } from '../../api/order.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';

/**
 * A read the page cannot live without (the order, the certificate purchase): what it found, or
 * "there is no such thing" only when the order service itself says so (its `{code: 404}` body; a
 * gateway's 404 is an outage), or "unavailable" for anything else the transport reports (an error
 * status, a timeout, no connection, a body that is not the contract): a 503, never a 404 (DESIGN §7).
 */
export type CriticalRead<T> = { kind: 'found'; value: T } | { kind: 'notFound' } | { kind: 'unavailable' };

/** Awaits `pending` and sorts its failure; an error that is not the transport's (a bug) is thrown on. */
export async function criticalRead<T>(what: string, pending: Promise<T>): Promise<CriticalRead<T>> {
  try {
    return { kind: 'found', value: await pending };
  } catch (error) {
    if (orderErrorOf(error)?.code === ORDER_ERROR.notFound) return { kind: 'notFound' };
    if (!isApiError(error)) throw error;
    console.error(`[order] ${what} failed:`, error.message);
    return { kind: 'unavailable' };
  }
}

/** Optional data: its failure is logged and the page goes on without it. */
export function optionalRead<T>(what: string, pending: Promise<T>): Promise<T | null> {
  return pending.catch((error: unknown) => {
    if (orderErrorOf(error)?.code !== ORDER_ERROR.notFound) {
      console.error(`[order] ${what} failed:`, error instanceof Error ? error.message : error);
    }
    return null;
  });
}
