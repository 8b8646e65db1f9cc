import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ERROR } from '../../src/api/schemas/user.ts';
import { WISH_LIST_HASH, WISH_LIST_LIMITS, WRONG_INCOME_DATA } from '../../src/api/schemas/wishList.ts';
import {
  addToWishList,
  createWishList,
  deleteFromWishList,
  deleteWishList,
  getSharedWishList,
  getWishLists,
  moveWishListItem,
  renameWishList,
} from '../../src/api/wishList.ts';
import { createUserShop, expectRefusal, freshPhone, registerShopper } from './userSupport.ts';
import type { UserShop } from './userSupport.ts';

/**
 * Wish lists over the user service's HTTP API on a real (in-memory) SQLite database (accounts spec
 * §3, §5, §7): the default list made on demand, create, rename, delete, items added once, the move,
 * the limits, the public read by hash; another shopper's ids are a 404 that changes nothing, and
 * nothing works without a session.
 */
let shop: UserShop;

beforeAll(() => {
  shop = createUserShop();
});
afterAll(() => shop.db.close());

/** The bearer token each test client was made with. */
const tokens = new WeakMap<object, string>();
function tokenOf(client: object): string {
  const token = tokens.get(client);
  if (!token) throw new Error('a client not made by newShopper');
  return token;
}

/** A client of a newly registered shopper. */
async function newShopper() {
  const { token } = await registerShopper(shop, freshPhone());
  const client = shop.client({ token });
  tokens.set(client, token);
  return client;
}

describe('the default list', () => {
  it('is made by the first read, once, titled in the language of each request', async () => {
    const client = await newShopper();
    const [first, ...none] = await getWishLists(client);
    expect(none).toEqual([]);
    expect(first).toMatchObject({ title: 'Мой список', isDefault: true, wishListItems: [] });
    expect(first?.hash).toMatch(WISH_LIST_HASH);
    const again = await getWishLists(client);
    expect(again.map((l) => l.id)).toEqual([first?.id]);
    // Not named yet: the Ukrainian site reads it in Ukrainian, the public read too.
    const uk = await getWishLists(shop.client({ token: tokenOf(client), locale: 'uk' }));
    expect(uk[0]?.title).toBe('Мій список');
    expect((await getSharedWishList(shop.client({ locale: 'uk' }), first?.hash ?? '')).title).toBe('Мій список');
    // Named, it keeps its name in both languages.
    await renameWishList(client, first?.id ?? 0, { title: '  Для малыша  ' });
    expect((await getWishLists(shop.client({ token: tokenOf(client), locale: 'uk' })))[0]?.title).toBe('Для малыша');
  });

  it('a shopper’s first list made by hand is the default; deleting the default passes it to the oldest left', async () => {
    const client = await newShopper();
    const birthday = await createWishList(client, { title: 'День рождения' });
    expect(birthday.isDefault).toBe(true);
    const toys = await createWishList(client, { title: 'Игрушки' });
    const books = await createWishList(client, { title: 'Книги' });
    expect([toys.isDefault, books.isDefault]).toEqual([false, false]);
    await deleteWishList(client, birthday.id);
    const lists = await getWishLists(client);
    expect(lists.map((l) => [l.title, l.isDefault])).toEqual([
      ['Игрушки', true],
      ['Книги', false],
    ]);
    // Every list gone: the next read makes a fresh default.
    await deleteWishList(client, toys.id);
    await deleteWishList(client, books.id);
    const fresh = await getWishLists(client);
    expect(fresh.map((l) => [l.title, l.isDefault])).toEqual([['Мой список', true]]);
  });
});

describe('items', () => {
  it('are added once per product and variant, newest first, and removed', async () => {
    const client = await newShopper();
    const [list] = await getWishLists(client);
    if (!list) throw new Error('no default list');
    const added = await addToWishList(client, list.id, { productId: 11, nomenclatureId: 110 });
    expect(added.wishListItems.map((i) => [i.productId, i.nomenclatureId])).toEqual([[11, 110]]);
    // The same product in the same variant: not added twice; another variant is another item.
    await addToWishList(client, list.id, { productId: 11, nomenclatureId: 110 });
    const both = await addToWishList(client, list.id, { productId: 11, nomenclatureId: 111 });
    expect(both.wishListItems.map((i) => i.nomenclatureId)).toEqual([111, 110]);
    const raw = await shop.call(
      'POST',
      `/public/user/wish-list/${list.id}/item`,
      { productId: 11, nomenclatureId: 110 },
      {
        authorization: `Bearer ${tokenOf(client)}`,
      },
    );
    expect(raw.status).toBe(200);
    const item = both.wishListItems.find((i) => i.nomenclatureId === 110);
    await deleteFromWishList(client, list.id, item?.id ?? 0);
    expect((await getWishLists(client))[0]?.wishListItems.map((i) => i.nomenclatureId)).toEqual([111]);
    await expectRefusal(deleteFromWishList(client, list.id, item?.id ?? 0), USER_ERROR.notFound, 404);
  });

  it('a body that is not a product and a variant id names the field', async () => {
    const client = await newShopper();
    const [list] = await getWishLists(client);
    const refused = await expectRefusal(
      addToWishList(client, list?.id ?? 0, { productId: 0, nomenclatureId: 1.5 }),
      400,
      400,
    );
    expect(refused.fields.map((f) => f.field).sort()).toEqual(['nomenclatureId', 'productId']);
    const untitled = await expectRefusal(createWishList(client, { title: '   ' }), 400, 400);
    expect(untitled.fields).toEqual([{ field: 'title', message: 'Поле обовязкове до заповнення' }]);
    await expectRefusal(createWishList(client, { title: 'я'.repeat(WISH_LIST_LIMITS.title + 1) }), 400, 400);
  });
});

describe('moving an item', () => {
  it('adds it to the target and removes it from the source in one step', async () => {
    const client = await newShopper();
    const [mine] = await getWishLists(client);
    if (!mine) throw new Error('no default list');
    const gifts = await createWishList(client, { title: 'Подарки' });
    await addToWishList(client, mine.id, { productId: 5, nomenclatureId: 50 });
    await addToWishList(client, mine.id, { productId: 6, nomenclatureId: 60 });
    const moved = await moveWishListItem(client, {
      sourceListId: mine.id,
      targetListId: gifts.id,
      productId: 5,
      nomenclatureId: 50,
    });
    expect(moved.map((l) => [l.id, l.wishListItems.map((i) => i.productId)])).toEqual([
      [mine.id, [6]],
      [gifts.id, [5]],
    ]);
    // Already in the target: it only leaves the source.
    await addToWishList(client, mine.id, { productId: 5, nomenclatureId: 50 });
    const again = await moveWishListItem(client, {
      sourceListId: mine.id,
      targetListId: gifts.id,
      productId: 5,
      nomenclatureId: 50,
    });
    expect(again.map((l) => l.wishListItems.map((i) => i.productId))).toEqual([[6], [5]]);
    // Not in the source: a 404, nothing moves.
    await expectRefusal(
      moveWishListItem(client, { sourceListId: mine.id, targetListId: gifts.id, productId: 5, nomenclatureId: 50 }),
      USER_ERROR.notFound,
      404,
    );
  });

  it('spec §5: ids that are not integers, or the same list twice, are Wrong income data', async () => {
    const client = await newShopper();
    const [mine] = await getWishLists(client);
    const id = mine?.id ?? 0;
    const bodies: unknown[] = [
      { sourceListId: String(id), targetListId: id + 1, productId: 1, nomenclatureId: 1 },
      { sourceListId: id, targetListId: 1.5, productId: 1, nomenclatureId: 1 },
      { sourceListId: id, targetListId: id + 1, nomenclatureId: 1 },
      { sourceListId: id, targetListId: id + 1, productId: 1, nomenclatureId: null },
      { sourceListId: id, targetListId: id, productId: 1, nomenclatureId: 1 },
      [],
      'text',
    ];
    for (const body of bodies) {
      const answer = await shop.call('POST', '/public/user/wish-list/move', body, {
        authorization: `Bearer ${tokenOf(client)}`,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const error = (await answer.json()) as { message: string; fields: { message: string }[] };
      expect(error.message).toBe(WRONG_INCOME_DATA);
      expect(error.fields.length).toBeGreaterThan(0);
    }
  });
});

describe('limits', () => {
  it(`at most ${WISH_LIST_LIMITS.lists} lists and ${WISH_LIST_LIMITS.items} items a list`, async () => {
    const client = await newShopper();
    const [mine] = await getWishLists(client);
    if (!mine) throw new Error('no default list');
    for (let n = 1; n < WISH_LIST_LIMITS.lists; n++) await createWishList(client, { title: `Список ${n}` });
    const lists = await expectRefusal(createWishList(client, { title: 'Лишний' }), 400, 400);
    expect(lists.fields[0]).toMatchObject({ field: 'body' });
    expect((await getWishLists(client)).length).toBe(WISH_LIST_LIMITS.lists);

    // Filled straight in the database (500 calls would only slow the test), then one more by the API.
    const insert = shop.db.prepare(
      "INSERT INTO wish_list_item (list_id, product_id, nomenclature_id, created_at) VALUES (?, ?, ?, '2026-03-10T09:00:00Z')",
    );
    for (let n = 1; n <= WISH_LIST_LIMITS.items; n++) insert.run(mine.id, n, n);
    const items = await expectRefusal(
      addToWishList(client, mine.id, { productId: 9_999, nomenclatureId: 9_999 }),
      400,
      400,
    );
    expect(items.fields[0]?.message).toMatch(String(WISH_LIST_LIMITS.items));
    // What is there already is still answered (not a refusal): nothing to add.
    expect((await addToWishList(client, mine.id, { productId: 1, nomenclatureId: 1 })).wishListItems).toHaveLength(
      WISH_LIST_LIMITS.items,
    );
  });
});

describe('sharing by hash', () => {
  it('anyone reads a list by its hash; an unknown or malformed hash is a 404', async () => {
    const client = await newShopper();
    const list = await createWishList(client, { title: 'Хочу на праздник' });
    await addToWishList(client, list.id, { productId: 7, nomenclatureId: 70 });
    const shared = await getSharedWishList(shop.client(), list.hash);
    expect(shared).toEqual({
      title: 'Хочу на праздник',
      hash: list.hash,
      wishListItems: [expect.objectContaining({ productId: 7, nomenclatureId: 70 })],
    });
    expect(shared).not.toHaveProperty('id');
    // Each list has a hash of its own, not derived from its id.
    const other = await createWishList(client, { title: 'Ещё' });
    expect(other.hash).not.toBe(list.hash);
    for (const hash of [
      'A'.repeat(24),
      'short',
      `${list.hash}x`,
      list.hash.toLowerCase() === list.hash ? 'x' : list.hash.toLowerCase(),
    ]) {
      await expectRefusal(getSharedWishList(shop.client(), hash), USER_ERROR.notFound, 404);
    }
  });

  it('nothing changes a list by its hash', async () => {
    const client = await newShopper();
    const list = await createWishList(client, { title: 'Только чтение' });
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH']) {
      const answer = await shop.call(method, `/public/wish-list/${list.hash}`, { title: 'Чужое' });
      expect(answer.status, method).toBe(404);
    }
    const item = await shop.call('POST', `/public/wish-list/${list.hash}/item`, { productId: 1, nomenclatureId: 1 });
    expect(item.status).toBe(404);
    expect((await getSharedWishList(shop.client(), list.hash)).title).toBe('Только чтение');
  });
});

describe('another shopper’s lists', () => {
  it('are a 404 to change, move from or to, and stay as they were', async () => {
    const owner = await newShopper();
    const [list] = await getWishLists(owner);
    if (!list) throw new Error('no default list');
    const filled = await addToWishList(owner, list.id, { productId: 3, nomenclatureId: 30 });
    const item = filled.wishListItems[0];
    const before = await getWishLists(owner);

    const stranger = await newShopper();
    const [own] = await getWishLists(stranger);
    if (!own || !item) throw new Error('no lists');
    await expectRefusal(renameWishList(stranger, list.id, { title: 'Моё' }), USER_ERROR.notFound, 404);
    await expectRefusal(deleteWishList(stranger, list.id), USER_ERROR.notFound, 404);
    await expectRefusal(
      addToWishList(stranger, list.id, { productId: 4, nomenclatureId: 40 }),
      USER_ERROR.notFound,
      404,
    );
    await expectRefusal(deleteFromWishList(stranger, list.id, item.id), USER_ERROR.notFound, 404);
    // The owner's item through the stranger's own list id: still not theirs.
    await expectRefusal(deleteFromWishList(stranger, own.id, item.id), USER_ERROR.notFound, 404);
    await expectRefusal(
      moveWishListItem(stranger, { sourceListId: list.id, targetListId: own.id, productId: 3, nomenclatureId: 30 }),
      USER_ERROR.notFound,
      404,
    );
    await addToWishList(stranger, own.id, { productId: 8, nomenclatureId: 80 });
    await expectRefusal(
      moveWishListItem(stranger, { sourceListId: own.id, targetListId: list.id, productId: 8, nomenclatureId: 80 }),
      USER_ERROR.notFound,
      404,
    );

    expect(await getWishLists(owner)).toEqual(before);
    // The stranger's item did not move either.
    expect((await getWishLists(stranger))[0]?.wishListItems.map((i) => i.productId)).toEqual([8]);
  });

  it('ids that are not positive integers are a 404 too', async () => {
    const client = await newShopper();
    for (const id of ['0', '-1', '1e3', 'abc', '99999999999999999999']) {
      const answer = await shop.call('DELETE', `/public/user/wish-list/${id}`, undefined, {
        authorization: `Bearer ${tokenOf(client)}`,
      });
      expect(answer.status).toBe(404);
      const item = await shop.call('DELETE', `/public/user/wish-list/1/${id}`, undefined, {
        authorization: `Bearer ${tokenOf(client)}`,
      });
      expect(item.status).toBe(404);
    }
  });
});

describe('without a session', () => {
  const CALLS: readonly [method: string, path: string, body?: unknown][] = [
    ['GET', '/public/user/wish-list?locale=ru'],
    ['POST', '/public/user/wish-list', { title: 'Х' }],
    ['PUT', '/public/user/wish-list/1', { title: 'Х' }],
    ['DELETE', '/public/user/wish-list/1'],
    ['POST', '/public/user/wish-list/1/item', { productId: 1, nomenclatureId: 1 }],
    ['DELETE', '/public/user/wish-list/1/1'],
    ['POST', '/public/user/wish-list/move', { sourceListId: 1, targetListId: 2, productId: 1, nomenclatureId: 1 }],
  ];

  it.each(CALLS)('%s %s is 401 and changes nothing', async (method, path, body) => {
    const owner = await newShopper();
    const before = await getWishLists(owner);
    for (const header of [{}, { authorization: 'Bearer not-a-token-of-this-service' }]) {
      const answer = await shop.call(method, path, body, header);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 401 });
    }
    expect(await getWishLists(owner)).toEqual(before);
  });
});
