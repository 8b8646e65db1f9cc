import { z } from 'zod';
import { REQUIRED_MESSAGE } from './person.ts';

/**
 * The wish lists' contract (companion spec accounts.md §3 "Wish list", §5, §7, §9): a signed-in
 * shopper's lists with their items (a product and its variant, `nomenclatureId`), and the public
 * read of one list by its sharing hash. Paths and payload fields are the spec's; the answers'
 * shapes, the move call and the limits are ours (docs/decisions.md "Wish lists").
 */

export const WISH_LIST_LIMITS = {
  /** Lists one shopper may keep. */
  lists: 20,
  /** Items one list may hold. */
  items: 500,
  /** Characters of a list's title. */
  title: 60,
} as const;

/** Spec §5: the message of a move whose list, product or variant ids are not integers. */
export const WRONG_INCOME_DATA = 'Wrong income data';

/** A sharing hash: 24 URL-safe characters made by the service (144 random bits); anything else names no list. */
export const WISH_LIST_HASH = /^[A-Za-z0-9_-]{24}$/;

const idSchema = z.number().int().positive();

/** Spec §3 wishListItems: one product in one variant (`nomenclatureId`); the product itself is the search service's. */
export const wishListItemSchema = z.object({
  id: idSchema,
  productId: idSchema,
  nomenclatureId: idSchema,
  createdAt: z.string(),
});
export type WishListItem = z.infer<typeof wishListItemSchema>;

/**
 * Spec §3 Wish list. `isDefault` (ours) marks the list the hearts fill: the shopper's first, made on
 * demand. Its title, while the shopper has not named it, is «Мой список» or «Мій список» in the
 * language of the request (`locale`).
 */
export const wishListSchema = z.object({
  id: idSchema,
  title: z.string(),
  isDefault: z.boolean(),
  hash: z.string().regex(WISH_LIST_HASH),
  wishListItems: z.array(wishListItemSchema),
});
export type WishList = z.infer<typeof wishListSchema>;

/** `GET /public/user/wish-list`: every list of the shopper, the default first (never empty). */
export const wishListsSchema = z.array(wishListSchema);

/** `GET /public/wish-list/{hash}`: what anyone with the link may read (no ids of the owner's lists). */
export const publicWishListSchema = wishListSchema.pick({ title: true, hash: true, wishListItems: true });
export type PublicWishList = z.infer<typeof publicWishListSchema>;

const titleSchema = z.string().trim().min(1, REQUIRED_MESSAGE).max(WISH_LIST_LIMITS.title);

/** `POST /public/user/wish-list` and `PUT /public/user/wish-list/{id}`. */
export const wishListTitleRequestSchema = z.object({ title: titleSchema });
export type WishListTitleRequest = z.input<typeof wishListTitleRequestSchema>;

/** `POST /public/user/wish-list/{id}/item`. */
export const wishListItemRequestSchema = z.object({ productId: idSchema, nomenclatureId: idSchema });
export type WishListItemRequest = z.input<typeof wishListItemRequestSchema>;

const moveIdSchema = z.number(WRONG_INCOME_DATA).int(WRONG_INCOME_DATA).positive(WRONG_INCOME_DATA);

/**
 * `POST /public/user/wish-list/move` (ours: the spec's move is an add to the target and a delete from
 * the source; the service does both in one transaction). Spec §5: integer source and target list
 * ids, a product and a nomenclature id, otherwise 'Wrong income data'.
 */
export const wishListMoveRequestSchema = z.object(
  {
    sourceListId: moveIdSchema,
    targetListId: moveIdSchema,
    productId: moveIdSchema,
    nomenclatureId: moveIdSchema,
  },
  WRONG_INCOME_DATA,
);
export type WishListMoveRequest = z.input<typeof wishListMoveRequestSchema>;
