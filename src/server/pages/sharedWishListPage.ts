import { isApiError } from '../../api/apiError.ts';
import { WISH_LIST_HASH } from '../../api/schemas/wishList.ts';
import { getSharedWishList, wishListProducts } from '../../api/wishList.ts';
import { documentTitle } from '../../domain/seo/documentTitle.ts';
import { shareFallbackUrl } from '../../domain/product/share.ts';
import { wishItemCard, type WishItemCard } from '../../domain/wishlist/wishListCards.ts';
import { logWishListFailure } from '../account/wishListActions.ts';
import { notFound, personalPage, unavailable, type PageOutcome, type PageRequest } from '../request/pageOutcome.ts';

/** `/wishlist/{hash}`: a shared wish list as anyone with its link sees it. */
export interface SharedWishListModel {
  title: string;
  documentTitle: string;
  description: string;
  /**
   * The items the catalogue still lists, as its cards (in the variant kept) with that variant's
   * colour and size (issue 29: a friend buying from the list needs the size), newest first.
   */
  items: Pick<WishItemCard, 'card' | 'color' | 'size'>[];
  /** The list's own address, to pass on (issue 29), and the share page where the device cannot share. */
  share: { url: string; fallbackUrl: string };
}

/**
 * `/wishlist/{hash}` (and `/ua/…`; accounts spec §6 "Reading a wish list by hash is public", issue
 * 12): the list, its own title and description, its products as the catalogue's cards. Read with no
 * session: the hash is the key. Personal like an order by its hash (no-store, noindex): the owner's
 * change shows at once and a shared list is nobody's search result. An unknown or malformed hash is
 * the 404 page; a service that does not answer, the 503 page.
 */
export async function loadSharedWishList(request: PageRequest): Promise<PageOutcome<SharedWishListModel>> {
  const { hash } = request.params;
  if (hash === undefined || !WISH_LIST_HASH.test(hash)) return notFound();
  const { api, locale, t } = request;
  try {
    const list = await getSharedWishList(api, hash);
    const products = await wishListProducts(api, list.wishListItems);
    const items = list.wishListItems.flatMap((item) => {
      const shown = wishItemCard(products.get(item.productId), item.nomenclatureId, locale);
      return shown ? [shown] : [];
    });
    const url = new URL(request.url.pathname, request.origin).href;
    return personalPage({
      title: list.title,
      documentTitle: documentTitle(t('wishListShared.documentTitle', { title: list.title }), t('site.name')),
      description: t('wishListShared.description', { title: list.title, count: items.length }),
      items,
      share: { url, fallbackUrl: shareFallbackUrl(url) },
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.service === 'user' && error.kind === 'http' && error.status === 404) return notFound();
    logWishListFailure('Get WishList With Products Error', error);
    return unavailable();
  }
}
