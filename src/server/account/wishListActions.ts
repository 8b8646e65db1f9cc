import { log } from '../../log/log.ts';
import { isApiError } from '../../api/apiError.ts';
import {
  wishedProductsSchema,
  wishHeartBodySchema,
  wishMergeBodySchema,
  type WishedProducts,
} from '../../api/schemas/account.ts';
import { WISH_LIST_LIMITS, wishListItemRequestSchema, wishListMoveRequestSchema } from '../../api/schemas/wishList.ts';
import { wishListTitleRequestSchema, type WishList } from '../../api/schemas/wishList.ts';
import { userErrorOf } from '../../api/user.ts';
import {
  addToWishList,
  createWishList,
  deleteFromWishList,
  deleteWishList,
  getWishLists,
  moveWishListItem,
  renameWishList,
} from '../../api/wishList.ts';
import {
  plainFromForm,
  wishListItemFromForm,
  wishListMoveFromForm,
  wishListTitleFromForm,
} from '../../domain/account/accountForms.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import { defaultListOf, itemsOfProduct, wishedProductIds, wishesToMerge } from '../../domain/wishlist/wishLists.ts';
import { fieldMessage } from '../endpoints/fieldMessages.ts';
import { done, type Done, refused, type Refused } from '../endpoints/outcomes.ts';
import type { AuthContext } from '../session/authContext.ts';
import type { Endpoint } from '../endpoints/defineEndpoint.ts';
import { type AccountAction, accountAction, idParams, itemParams } from './accountEndpoint.ts';
import type { MessageKey } from '../../i18n/messageKey.ts';

/**
 * The wish lists' account endpoints (accounts spec §3, §7; issue 12): the account page's plain forms
 * (create, rename, delete a list; remove or move an item) and the hearts' JSON calls (wish or unwish
 * a product, merge a guest's hearts at sign-in). Each failure is logged under the spec's §8 name
 * and answered with a message of ours in the page's language; a 401 the refresh cannot cure is
 * left to the kit, which signs the shopper out.
 */

/** Spec §8: the names wish-list failures are logged under. */
export type WishListOperation =
  | 'Get User WishList Error'
  | 'Create WishList Error'
  | 'Add To WishList Error'
  | 'Delete From WishList Error'
  | 'Delete From WishList And Update Error'
  | 'Delete WishList Error'
  | 'Update WishList Error'
  | 'Get WishList With Products Error'
  | 'Move To WishList Error';

/** The shopper's message when an operation fails for a reason of the service (an outage, a timeout). */
const FAILED_KEY: Record<WishListOperation, MessageKey> = {
  'Get User WishList Error': 'wishList.failedRead',
  'Create WishList Error': 'wishList.failedCreate',
  'Add To WishList Error': 'wishList.failedAdd',
  'Delete From WishList Error': 'wishList.failedRemove',
  'Delete From WishList And Update Error': 'wishList.failedRemove',
  'Delete WishList Error': 'wishList.failedDelete',
  'Update WishList Error': 'wishList.failedRename',
  'Get WishList With Products Error': 'wishList.failedRead',
  'Move To WishList Error': 'wishList.failedMove',
};

/** Logs a failed operation under its spec name (§8: "logged and rejected"). */
export function logWishListFailure(operation: WishListOperation, error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  log.error(`[wish-list] ${operation}:`, detail);
  // Spec §8: a failed move is also logged as 'Move To Wish List Error'.
  if (operation === 'Move To WishList Error') log.error('[wish-list] Move To Wish List Error');
}

/**
 * The refusal of a failed wish-list call: logged, then a message of ours. A 401 is rethrown (the
 * definition signs the shopper out), as is anything that is no service failure (a bug).
 */
export function wishListFailure(
  error: unknown,
  operation: WishListOperation,
  ctx: Pick<AuthContext, 't' | 'locale'>,
): Refused {
  if (!isApiError(error) || (error.kind === 'http' && error.status === 401)) throw error;
  logWishListFailure(operation, error);
  const { t } = ctx;
  if (error.kind !== 'http' || error.status >= 500) return refused(503, t(FAILED_KEY[operation]));
  if (error.status === 404) return refused(404, t('wishList.notFound'));
  const service = userErrorOf(error);
  // `body`: a limit (lists per shopper, items per list).
  if (service?.fields.some((problem) => problem.field === 'body') === true) {
    return operation === 'Create WishList Error'
      ? refused(400, t('wishList.tooManyLists', { max: WISH_LIST_LIMITS.lists }))
      : refused(400, t('wishList.tooManyItems', { max: WISH_LIST_LIMITS.items }));
  }
  const fields: Record<string, string> = {};
  for (const problem of service?.fields ?? []) fields[problem.field] ??= fieldMessage(problem.message, ctx);
  return refused(error.status === 429 ? 429 : 400, t(FAILED_KEY[operation]), fields);
}

const page = (ctx: Pick<AuthContext, 'locale'>, anchor: string) =>
  `${accountPagePath('wishList', ctx.locale)}#${anchor}`;

const wished = (lists: readonly WishList[]): WishedProducts =>
  wishedProductsSchema.parse({
    productIds: wishedProductIds(lists),
  });

/**
 * A wish-list action whose one service call fails as `operation`: logged under the spec's name and
 * refused with our message for it (wishListFailure).
 */
function wishListAction<B, P>(
  operation: WishListOperation,
  action: Omit<AccountAction<B, P>, 'page' | 'serviceRefusal'>,
): Endpoint {
  return accountAction<B, P>({
    page: 'wishList',
    serviceRefusal: (error, ctx) => (isApiError(error) ? wishListFailure(error, operation, ctx) : null),
    ...action,
  });
}

/** `POST /api/account/wish-list`: a new list. */
export const createWishListAction = wishListAction('Create WishList Error', {
  form: () => 'wish-list-new',
  schema: wishListTitleRequestSchema,
  fromForm: wishListTitleFromForm,
  async handle({ shopper, body, ctx }) {
    const list = await createWishList(shopper.api, body);
    const anchor = `wish-list-${list.id}`;
    return done(ctx.t('wishList.created', { title: list.title }), page(ctx, anchor), anchor);
  },
});

/** `POST /api/account/wish-list/{id}`: renames the list. */
export const renameWishListAction = wishListAction('Update WishList Error', {
  form: ({ id }) => `wish-list-${id}`,
  params: idParams,
  schema: wishListTitleRequestSchema,
  fromForm: wishListTitleFromForm,
  async handle({ shopper, body, params: { id }, ctx }) {
    await renameWishList(shopper.api, id, body);
    return done(ctx.t('wishList.renamed'));
  },
});

/** `POST /api/account/wish-list/{id}/delete`. */
export const deleteWishListAction = wishListAction('Delete WishList Error', {
  form: () => 'wish-lists',
  params: idParams,
  async handle({ shopper, params: { id }, ctx }) {
    await deleteWishList(shopper.api, id);
    return done(ctx.t('wishList.deleted'));
  },
});

/** `POST /api/account/wish-list/{id}/items`: adds a product in a variant. */
export const addWishListItemAction = wishListAction('Add To WishList Error', {
  form: ({ id }) => `wish-list-${id}`,
  params: idParams,
  schema: wishListItemRequestSchema,
  fromForm: wishListItemFromForm,
  async handle({ shopper, body, params: { id }, ctx }) {
    const list = await addToWishList(shopper.api, id, body);
    return done(ctx.t('wishList.added', { title: list.title }));
  },
});

/** `POST /api/account/wish-list/{id}/items/{itemId}/delete`. */
export const removeWishListItemAction = wishListAction('Delete From WishList Error', {
  form: ({ id }) => `wish-list-${id}`,
  params: itemParams,
  async handle({ shopper, params: { id, itemId }, ctx }) {
    await deleteFromWishList(shopper.api, id, itemId);
    return done(ctx.t('wishList.removed'));
  },
});

/** `POST /api/account/wish-list/move`: spec §5's four integer ids ('Wrong income data' otherwise), one step in the service. */
export const moveWishListItemAction = wishListAction('Move To WishList Error', {
  form: () => 'wish-lists',
  schema: wishListMoveRequestSchema,
  fromForm: wishListMoveFromForm,
  async handle({ shopper, body, ctx }) {
    const lists = await moveWishListItem(shopper.api, body);
    const target = lists.find((list) => list.id === body.targetListId);
    const anchor = `wish-list-${body.targetListId}`;
    return done(ctx.t('wishList.moved', { title: target?.title ?? '' }), page(ctx, anchor), anchor);
  },
});

/** Done, with the wished products for the hearts. */
const withWished = (message: string, lists: readonly WishList[]): Done => ({ ...done(message), data: wished(lists) });

/**
 * `POST /api/account/wish-list/heart`: `wished` adds the product in the variant shown to the
 * default list (nothing when a list holds it already, in any variant); unwished, the product
 * leaves every list. Answers the wished product ids.
 */
export const heartAction = accountAction({
  page: 'wishList',
  form: () => 'wish-lists',
  schema: wishHeartBodySchema,
  fromForm: plainFromForm,
  async handle({ shopper, body, ctx }) {
    let lists: WishList[];
    try {
      lists = await getWishLists(shopper.api);
    } catch (error) {
      return wishListFailure(error, 'Get User WishList Error', ctx);
    }
    const held = itemsOfProduct(lists, body.productId);
    if (body.wished) {
      const target = defaultListOf(lists);
      if (held.length > 0 || !target) return withWished(ctx.t('wishList.already'), lists);
      try {
        const updated = await addToWishList(shopper.api, target.id, body);
        const after = lists.map((list) => (list.id === updated.id ? updated : list));
        return withWished(ctx.t('wishList.added', { title: updated.title }), after);
      } catch (error) {
        return wishListFailure(error, 'Add To WishList Error', ctx);
      }
    }
    try {
      for (const { listId, itemId } of held) await deleteFromWishList(shopper.api, listId, itemId);
      return withWished(ctx.t('wishList.unwished'), await getWishLists(shopper.api));
    } catch (error) {
      return wishListFailure(error, 'Delete From WishList And Update Error', ctx);
    }
  },
});

/**
 * `POST /api/account/wish-list/merge`: at sign-in, a guest's hearts join the default list
 * (products the account holds in no list; the service adds an item once). Answers the wished
 * product ids.
 */
export const mergeAction = accountAction({
  page: 'wishList',
  form: () => 'wish-lists',
  schema: wishMergeBodySchema,
  async handle({ shopper, body, ctx }) {
    let lists: WishList[];
    try {
      lists = await getWishLists(shopper.api);
    } catch (error) {
      return wishListFailure(error, 'Get User WishList Error', ctx);
    }
    const target = defaultListOf(lists);
    if (!target) return withWished(ctx.t('wishList.merged'), lists);
    let current = target;
    let message = ctx.t('wishList.merged');
    try {
      for (const wish of wishesToMerge(lists, body.items)) current = await addToWishList(shopper.api, target.id, wish);
    } catch (error) {
      const failed = wishListFailure(error, 'Add To WishList Error', ctx);
      // An outage: the browser keeps the guest's hearts and tries at a later page. A refusal (the
      // list is full) would refuse again: what was added stays, the rest is let go.
      if (failed.status >= 500) return failed;
      message = ctx.t('wishList.mergedPartly', { max: WISH_LIST_LIMITS.items });
    }
    const after = lists.map((list) => (list.id === current.id ? current : list));
    return withWished(message, after);
  },
});
