import { describe, expect, it } from 'vitest';
import { storageKey, STORAGE_NAMES } from '../../src/domain/basket/basketKeys.ts';
import { GUEST_WISH_LIMIT } from '../../src/api/wishListPaths.ts';
import { parseGuestWishes, withoutProduct, withWish } from '../../src/domain/wishlist/guestWishes.ts';
import { defaultListOf, itemsOfProduct, wishedProductIds, wishesToMerge } from '../../src/domain/wishlist/wishLists.ts';

/** The wish lists' rules (accounts spec §3, §9; docs/decisions.md "Wish lists"). */

const list = (id: number, isDefault: boolean, items: [productId: number, nomenclatureId: number][]) => ({
  id,
  isDefault,
  wishListItems: items.map(([productId, nomenclatureId], n) => ({ id: id * 100 + n, productId, nomenclatureId })),
});

describe('a guest’s hearts', () => {
  it('are kept under bbs_wishList_anon (spec §9 key style)', () => {
    expect(storageKey(STORAGE_NAMES.wishList)).toBe('bbs_wishList_anon');
  });

  it.each([
    ['nothing', null, []],
    ['not JSON', '{', []],
    ['not a list', '{"productId":1}', []],
    [
      'bad entries dropped',
      '[{"productId":1,"nomenclatureId":2},{"productId":0,"nomenclatureId":1},null,{"productId":"3","nomenclatureId":3}]',
      [{ productId: 1, nomenclatureId: 2 }],
    ],
    [
      'a product once (the first kept)',
      '[{"productId":1,"nomenclatureId":2},{"productId":1,"nomenclatureId":3}]',
      [{ productId: 1, nomenclatureId: 2 }],
    ],
  ])('are read leniently: %s', (_, raw, expected) => {
    expect(parseGuestWishes(raw)).toEqual(expected);
  });

  it('a new heart goes first, replaces the product’s earlier variant, and the oldest goes past the limit', () => {
    let wishes = [{ productId: 1, nomenclatureId: 10 }];
    wishes = withWish(wishes, { productId: 2, nomenclatureId: 20 });
    wishes = withWish(wishes, { productId: 1, nomenclatureId: 11 });
    expect(wishes).toEqual([
      { productId: 1, nomenclatureId: 11 },
      { productId: 2, nomenclatureId: 20 },
    ]);
    expect(withoutProduct(wishes, 1)).toEqual([{ productId: 2, nomenclatureId: 20 }]);
    let full = wishes;
    for (let n = 100; n < 100 + GUEST_WISH_LIMIT; n++) full = withWish(full, { productId: n, nomenclatureId: n });
    expect(full).toHaveLength(GUEST_WISH_LIMIT);
    expect(full.some((w) => w.productId === 1 || w.productId === 2)).toBe(false);
  });
});

describe('a shopper’s lists', () => {
  const lists = [
    list(1, true, [
      [5, 50],
      [6, 60],
    ]),
    list(2, false, [
      [5, 51],
      [7, 70],
    ]),
  ];

  it('the hearts show the products in any list, each once', () => {
    expect(wishedProductIds(lists)).toEqual([5, 6, 7]);
  });

  it('the default list is the one marked, else the first', () => {
    expect(defaultListOf(lists)?.id).toBe(1);
    expect(defaultListOf([list(3, false, [])])?.id).toBe(3);
    expect(defaultListOf([])).toBeNull();
  });

  it('unhearting reaches the product in every list and variant', () => {
    expect(itemsOfProduct(lists, 5)).toEqual([
      { listId: 1, itemId: 100 },
      { listId: 2, itemId: 200 },
    ]);
  });

  it('a guest’s hearts merge oldest first, without products the account holds', () => {
    const guest = [
      { productId: 9, nomenclatureId: 90 },
      { productId: 5, nomenclatureId: 52 },
      { productId: 8, nomenclatureId: 80 },
    ];
    expect(wishesToMerge(lists, guest)).toEqual([
      { productId: 8, nomenclatureId: 80 },
      { productId: 9, nomenclatureId: 90 },
    ]);
  });
});
