import { type AnswerReader, callEndpoint, type EndpointResult } from './endpointCall.ts';
import type { Locale } from './schemas/common.ts';
import { WISH_LIST_PATHS } from './wishListPaths.ts';

/**
 * The hearts' calls of the storefront's wish-list endpoints, over the shop's one endpoint caller
 * (src/api/endpointCall.ts). The hearts' script carries neither zod nor the schemas (DESIGN §6), so
 * the few fields read are read by the small readers below, in the shape of a zod schema's
 * `safeParse`. Every failure is an answer, never a throw.
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

interface Wished {
  productIds: number[];
  message: string;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function productIdsOf(value: unknown): number[] | null {
  if (typeof value !== 'object' || value === null || !('productIds' in value)) return null;
  const ids: unknown = value.productIds;
  return Array.isArray(ids) && ids.every(isId) ? ids : null;
}

/** The hearts' reader of a wished-products answer: the state itself (a read), or a change's `{message, data}`. */
function wishedReader(change: boolean): AnswerReader<Wished> {
  return {
    safeParse(input) {
      const message = change && typeof input === 'object' && input !== null && 'message' in input ? input.message : '';
      const ids = productIdsOf(
        change && typeof input === 'object' && input !== null && 'data' in input ? input.data : input,
      );
      return ids && typeof message === 'string'
        ? { success: true, data: { productIds: ids, message } }
        : { success: false };
    },
  };
}

function wishResult(result: EndpointResult<Wished>): WishCallResult {
  if (result.ok) return { ok: true, ...result.value };
  // A 2xx whose body was not the answer counts as no answer, as before.
  const answered = result.kind === 'http' && result.refusal.code !== 0;
  return {
    ok: false,
    status: result.kind === 'http' ? result.status : 0,
    message: answered ? result.refusal.message : null,
  };
}

const call = async (path: string, locale: Locale, body?: unknown) =>
  wishResult(await callEndpoint(path, wishedReader(body !== undefined), { locale, body, timeoutMs: TIMEOUT_MS }));

/** The products in any of the signed-in shopper's lists. */
export const readWished = (locale: Locale): Promise<WishCallResult> => call(WISH_LIST_PATHS.lists, locale);

/** A heart pressed (`wished`) or released. */
export const postHeart = (wish: Wish & { wished: boolean }, locale: Locale): Promise<WishCallResult> =>
  call(WISH_LIST_PATHS.heart, locale, wish);

/** A guest's hearts, into the account's default list. */
export const postGuestWishes = (items: readonly Wish[], locale: Locale): Promise<WishCallResult> =>
  call(WISH_LIST_PATHS.merge, locale, { items });
