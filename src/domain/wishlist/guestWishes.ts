import { GUEST_WISH_LIMIT } from '../../api/wishListPaths.ts';
/**
 * A guest's wish list (docs/decisions.md "Wish lists"): the products a shopper who is not signed in
 * hearted, kept in this browser (`bbs_wishList_anon`, spec §9 key style) and merged into the
 * account's default list at sign-in. One entry per product, newest first, in the variant hearted.
 * Pure: the hearts' script reads and writes storage around it.
 */

/** A product in the variant (nomenclature) it was hearted in. */
export interface Wish {
  productId: number;
  nomenclatureId: number;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** What storage holds, read leniently: anything that is not a list of wishes is an empty list. */
export function parseGuestWishes(raw: string | null): Wish[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const wishes: Wish[] = [];
  for (const entry of parsed as unknown[]) {
    const { productId, nomenclatureId } = (entry ?? {}) as Partial<Record<keyof Wish, unknown>>;
    if (isId(productId) && isId(nomenclatureId) && !wishes.some((w) => w.productId === productId)) {
      wishes.push({ productId, nomenclatureId });
    }
  }
  return wishes.slice(0, GUEST_WISH_LIMIT);
}

/** The list with `wish` first (replacing the product's earlier variant), at most GUEST_WISH_LIMIT long. */
export function withWish(wishes: readonly Wish[], wish: Wish): Wish[] {
  return [wish, ...wishes.filter((w) => w.productId !== wish.productId)].slice(0, GUEST_WISH_LIMIT);
}

/** The list without the product, in whatever variant. */
export function withoutProduct(wishes: readonly Wish[], productId: number): Wish[] {
  return wishes.filter((w) => w.productId !== productId);
}
