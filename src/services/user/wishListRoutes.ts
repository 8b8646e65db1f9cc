import type { Context, Hono } from 'hono';
import { issueFields } from '../../api/apiError.ts';
import type { Locale } from '../../api/schemas/common.ts';
import {
  WISH_LIST_LIMITS,
  wishListItemRequestSchema,
  wishListMoveRequestSchema,
  wishListTitleRequestSchema,
  WRONG_INCOME_DATA,
} from '../../api/schemas/wishList.ts';
import type { WishList } from '../../api/schemas/wishList.ts';
import { inTransaction } from '../db/database.ts';
import { answering, idParam, readJson, signedIn } from './routeKit.ts';
import type { UserDeps } from './userDeps.ts';
import { invalidFields, MESSAGES, notFound, parseFields, UserProblem } from './userProblem.ts';

/**
 * Wish lists (accounts spec §3, §5, §7; docs/decisions.md "Wish lists"). A signed-in shopper keeps
 * up to WISH_LIST_LIMITS.lists lists of up to WISH_LIST_LIMITS.items items; the first is the default,
 * made on demand when the lists are read. Every list id in a path is looked up together with the
 * signed-in customer: another shopper's id is a 404, like an id that does not exist, and changes
 * nothing. Reading a list by its sharing hash is public; nothing changes a list by its hash.
 */

const LIST = 'Список желаний';

/** The language of the answer's default title: the `locale` the storefront's client sends. */
function language(c: Context): Locale {
  return c.req.query('locale') === 'uk' ? 'uk' : 'ru';
}

function tooMany(what: string, max: number): UserProblem {
  return invalidFields([{ field: 'body', message: MESSAGES.tooMany(what, max) }]);
}

/** Spec §5: a move with ids that are not integers is 'Wrong income data', naming each such field. */
function moveBody(input: unknown) {
  const parsed = wishListMoveRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  // The spec's one message for every field at fault, named by its top-level key.
  const fields = issueFields(parsed.error.issues).map(({ field }) => ({
    field: field.split('.')[0] ?? field,
    message: WRONG_INCOME_DATA,
  }));
  return wrongIncomeData(fields);
}

function wrongIncomeData(fields: { field: string; message: string }[]): never {
  throw new UserProblem(400, 400, WRONG_INCOME_DATA, fields);
}

export function mountWishListRoutes(app: Hono, deps: UserDeps): void {
  const { tokens, wishLists, db } = deps;

  function owned(customerId: number, id: number, lang: Locale): WishList {
    const list = wishLists.find(customerId, id, lang);
    if (!list) throw notFound(LIST);
    return list;
  }

  app.get(
    '/public/user/wish-list',
    signedIn(tokens, (c, { customerId }) => {
      // The first read makes the default list: a shopper always has one to add to.
      if (wishLists.count(customerId) === 0) inTransaction(db, () => wishLists.ensureDefault(customerId));
      return c.json(wishLists.lists(customerId, language(c)));
    }),
  );

  app.post(
    '/public/user/wish-list',
    signedIn(tokens, async (c, { customerId }) => {
      const { title } = parseFields(wishListTitleRequestSchema, await readJson(c));
      const id = inTransaction(db, () => {
        if (wishLists.count(customerId) >= WISH_LIST_LIMITS.lists) throw tooMany('списков', WISH_LIST_LIMITS.lists);
        return wishLists.create(customerId, title);
      });
      return c.json(owned(customerId, id, language(c)), 201);
    }),
  );

  app.put(
    '/public/user/wish-list/:id',
    signedIn(tokens, async (c, { customerId }) => {
      const id = idParam(c, LIST);
      const { title } = parseFields(wishListTitleRequestSchema, await readJson(c));
      if (!wishLists.rename(customerId, id, title)) throw notFound(LIST);
      return c.json(owned(customerId, id, language(c)));
    }),
  );

  app.delete(
    '/public/user/wish-list/:id',
    signedIn(tokens, (c, { customerId }) => {
      const id = idParam(c, LIST);
      if (!inTransaction(db, () => wishLists.remove(customerId, id))) throw notFound(LIST);
      return c.body(null, 204);
    }),
  );

  // Adding what the list holds already changes nothing and answers 200 (a new item: 201).
  app.post(
    '/public/user/wish-list/:id/item',
    signedIn(tokens, async (c, { customerId }) => {
      const id = idParam(c, LIST);
      const { productId, nomenclatureId } = parseFields(wishListItemRequestSchema, await readJson(c));
      const added = inTransaction(db, () => {
        owned(customerId, id, 'ru');
        if (wishLists.findItem(id, productId, nomenclatureId) !== null) return false;
        if (wishLists.itemCount(id) >= WISH_LIST_LIMITS.items) throw tooMany('товаров', WISH_LIST_LIMITS.items);
        return wishLists.addItem(id, productId, nomenclatureId);
      });
      return c.json(owned(customerId, id, language(c)), added ? 201 : 200);
    }),
  );

  app.delete(
    '/public/user/wish-list/:id/:itemId',
    signedIn(tokens, (c, { customerId }) => {
      const id = idParam(c, LIST);
      const itemId = idParam(c, LIST, 'itemId');
      if (!wishLists.removeItem(customerId, id, itemId)) throw notFound(LIST);
      return c.body(null, 204);
    }),
  );

  // The move (ours, spec §5's fields): added to the target unless it is there, deleted from the
  // source, in one transaction; answers every list, as the read does.
  app.post(
    '/public/user/wish-list/move',
    signedIn(tokens, async (c, { customerId }) => {
      // A body that is not JSON carries no integer ids either: the same answer.
      const move = moveBody(await readJson(c).catch(() => undefined));
      if (move.sourceListId === move.targetListId) {
        wrongIncomeData([{ field: 'targetListId', message: WRONG_INCOME_DATA }]);
      }
      inTransaction(db, () => {
        owned(customerId, move.sourceListId, 'ru');
        owned(customerId, move.targetListId, 'ru');
        const itemId = wishLists.findItem(move.sourceListId, move.productId, move.nomenclatureId);
        if (itemId === null) throw notFound(LIST);
        if (wishLists.findItem(move.targetListId, move.productId, move.nomenclatureId) === null) {
          if (wishLists.itemCount(move.targetListId) >= WISH_LIST_LIMITS.items) {
            throw tooMany('товаров', WISH_LIST_LIMITS.items);
          }
          wishLists.addItem(move.targetListId, move.productId, move.nomenclatureId);
        }
        wishLists.removeItem(customerId, move.sourceListId, itemId);
      });
      return c.json(wishLists.lists(customerId, language(c)));
    }),
  );

  // Public (spec §6 "Reading a wish list by hash is public"): the hash is the only key.
  app.get(
    '/public/wish-list/:hash',
    answering((c) => {
      const list = wishLists.byHash(c.req.param('hash') ?? '', language(c));
      if (!list) throw notFound(LIST);
      return c.json(list);
    }),
  );
}
