import type { Locale } from './schemas/common.ts';
import { WISH_LIST_PATHS } from './wishListPaths.ts';

/**
 * The hearts' calls of the storefront's wish-list endpoints, from the browser (same origin: the
 * session cookie rides along; the token stays on the server). Plain fetch and a hand check of the
 * few fields read, so the hearts' script carries neither zod nor the service transport (as
 * src/api/pageHtml.ts). Every failure is an answer, never a throw.
 */

/** Long enough for a slow phone; a heart that waits longer is better told it failed. */
const TIMEOUT_MS = 10_000;

export type WishCallResult =
  | { ok: true; productIds: number[]; message: string }
  /** `status` 0: no answer (offline, timed out); `message`: the endpoint's, in the page's language. */
  | { ok: false; status: number; message: string | null };

interface Wish {
  productId: number;
  nomenclatureId: number;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function productIdsOf(value: unknown): number[] | null {
  const ids = (value as { productIds?: unknown } | null)?.productIds;
  return Array.isArray(ids) && ids.every(isId) ? ids : null;
}

async function call(path: string, locale: Locale, body?: unknown): Promise<WishCallResult> {
  let response: Response;
  let answer: unknown = null;
  try {
    response = await fetch(`${path}?locale=${locale}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    answer = await response.json();
  } catch {
    return { ok: false, status: 0, message: null };
  }
  const message = (answer as { message?: unknown } | null)?.message;
  const text = typeof message === 'string' ? message : null;
  // A read answers the state itself; a change answers it as `data`.
  const productIds = productIdsOf(body === undefined ? answer : (answer as { data?: unknown } | null)?.data);
  if (response.ok && productIds) return { ok: true, productIds, message: text ?? '' };
  return { ok: false, status: response.ok ? 0 : response.status, message: text };
}

/** The products in any of the signed-in shopper's lists. */
export function readWished(locale: Locale): Promise<WishCallResult> {
  return call(WISH_LIST_PATHS.lists, locale);
}

/** A heart pressed (`wished`) or released. */
export function postHeart(wish: Wish & { wished: boolean }, locale: Locale): Promise<WishCallResult> {
  return call(WISH_LIST_PATHS.heart, locale, wish);
}

/** A guest's hearts, into the account's default list. */
export function postGuestWishes(items: readonly Wish[], locale: Locale): Promise<WishCallResult> {
  return call(WISH_LIST_PATHS.merge, locale, { items });
}
