import { isApiError } from '../../api/apiError.ts';
import type { WishListState } from '../../api/schemas/account.ts';
import { getWishLists } from '../../api/wishList.ts';
import { wishedProductIds } from '../../domain/wishlist/wishLists.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer, refusedWith } from '../endpoints/outcomes.ts';
import { logWishListFailure } from './wishListActions.ts';

/** Seconds before the hearts may ask again after an outage. */
const RETRY_AFTER_S = 30;

/**
 * `GET /api/account/wish-list`: the session's shopper's lists (the default first; the first read
 * makes it) and the products in any of them, which the hearts show (accounts spec §4: "after
 * loading, the list and product ids are stored"). No session: 401; an outage: 503 with our message.
 */
export const wishListStateFlow = defineEndpoint({
  who: 'shopper',
  async handle({ ctx, shopper }) {
    try {
      const lists = await getWishLists(shopper.api);
      return answer({ productIds: wishedProductIds(lists), lists } satisfies WishListState);
    } catch (error) {
      // A 401 goes on: the definition signs the shopper out.
      if (!isApiError(error) || (error.kind === 'http' && error.status === 401)) throw error;
      logWishListFailure('Get User WishList Error', error);
      return refusedWith(503, ctx.t('wishList.failedRead'), [], 503, { 'Retry-After': String(RETRY_AFTER_S) });
    }
  },
});
