/**
 * The storefront's wish-list endpoints (src/pages/api/account/wish-list/**), spelled once for the
 * server (ACCOUNT_PATHS) and for the hearts' script, which must not pull zod in with the schemas.
 */
export const WISH_LIST_PATHS = {
  /** GET: the shopper's lists and wished product ids; POST: a new list. `/{id}`, `/{id}/delete`, … below it. */
  lists: '/api/account/wish-list',
  /** The hearts' one call: wish a product (into the default list) or no longer (out of every list). */
  heart: '/api/account/wish-list/heart',
  /** At sign-in: a guest's hearted items into the default list. */
  merge: '/api/account/wish-list/merge',
  move: '/api/account/wish-list/move',
} as const;

/** Products a guest may keep in the browser, so the most the merge at sign-in takes at once. */
export const GUEST_WISH_LIMIT = 100;
