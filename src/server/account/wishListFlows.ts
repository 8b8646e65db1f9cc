import { isApiError } from '../../api/apiError.ts';
import type { WishListState } from '../../api/schemas/account.ts';
import { getWishLists } from '../../api/wishList.ts';
import { wishedProductIds } from '../../domain/wishlist/wishLists.ts';
import type { AuthContext } from '../session/authContext.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';
import { signedOutAnswer } from './accountKit.ts';
import { logWishListFailure } from './wishListActions.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * `GET /api/account/wish-list`: the session's shopper's lists (the default first; the first read
 * makes it) and the products in any of them, which the hearts show (accounts spec §4: "after
 * loading, the list and product ids are stored"). No session: 401; an outage: 503 with our message.
 */
export async function wishListStateFlow(ctx: AuthContext): Promise<Response> {
  const shopper = await shopperClient(ctx);
  if (!shopper) return signedOutAnswer(ctx, false);
  try {
    const lists = await getWishLists(shopper.api);
    const body: WishListState = { productIds: wishedProductIds(lists), lists };
    return Response.json(body, { headers: NO_STORE });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return signedOutAnswer(ctx, false);
    }
    logWishListFailure('Get User WishList Error', error);
    const message = ctx.t('wishList.failedRead');
    return Response.json(
      { ok: false, message, fields: {} },
      { status: 503, headers: { ...NO_STORE, 'Retry-After': '30' } },
    );
  }
}
