import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/api/http.ts';
import { wishedProductsSchema, wishListStateSchema } from '../../src/api/schemas/account.ts';
import { doneAnswerSchema, endpointRefusalSchema } from '../../src/api/schemas/endpoint.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { login } from '../../src/api/user.ts';
import { getWishLists } from '../../src/api/wishList.ts';
import {
  addWishListItemAction,
  createWishListAction,
  deleteWishListAction,
  heartAction,
  mergeAction,
  moveWishListItemAction,
  removeWishListItemAction,
  renameWishListAction,
} from '../../src/server/account/wishListActions.ts';
import { wishListStateFlow } from '../../src/server/account/wishListFlows.ts';
import type { AuthContext } from '../../src/server/session/authContext.ts';
import { createSomeServices, type SomeServices } from '../../src/services/index.ts';
import { FakeSession } from '../unit/support/authFakes.ts';
import { embeddedBaseUrls, endpointKit, throughMiddleware } from './endpointSupport.ts';

/**
 * The wish lists' account endpoints (src/pages/api/account/wish-list/**, their flows in
 * src/server/account) over the embedded user and search services: 401 without a session, 403 from
 * another site (the middleware's rule), bodies checked with zod (spec §5 'Wrong income data' for a move), another shopper's
 * ids change nothing, the hearts' wish and unwish, a guest's hearts merged at sign-in, and no body
 * ever answered with a 5xx.
 */

const A = { login: '380501112233', password: 'demo-password' };
const B = { login: '380672223344', password: 'demo-password' };

let services: SomeServices;
let products: { id: number; variant: number }[];

beforeAll(async () => {
  services = await createSomeServices(['user', 'search'], { dataDir: ':memory:', seed: { seed: 42, products: 40 } });
  const list = productListSchema.parse(
    await (await services.fetch(new Request('http://shop.test/svc/search/public/products?page=0&limit=10'))).json(),
  );
  products = list.items.map((p) => ({ id: p.id, variant: p.nomenclature[0]?.id ?? 0 }));
});
afterAll(() => services.close());

const { context, signedIn } = endpointKit({
  services: () => services,
  path: '/api/account/wish-list',
  clientIp: '203.0.113.60',
});
const baseUrls = embeddedBaseUrls;

/** The shopper's lists read straight from the user service. */
async function listsOf(who: { login: string; password: string }) {
  const anonymous = createHttpClient({ baseUrls, fetch: services.fetch, locale: 'ru' });
  const { token } = await login(anonymous, who, { clientIp: '203.0.113.61' });
  const client = createHttpClient({
    baseUrls,
    fetch: services.fetch,
    locale: 'ru',
    tokens: { get: () => ({ token, refreshToken: null }), set: () => {} },
  });
  return getWishLists(client);
}

async function state(session: FakeSession, locale: Locale = 'ru') {
  const response = await wishListStateFlow.run(context(session, { method: 'GET', locale }));
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  return wishListStateSchema.parse(await response.json());
}

function product(n: number) {
  const found = products[n];
  if (!found) throw new Error(`the seed has no product ${n}`);
  return found;
}

async function heart(session: FakeSession, n: number, wished: boolean) {
  const { id, variant } = product(n);
  const response = await heartAction.run(
    context(session, { body: { json: { productId: id, nomenclatureId: variant, wished } } }),
  );
  const answer = doneAnswerSchema.parse(await response.json());
  expect(response.status, answer.message).toBe(200);
  return { message: answer.message, ...wishedProductsSchema.parse(answer.data) };
}

type Run = (ctx: AuthContext) => Promise<Response>;
const ENDPOINTS: readonly { name: string; run: Run; valid: Record<string, unknown> }[] = [
  {
    name: 'wish-list (create)',
    run: (ctx) => createWishListAction.run(ctx),
    valid: { title: 'Игрушки' },
  },
  {
    name: 'wish-list/{id}',
    run: (ctx) => renameWishListAction.run(ctx, { id: String(999_999) }),
    valid: { title: 'Книги' },
  },
  { name: 'wish-list/{id}/delete', run: (ctx) => deleteWishListAction.run(ctx, { id: String(999_999) }), valid: {} },
  {
    name: 'wish-list/{id}/items',
    run: (ctx) => addWishListItemAction.run(ctx, { id: String(999_999) }),
    valid: { productId: 1, nomenclatureId: 1 },
  },
  {
    name: 'wish-list/{id}/items/{itemId}/delete',
    run: (ctx) => removeWishListItemAction.run(ctx, { id: String(999_999), itemId: String(1) }),
    valid: {},
  },
  {
    name: 'wish-list/move',
    run: (ctx) => moveWishListItemAction.run(ctx),
    valid: { sourceListId: 1, targetListId: 2, productId: 1, nomenclatureId: 1 },
  },
  {
    name: 'wish-list/heart',
    run: (ctx) => heartAction.run(ctx),
    valid: { productId: 1, nomenclatureId: 1, wished: true },
  },
  {
    name: 'wish-list/merge',
    run: (ctx) => mergeAction.run(ctx),
    valid: { items: [{ productId: 1, nomenclatureId: 1 }] },
  },
];

const asForm = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value)]));

describe('every wish-list endpoint', () => {
  it('GET without a session is a 401', async () => {
    const response = await wishListStateFlow.run(context(new FakeSession(), { method: 'GET' }));
    expect(response.status).toBe(401);
    expect(endpointRefusalSchema.parse(await response.json()).code).toBe(401);
  });

  it.each(ENDPOINTS)('$name: no session is a 401', async ({ run, valid }) => {
    const json = await run(context(new FakeSession(), { body: { json: valid } }));
    expect(json.status).toBe(401);
    expect(json.headers.get('Cache-Control')).toBe('no-store');
    const form = await run(context(new FakeSession(), { body: { form: asForm(valid) }, locale: 'uk' }));
    expect(form.status).toBe(401);
    expect(await form.text()).toContain('href="/ua/#login"');
  });

  it.each(ENDPOINTS)(
    '$name: from another site never reaches it (the middleware: 403), nothing changes',
    async ({ run, valid }) => {
      const session = await signedIn(A);
      const before = await listsOf(A);
      for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }]) {
        expect((await throughMiddleware(context(session, { body: { json: valid }, headers }), run)).status).toBe(403);
      }
      expect(await listsOf(A)).toEqual(before);
    },
  );

  it.each(ENDPOINTS)('$name: random and malformed bodies are never a 5xx', async ({ run, valid }) => {
    const session = await signedIn(B);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record({ json: fc.jsonValue() }),
          fc.record({
            raw: fc.string(),
            type: fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
          }),
          fc
            .tuple(
              fc.constantFrom(...Object.keys(valid), 'body'),
              fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
            )
            .map(([field, value]) => ({ json: { ...valid, [field]: value } })),
        ),
        async (body) => {
          expect((await run(context(session, { body }))).status).toBeLessThan(500);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('the hearts', () => {
  it('wish into the default list (made on the first read), once per product; unwish from every list', async () => {
    const session = await signedIn(B);
    // A clean start (the fuzz above filled B's lists): every list deleted, the next read makes a new default.
    for (const list of (await state(session)).lists) {
      await deleteWishListAction.run(context(session, { body: { json: {} } }), { id: String(list.id) });
    }
    const first = await heart(session, 0, true);
    expect(first.productIds).toEqual([product(0).id]);
    expect(first.message).toBe('Товар добавлен в список «Мой список»');
    // Wished again (another tab, a stale page): nothing is added.
    expect((await heart(session, 0, true)).message).toBe('Товар уже в списке желаний');
    await heart(session, 1, true);

    // In a second list too: unwished, it leaves both.
    const created = await createWishListAction.run(context(session, { body: { json: { title: 'Подарки' } } }));
    expect(created.status).toBe(200);
    const lists = (await state(session)).lists;
    const gifts = lists.find((l) => l.title === 'Подарки');
    if (!gifts) throw new Error('no second list');
    const added = await addWishListItemAction.run(
      context(session, { body: { json: { productId: product(0).id, nomenclatureId: product(0).variant } } }),
      { id: String(gifts.id) },
    );
    expect(added.status).toBe(200);
    const unwished = await heart(session, 0, false);
    expect(unwished.productIds).toEqual([product(1).id]);
    expect((await state(session)).lists.flatMap((l) => l.wishListItems.map((i) => i.productId))).toEqual([
      product(1).id,
    ]);
    expect((await state(session, 'uk')).lists[0]?.title).toBe('Мій список');
  });
});

describe('a guest’s hearts at sign-in', () => {
  it('join the default list, newest on top; products the account holds already stay as they are', async () => {
    const session = await signedIn(A);
    await heart(session, 2, true);
    const guest = [product(4), product(3), product(2)].map((p) => ({ productId: p.id, nomenclatureId: p.variant }));
    const response = await mergeAction.run(context(session, { body: { json: { items: guest } } }));
    const answer = doneAnswerSchema.parse(await response.json());
    expect(response.status, answer.message).toBe(200);
    expect(wishedProductsSchema.parse(answer.data).productIds).toEqual(
      expect.arrayContaining([product(2).id, product(3).id, product(4).id]),
    );
    const [mine] = (await state(session)).lists;
    const ids = mine?.wishListItems.map((i) => i.productId) ?? [];
    expect(ids.slice(0, 3)).toEqual([product(4).id, product(3).id, product(2).id]);
    expect(ids.filter((id) => id === product(2).id)).toHaveLength(1);
    // A merge sent twice (a retry) adds nothing more.
    await mergeAction.run(context(session, { body: { json: { items: guest } } }));
    expect((await state(session)).lists[0]?.wishListItems).toHaveLength(ids.length);
  });

  it('more than the guest limit is refused as a body', async () => {
    const session = await signedIn(A);
    const items = Array.from({ length: 101 }, (_, n) => ({ productId: n + 1, nomenclatureId: n + 1 }));
    const response = await mergeAction.run(context(session, { body: { json: { items } } }));
    expect(response.status).toBe(400);
  });
});

describe('the account page’s forms', () => {
  it('create, rename, move, remove and delete, each a 303 back to the page with its message', async () => {
    const session = await signedIn(B);
    const created = await createWishListAction.run(
      context(session, { body: { form: { title: 'На день рождения' } }, locale: 'uk' }),
    );
    expect(created.status).toBe(303);
    const list = (await state(session)).lists.find((l) => l.title === 'На день рождения');
    if (!list) throw new Error('not created');
    expect(created.headers.get('Location')).toBe(`/ua/profile/wishlist#wish-list-${list.id}`);
    expect(session.data.get('accountFlash')).toMatchObject({ ok: true, message: 'Список «На день рождения» створено' });

    const renamed = await renameWishListAction.run(context(session, { body: { form: { title: 'День народження' } } }), {
      id: String(list.id),
    });
    expect(renamed.headers.get('Location')).toBe(`/profile/wishlist#wish-list-${list.id}`);

    await heart(session, 6, true);
    const [mine] = (await state(session)).lists;
    const item = mine?.wishListItems[0];
    if (!mine || !item) throw new Error('the default list is empty');
    const moved = await moveWishListItemAction.run(
      context(session, {
        body: {
          form: asForm({
            sourceListId: mine.id,
            targetListId: list.id,
            productId: item.productId,
            nomenclatureId: item.nomenclatureId,
          }),
        },
      }),
    );
    expect(moved.status).toBe(303);
    expect(moved.headers.get('Location')).toBe(`/profile/wishlist#wish-list-${list.id}`);
    expect(session.data.get('accountFlash')).toMatchObject({ message: 'Товар перенесён в список «День народження»' });
    const after = await state(session);
    const target = after.lists.find((l) => l.id === list.id);
    expect(target?.wishListItems.map((i) => i.productId)).toEqual([item.productId]);
    const movedItem = target?.wishListItems[0];

    const removed = await removeWishListItemAction.run(context(session, { body: { form: {} } }), {
      id: String(list.id),
      itemId: String(movedItem?.id ?? 0),
    });
    expect(removed.status).toBe(303);
    const deleted = await deleteWishListAction.run(context(session, { body: { form: {} } }), { id: String(list.id) });
    expect(deleted.headers.get('Location')).toBe('/profile/wishlist#wish-lists');
    expect((await state(session)).lists.some((l) => l.id === list.id)).toBe(false);
  });

  it('spec §5: a move without integer ids is Wrong income data, on the page’s list section', async () => {
    const session = await signedIn(B);
    const response = await moveWishListItemAction.run(
      context(session, {
        body: { form: { sourceListId: 'x', targetListId: '', productId: '1', nomenclatureId: '1' } },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/profile/wishlist#wish-lists');
    expect(session.data.get('accountFlash')).toMatchObject({
      ok: false,
      fields: { sourceListId: 'Проверьте это поле', targetListId: 'Проверьте это поле' },
    });
    const json = await moveWishListItemAction.run(
      context(session, { body: { json: { sourceListId: 1.5, targetListId: 2, productId: 1, nomenclatureId: 1 } } }),
    );
    expect(json.status).toBe(400);
  });

  it('an empty title is the spec’s required message on the field, in the page’s language', async () => {
    const session = await signedIn(B);
    const response = await createWishListAction.run(context(session, { body: { json: { title: '  ' } } }));
    expect(response.status).toBe(400);
    expect(endpointRefusalSchema.parse(await response.json()).fields).toEqual([
      { field: 'title', message: 'Поле обязательно для заполнения' },
    ]);
  });
});

describe("another shopper's lists", () => {
  it('B cannot rename, delete, fill, empty or move out of A’s list; A’s lists stay as they were', async () => {
    const sessionA = await signedIn(A);
    await heart(sessionA, 5, true);
    const before = await listsOf(A);
    const [listA] = before;
    const itemA = listA?.wishListItems[0];
    if (!listA || !itemA) throw new Error('A has no item');
    const sessionB = await signedIn(B);
    const [listB] = (await state(sessionB)).lists;
    if (!listB) throw new Error('B has no list');

    const attempts: [string, Run, unknown][] = [
      ['rename', (ctx) => renameWishListAction.run(ctx, { id: String(listA.id) }), { title: 'Чужой' }],
      ['delete', (ctx) => deleteWishListAction.run(ctx, { id: String(listA.id) }), {}],
      ['add', (ctx) => addWishListItemAction.run(ctx, { id: String(listA.id) }), { productId: 1, nomenclatureId: 1 }],
      ['remove', (ctx) => removeWishListItemAction.run(ctx, { id: String(listA.id), itemId: String(itemA.id) }), {}],
      [
        'remove through own list',
        (ctx) => removeWishListItemAction.run(ctx, { id: String(listB.id), itemId: String(itemA.id) }),
        {},
      ],
      [
        'move out',
        (ctx) => moveWishListItemAction.run(ctx),
        {
          sourceListId: listA.id,
          targetListId: listB.id,
          productId: itemA.productId,
          nomenclatureId: itemA.nomenclatureId,
        },
      ],
    ];
    for (const [what, run, body] of attempts) {
      const response = await run(context(sessionB, { body: { json: body } }));
      expect(response.status, what).toBe(404);
      expect(endpointRefusalSchema.parse(await response.json()).message).toBe(
        'Список или товар не найден: возможно, его уже удалили. Обновите страницу.',
      );
    }
    expect(await listsOf(A)).toEqual(before);
  });
});
