import type { AstroGlobal } from 'astro';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { ACCOUNT_PATHS } from '../../api/schemas/account.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { WireProduct } from '../../api/schemas/product.ts';
import { WISH_LIST_LIMITS, type WishList } from '../../api/schemas/wishList.ts';
import { getWishLists, wishListProducts } from '../../api/wishList.ts';
import type { FormState } from '../../domain/account/formState.ts';
import { wishItemCard, type WishItemCard } from '../../domain/wishlist/wishListCards.ts';
import { siteOrigin } from '../request/siteOrigin.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import type { PageOutcome } from '../request/pageOutcome.ts';
import { actionUrl, loadAccountPage } from '../account/accountPage.ts';
import { logWishListFailure } from '../account/wishListActions.ts';

/**
 * `/profile/wishlist` (and `/ua/…`; accounts spec §3 Wish list, issue 12): the shopper's lists, each
 * with its items as the catalogue's cards and the plain forms that change them (rename, delete the
 * list; remove an item or move it to another list), its public link, and a form for a new list.
 * The lists are the page (a failure to read them says so); their products are read by ids, 50 a
 * request in parallel, and a failure there shows the lists without cards.
 */

export interface WishItemView {
  id: number;
  productId: number;
  nomenclatureId: number;
  /** The catalogue's card in the kept variant; null when the catalogue no longer lists the product. */
  shown: WishItemCard | null;
  removeAction: string;
}

export interface WishListView {
  id: number;
  /** The section's id: the anchor forms come back to. */
  anchor: string;
  title: string;
  isDefault: boolean;
  form: FormState;
  titleValue: string;
  renameAction: string;
  deleteAction: string;
  shareUrl: string;
  items: WishItemView[];
  /** The shopper's other lists, where an item may move. */
  others: { id: number; title: string }[];
}

export interface WishListPageModel {
  locale: Locale;
  /** Messages of the list section (a move, a deleted list). */
  lists: FormState;
  created: { form: FormState; action: string; title: string };
  moveAction: string;
  views: WishListView[];
  canCreate: boolean;
  /** The lists could not be read (our message), or null. */
  failure: string | null;
  /** The lists were read but their products not. */
  productsFailed: boolean;
}

async function readProducts(api: HttpClient, lists: readonly WishList[]): Promise<Map<number, WireProduct> | null> {
  try {
    return await wishListProducts(
      api,
      lists.flatMap((list) => list.wishListItems),
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    logWishListFailure('Get WishList With Products Error', error);
    return null;
  }
}

export function loadWishListPage(astro: AstroGlobal): Promise<PageOutcome<WishListPageModel>> {
  return loadAccountPage(astro, async ({ api, locale, form, ctx }) => {
    const newForm = form('wish-list-new');
    const base: Omit<WishListPageModel, 'views' | 'canCreate' | 'failure' | 'productsFailed'> = {
      locale,
      lists: form('wish-lists'),
      created: { form: newForm, action: actionUrl(ACCOUNT_PATHS.wishList, locale), title: newForm.value('title', '') },
      moveAction: actionUrl(ACCOUNT_PATHS.wishListMove, locale),
    };
    let lists: WishList[];
    try {
      lists = await getWishLists(api);
    } catch (error) {
      if (!isApiError(error)) throw error;
      logWishListFailure('Get User WishList Error', error);
      return { ...base, views: [], canCreate: false, failure: ctx.t('wishList.failedRead'), productsFailed: false };
    }
    const products = await readProducts(api, lists);
    const views = lists.map((list): WishListView => {
      const anchor = `wish-list-${list.id}`;
      const state = form(anchor);
      const path = `${ACCOUNT_PATHS.wishList}/${list.id}`;
      return {
        id: list.id,
        anchor,
        title: list.title,
        isDefault: list.isDefault,
        form: state,
        titleValue: state.value('title', list.title),
        renameAction: actionUrl(path, locale),
        deleteAction: actionUrl(`${path}/delete`, locale),
        shareUrl: new URL(routeUrl(routeName('wish-list-page', locale), { hash: list.hash }), siteOrigin(ctx.url)).href,
        items: list.wishListItems.map((item) => ({
          id: item.id,
          productId: item.productId,
          nomenclatureId: item.nomenclatureId,
          shown: products ? wishItemCard(products.get(item.productId), item.nomenclatureId, locale) : null,
          removeAction: actionUrl(`${path}/items/${item.id}/delete`, locale),
        })),
        others: lists.filter((other) => other.id !== list.id).map((other) => ({ id: other.id, title: other.title })),
      };
    });
    return {
      ...base,
      views,
      canCreate: lists.length < WISH_LIST_LIMITS.lists,
      failure: null,
      productsFailed: products === null,
    };
  });
}
