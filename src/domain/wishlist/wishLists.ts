/**
 * Rules over a signed-in shopper's wish lists (accounts spec §3: "State also holds the list and the
 * set of product ids"), shared by the storefront's endpoints and pages. A heart shows whether a
 * product is in any of the shopper's lists, in any variant (docs/decisions.md "Wish lists").
 */

interface Item {
  id: number;
  productId: number;
  nomenclatureId: number;
}

interface List {
  id: number;
  isDefault: boolean;
  wishListItems: readonly Item[];
}

/** The products in any list, each once, in list order. */
export function wishedProductIds(lists: readonly List[]): number[] {
  return [...new Set(lists.flatMap((list) => list.wishListItems.map((item) => item.productId)))];
}

/** The list the hearts fill: the default one (the service always answers one first). */
export function defaultListOf<L extends List>(lists: readonly L[]): L | null {
  return lists.find((list) => list.isDefault) ?? lists[0] ?? null;
}

/** Every item of the product, in every list (unhearting removes them all). */
export function itemsOfProduct(lists: readonly List[], productId: number): { listId: number; itemId: number }[] {
  return lists.flatMap((list) =>
    list.wishListItems
      .filter((item) => item.productId === productId)
      .map((item) => ({ listId: list.id, itemId: item.id })),
  );
}

/**
 * What a guest's hearts add to the account at sign-in: the products the account holds in none of its
 * lists (a product it has already, in any variant, stays as it is), oldest heart first so the newest
 * ends up on top of the default list.
 */
export function wishesToMerge<W extends { productId: number }>(lists: readonly List[], guest: readonly W[]): W[] {
  const held = new Set(wishedProductIds(lists));
  return guest.filter((wish) => !held.has(wish.productId)).toReversed();
}
