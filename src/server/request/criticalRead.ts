import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import { isApiError } from '../../api/apiError.ts';

/**
 * A read a page cannot live without (the catalogue's products, the product, the brand): what it
 * found; "missing" only when the service itself says the thing does not exist (its contract's
 * `{code: 404}` body: a gateway's bare 404 is an outage); or "unavailable" for anything else the
 * transport reports (an error status, a timeout, no connection, a body that is not the contract),
 * which the page answers with the 503 page, never a 404 (DESIGN §7): a search engine crawling
 * during an outage must not learn that the shop's categories are gone.
 */
export type CriticalRead<T> = { kind: 'found'; value: T } | { kind: 'missing' } | { kind: 'unavailable' };

/**
 * A page's critical reads wait this long: a hung service gives the 503 page within about a second
 * instead of the transport's default. The services answer these in milliseconds.
 */
export const CRITICAL_READ_TIMEOUT_MS = 1000;

/** The call options of a critical read. */
export const CRITICAL_READ = { timeoutMs: CRITICAL_READ_TIMEOUT_MS } as const;

/** The service's own "no such thing": HTTP 404 with the contract's error body (code 404). */
export function isServiceNotFound(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 404 && error.code === 404;
}

/**
 * Awaits `pending` and sorts its failure; `isMissing` says which failures mean "does not exist"
 * (none by default: a list that fails is an outage, not an empty list). An error that is not the
 * transport's (a bug) is thrown on, to the 500 page.
 */
export async function readCritical<T>(
  what: string,
  pending: Promise<T>,
  isMissing: (error: unknown) => boolean = () => false,
): Promise<CriticalRead<T>> {
  try {
    return { kind: 'found', value: await pending };
  } catch (error) {
    if (isMissing(error)) return { kind: 'missing' };
    if (!isApiError(error)) throw error;
    log.error(`${what} failed:`, error.message);
    report(error, { failure: what });
    return { kind: 'unavailable' };
  }
}
