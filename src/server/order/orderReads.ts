import { log } from '../../log/log.ts';
import { orderErrorOf } from '../../api/order.ts';
import { ORDER_ERROR } from '../../api/schemas/order.ts';
import { readCritical } from '../request/criticalRead.ts';

/**
 * A read the order and certificate pages cannot live without (src/server/request/criticalRead.ts):
 * "not found" only when the order service itself says so.
 */
export type CriticalRead<T> = { kind: 'found'; value: T } | { kind: 'notFound' } | { kind: 'unavailable' };

export async function criticalRead<T>(what: string, pending: Promise<T>): Promise<CriticalRead<T>> {
  const read = await readCritical(
    `[order] ${what}`,
    pending,
    (error) => orderErrorOf(error)?.code === ORDER_ERROR.notFound,
  );
  return read.kind === 'missing' ? { kind: 'notFound' } : read;
}

/** Optional data: its failure is logged and the page goes on without it. */
export function optionalRead<T>(what: string, pending: Promise<T>): Promise<T | null> {
  return pending.catch((error: unknown) => {
    if (orderErrorOf(error)?.code !== ORDER_ERROR.notFound) {
      log.error(`[order] ${what} failed:`, error instanceof Error ? error.message : error);
    }
    return null;
  });
}
