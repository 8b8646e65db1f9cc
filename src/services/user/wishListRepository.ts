import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Locale } from '../../api/schemas/common.ts';
import { publicWishListSchema, wishListSchema, WISH_LIST_HASH } from '../../api/schemas/wishList.ts';
import type { PublicWishList, WishList, WishListItem } from '../../api/schemas/wishList.ts';
import { bool, num, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { isoAt } from './clock.ts';
import type { Clock } from './clock.ts';
import { defaultWishListTitle } from './messages.ts';

/**
 * A shopper's wish lists (accounts spec §3). Every statement that reads or changes a list by its id
 * names the customer too, so another shopper's id matches no row: the routes answer it as a 404 and
 * nothing changes. Items are reached only through a list found this way.
 */
export interface WishListRepository {
  /** Every list of the shopper, the default first, then oldest first; items newest first. */
  lists(customerId: number, language: Locale): WishList[];
  find(customerId: number, id: number, language: Locale): WishList | null;
  /** The default list's id (call in a transaction); an untitled one is made when the shopper has no list at all. */
  ensureDefault(customerId: number): number;
  count(customerId: number): number;
  /** A new list; the shopper's first becomes the default. */
  create(customerId: number, title: string): number;
  rename(customerId: number, id: number, title: string): boolean;
  /** Deletes it with its items; when it was the default, the oldest remaining list becomes the default. */
  remove(customerId: number, id: number): boolean;
  itemCount(listId: number): number;
  /** The item of this product in this variant in the list, if any. */
  findItem(listId: number, productId: number, nomenclatureId: number): number | null;
  /** Adds the item; false when the list holds it already (nothing changes then). */
  addItem(listId: number, productId: number, nomenclatureId: number): boolean;
  /** Deletes the item `itemId` of the shopper's list `listId`. */
  removeItem(customerId: number, listId: number, itemId: number): boolean;
  /** The list shared under `hash`, for anyone who has the link. */
  byHash(hash: string, language: Locale): PublicWishList | null;
}

const HASH_BYTES = 18;

function itemFromRow(row: Row): WishListItem {
  return {
    id: num(row, 'id'),
    productId: num(row, 'product_id'),
    nomenclatureId: num(row, 'nomenclature_id'),
    createdAt: str(row, 'created_at'),
  };
}

export function createWishListRepository(db: DatabaseSync, clock: Clock): WishListRepository {
  const LIST_COLUMNS = 'id, title, is_default, hash';
  const lists = db.prepare(`SELECT ${LIST_COLUMNS} FROM wish_list WHERE customer_id = ? ORDER BY is_default DESC, id`);
  const find = db.prepare(`SELECT ${LIST_COLUMNS} FROM wish_list WHERE customer_id = ? AND id = ?`);
  const byHash = db.prepare(`SELECT ${LIST_COLUMNS} FROM wish_list WHERE hash = ?`);
  const itemsOfCustomer = db.prepare(
    `SELECT i.id, i.list_id, i.product_id, i.nomenclature_id, i.created_at
       FROM wish_list_item i JOIN wish_list l ON l.id = i.list_id
      WHERE l.customer_id = ? ORDER BY i.id DESC`,
  );
  const itemsOfList = db.prepare(
    'SELECT id, product_id, nomenclature_id, created_at FROM wish_list_item WHERE list_id = ? ORDER BY id DESC',
  );
  const defaultOf = db.prepare('SELECT id FROM wish_list WHERE customer_id = ? AND is_default = 1');
  const count = db.prepare('SELECT count(*) AS n FROM wish_list WHERE customer_id = ?');
  const insert = db.prepare(
    `INSERT INTO wish_list (customer_id, title, is_default, hash, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
  );
  const rename = db.prepare('UPDATE wish_list SET title = ? WHERE customer_id = ? AND id = ?');
  const remove = db.prepare('DELETE FROM wish_list WHERE customer_id = ? AND id = ? RETURNING is_default');
  const oldest = db.prepare('SELECT id FROM wish_list WHERE customer_id = ? ORDER BY id LIMIT 1');
  const setDefault = db.prepare('UPDATE wish_list SET is_default = 1 WHERE customer_id = ? AND id = ?');
  const itemCount = db.prepare('SELECT count(*) AS n FROM wish_list_item WHERE list_id = ?');
  const findItem = db.prepare(
    'SELECT id FROM wish_list_item WHERE list_id = ? AND product_id = ? AND nomenclature_id = ?',
  );
  const addItem = db.prepare(
    `INSERT INTO wish_list_item (list_id, product_id, nomenclature_id, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (list_id, product_id, nomenclature_id) DO NOTHING`,
  );
  const removeItem = db.prepare(
    `DELETE FROM wish_list_item
      WHERE id = ? AND list_id = (SELECT id FROM wish_list WHERE customer_id = ? AND id = ?)`,
  );

  const titleOf = (row: Row, language: Locale) => strOrNull(row, 'title') ?? defaultWishListTitle(language);
  const list = (row: Row, language: Locale, items: WishListItem[]): WishList =>
    wishListSchema.parse({
      id: num(row, 'id'),
      title: titleOf(row, language),
      isDefault: bool(row, 'is_default'),
      hash: str(row, 'hash'),
      wishListItems: items,
    });

  function newHash(): string {
    const hash = randomBytes(HASH_BYTES).toString('base64url');
    if (!WISH_LIST_HASH.test(hash)) throw new Error('a wish-list hash of the wrong shape');
    return hash;
  }

  function insertList(customerId: number, title: string | null): number {
    const first = (count.get(customerId)?.['n'] ?? 0) === 0;
    const row = insert.get(customerId, title, first ? 1 : 0, newHash(), isoAt(clock));
    if (!row) throw new Error('the wish list was not saved');
    return num(row, 'id');
  }

  return {
    lists: (customerId, language) => {
      const items = new Map<number, WishListItem[]>();
      for (const row of itemsOfCustomer.all(customerId)) {
        const listId = num(row, 'list_id');
        const own = items.get(listId) ?? [];
        own.push(itemFromRow(row));
        items.set(listId, own);
      }
      return lists.all(customerId).map((row) => list(row, language, items.get(num(row, 'id')) ?? []));
    },
    find: (customerId, id, language) => {
      const row = find.get(customerId, id);
      return row ? list(row, language, itemsOfList.all(id).map(itemFromRow)) : null;
    },
    ensureDefault: (customerId) => {
      const row = defaultOf.get(customerId) ?? oldest.get(customerId);
      if (!row) return insertList(customerId, null);
      const id = num(row, 'id');
      setDefault.run(customerId, id);
      return id;
    },
    count: (customerId) => num(count.get(customerId) ?? { n: 0 }, 'n'),
    create: (customerId, title) => insertList(customerId, title),
    rename: (customerId, id, title) => rename.run(title, customerId, id).changes === 1,
    remove: (customerId, id) => {
      const row = remove.get(customerId, id);
      if (!row) return false;
      if (bool(row, 'is_default')) {
        const next = oldest.get(customerId);
        if (next) setDefault.run(customerId, num(next, 'id'));
      }
      return true;
    },
    itemCount: (listId) => num(itemCount.get(listId) ?? { n: 0 }, 'n'),
    findItem: (listId, productId, nomenclatureId) => {
      const row = findItem.get(listId, productId, nomenclatureId);
      return row ? num(row, 'id') : null;
    },
    addItem: (listId, productId, nomenclatureId) =>
      addItem.run(listId, productId, nomenclatureId, isoAt(clock)).changes === 1,
    removeItem: (customerId, listId, itemId) => removeItem.run(itemId, customerId, listId).changes === 1,
    byHash: (hash, language) => {
      if (!WISH_LIST_HASH.test(hash)) return null;
      const row = byHash.get(hash);
      if (!row) return null;
      return publicWishListSchema.parse({
        title: titleOf(row, language),
        hash: str(row, 'hash'),
        wishListItems: itemsOfList.all(num(row, 'id')).map(itemFromRow),
      });
    },
  };
}
