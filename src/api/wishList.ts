import { z } from 'zod';
import { encodePath } from './http.ts';
import type { HttpClient } from './http.ts';
import type { WireProduct } from './schemas/product.ts';
import { publicWishListSchema, wishListSchema, wishListsSchema } from './schemas/wishList.ts';
import type {
  PublicWishList,
  WishList,
  WishListItemRequest,
  WishListMoveRequest,
  WishListTitleRequest,
} from './schemas/wishList.ts';
import { getProductsByIds } from './search.ts';
import type { CallOptions } from './search.ts';

/**
 * Typed calls of the user service's wish lists (companion spec accounts.md §7; wire shapes in
 * schemas/wishList.ts). Every call but the read by hash is signed in (bearer, one refresh on a 401).
 * Answers carry the default list's title in the client's language, so every call sends `locale`.
 */

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}

const noContent = z.undefined();

/** `GET /public/user/wish-list`: every list, the default first; the first read makes the default list. */
export function getWishLists(client: HttpClient, opts: CallOptions = {}): Promise<WishList[]> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: '/public/user/wish-list',
    auth: true,
    locale: true,
    schema: wishListsSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/user/wish-list` (title): a new list (the shopper's first becomes the default). */
export function createWishList(
  client: HttpClient,
  body: WishListTitleRequest,
  opts: CallOptions = {},
): Promise<WishList> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/wish-list',
    auth: true,
    locale: true,
    body,
    schema: wishListSchema,
    ...callOptions(opts),
  });
}

/** `PUT /public/user/wish-list/{id}` (title). */
export function renameWishList(
  client: HttpClient,
  id: number,
  body: WishListTitleRequest,
  opts: CallOptions = {},
): Promise<WishList> {
  return client.request({
    service: 'user',
    method: 'PUT',
    path: encodePath`/public/user/wish-list/${id}`,
    auth: true,
    locale: true,
    body,
    schema: wishListSchema,
    ...callOptions(opts),
  });
}

/** `DELETE /public/user/wish-list/{id}`: the list and its items. */
export function deleteWishList(client: HttpClient, id: number, opts: CallOptions = {}): Promise<void> {
  return client.request({
    service: 'user',
    method: 'DELETE',
    path: encodePath`/public/user/wish-list/${id}`,
    auth: true,
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `POST /public/user/wish-list/{id}/item` (productId, nomenclatureId): an item already there is not added twice. */
export function addToWishList(
  client: HttpClient,
  id: number,
  body: WishListItemRequest,
  opts: CallOptions = {},
): Promise<WishList> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: encodePath`/public/user/wish-list/${id}/item`,
    auth: true,
    locale: true,
    body,
    schema: wishListSchema,
    ...callOptions(opts),
  });
}

/** `DELETE /public/user/wish-list/{id}/{itemId}`. */
export function deleteFromWishList(
  client: HttpClient,
  id: number,
  itemId: number,
  opts: CallOptions = {},
): Promise<void> {
  return client.request({
    service: 'user',
    method: 'DELETE',
    path: encodePath`/public/user/wish-list/${id}/${itemId}`,
    auth: true,
    schema: noContent,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/user/wish-list/move` (ours; spec §5 fields): the item goes to the target list (unless
 * it is there) and leaves the source, in one step. Answers every list.
 */
export function moveWishListItem(
  client: HttpClient,
  body: WishListMoveRequest,
  opts: CallOptions = {},
): Promise<WishList[]> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/wish-list/move',
    auth: true,
    locale: true,
    body,
    schema: wishListsSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/wish-list/{hash}` (public): the list shared under the hash. */
export function getSharedWishList(client: HttpClient, hash: string, opts: CallOptions = {}): Promise<PublicWishList> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: encodePath`/public/wish-list/${hash}`,
    locale: true,
    schema: publicWishListSchema,
    ...callOptions(opts),
  });
}

/**
 * The products of wish-list items (spec §7 "Search service used for wish lists", §9 "Wish-list
 * product batch 50"): read by ids from the search service, at most PRODUCT_IDS_BATCH (50) ids a
 * request, the requests in parallel (`data.items` of each answer; src/api/search.ts getProductsByIds). No price or picture filter: a product that cannot be bought now stays in the
 * list. Products the catalogue no longer lists are missing from the map.
 */
export async function wishListProducts(
  client: HttpClient,
  items: readonly { productId: number }[],
  opts: CallOptions = {},
): Promise<Map<number, WireProduct>> {
  const products = await getProductsByIds(
    client,
    items.map((item) => item.productId),
    {},
    opts,
  );
  return new Map(products.map((product) => [product.id, product]));
}
