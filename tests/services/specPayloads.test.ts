import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketCheckResponseSchema, BASKET_ITEM_ERROR } from '../../src/api/schemas/basket.ts';
import type { Order } from '../../src/api/schemas/order.ts';
import { savedLocationSchema, userErrorSchema } from '../../src/api/schemas/user.ts';
import type { SavedLocation } from '../../src/api/schemas/user.ts';
import { login } from '../../src/api/user.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { variantProductsSchema } from '../../src/api/schemas/variantProducts.ts';
import { DEMO_PASSWORD } from '../../src/services/seed/users.ts';
import {
  addressOrder,
  branchOrder,
  createOrderShop,
  errorOf,
  freshPhone,
  key,
  orderOf,
  pickupOrder,
  wish,
} from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';

/**
 * A client written from the spec alone gets what the storefront gets (docs/decisions.md "The
 * services take the spec's payloads"): the basket check's and the orders' lines are
 * `items (internalId, quantity)` (storefront spec §3, §7), the orders' and the saved locations'
 * city is `city` and `cityRef` (§3; accounts spec §3), plus the documented Idempotency-Key. Our
 * extras (a line's `productId`, the settlement's `cityId`) stay accepted; without them the services
 * look the variant's product and the settlement up themselves. Each case sends one body with the
 * extras and the same body without them, and compares the answers.
 */
let shop: OrderShop;
let olena: string;

beforeAll(async () => {
  shop = await createOrderShop();
  olena = (await login(shop.client(), { login: '380501112233', password: DEMO_PASSWORD })).token;
});
afterAll(() => shop.dispose());

/** The body as a client of the spec sends it: our `productId` and `cityId` left out, wherever they are. */
function specOnly(body: unknown): unknown {
  const text = JSON.stringify(body, (field, value: unknown) =>
    field === 'productId' || field === 'cityId' ? undefined : value,
  );
  return JSON.parse(text) as unknown;
}

/** What two orders of the same goods and delivery share: all but who placed them, and when. */
function comparable(order: Order) {
  const { number: _number, hash: _hash, createdAt: _createdAt, phone: _phone, ...rest } = order;
  return rest;
}

function bearer(token = olena): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'idempotency-key': key() };
}

/** A variant the catalogue does not hold, with a product it does not hold either. */
const UNKNOWN = { internalId: 2_000_000_000, productId: 2_000_000_000, quantity: 1 };

describe('the basket check', () => {
  it('answers the spec’s items (internalId, quantity) exactly as the storefront’s lines, unknown ones included', async () => {
    const a = await shop.line({ price: 400 });
    const b = await shop.line({ price: 250, stock: 1 });
    const body = {
      project: 'bbs',
      items: [wish(a, 2), wish(b, 3), UNKNOWN],
      phone: '',
      bonus: 0,
      certificates: [],
      withDeliveryList: true,
    };
    const ours = await shop.call('POST', 'order/public/basket/check?locale=uk', body);
    const spec = await shop.call('POST', 'order/public/basket/check?locale=uk', specOnly(body));
    expect(ours.status).toBe(200);
    expect(spec.status).toBe(200);
    const answer = basketCheckResponseSchema.parse(await spec.json());
    expect(answer).toEqual(basketCheckResponseSchema.parse(await ours.json()));
    expect(answer.basketItems.map((item) => [item.internalId, item.errorCode, item.checked.quantity])).toEqual([
      [a.internalId, BASKET_ITEM_ERROR.none, 2],
      [b.internalId, BASKET_ITEM_ERROR.none, 1],
      [UNKNOWN.internalId, BASKET_ITEM_ERROR.unknown, 0],
    ]);
    expect(answer.cost).toBe(1050);
  });
});

describe('an anonymous order', () => {
  it.each([
    [
      'a branch',
      (lines: Line[]) =>
        branchOrder(
          shop,
          lines.map((line) => wish(line, 2)),
        ),
    ],
    [
      'a courier to an address',
      (lines: Line[]) =>
        addressOrder(
          shop,
          lines.map((line) => wish(line)),
        ),
    ],
    [
      'a pickup',
      (lines: Line[]) =>
        pickupOrder(
          shop,
          lines.map((line) => wish(line)),
        ),
    ],
  ])('to %s is placed from the spec’s payload as from the storefront’s', async (_what, build) => {
    const lines = [await shop.line({ price: 300 }), await shop.line({ price: 120 })];
    const ours = await orderOf(await shop.order(build(lines)));
    const spec = await orderOf(await shop.order(specOnly(build(lines))));
    expect(comparable(spec)).toEqual(comparable(ours));
    expect(spec.activeOrderItems.map((item) => item.productId)).toEqual(lines.map((line) => line.productId));
  });

  it('one-click, from the phone and the spec’s lines', async () => {
    const line = await shop.line({ price: 210 });
    const body = { phone: freshPhone(), firstName: 'Олена', items: [wish(line, 2)] };
    const call = (sent: unknown) =>
      shop.call('POST', 'order/public/anon/order/one-click?locale=ru', sent, { 'idempotency-key': key() });
    const ours = await orderOf(await call(body));
    const spec = await orderOf(await call(specOnly({ ...body, phone: freshPhone() })));
    expect(comparable(spec)).toEqual(comparable(ours));
    expect(spec.totalPrice).toBe(420);
  });
});

describe('a signed-in order', () => {
  it('with a subscription line, from the spec’s payload as from the storefront’s', async () => {
    const bought = await shop.line({ price: 330 });
    const repeated = await shop.line({ price: 500, where: (product) => product.allowSubscription });
    const build = () =>
      branchOrder(shop, [wish(bought)], {
        subscriptionItems: [{ ...wish(repeated), isActive: true, intervalDays: 30, startDate: '2025-06-20' }],
      });
    const call = (sent: unknown) => shop.call('POST', 'order/public/order?locale=uk', sent, bearer());
    const ours = await orderOf(await call(build()));
    const spec = await orderOf(await call(specOnly(build())));
    expect(comparable(spec)).toEqual(comparable(ours));
    expect(spec.activeOrderItems.map((item) => [item.productId, item.intervalDays])).toEqual([
      [bought.productId, null],
      [repeated.productId, 30],
    ]);
  });

  it('one-click, from the spec’s lines', async () => {
    const line = await shop.line({ price: 150 });
    const call = (sent: unknown) => shop.call('POST', 'order/public/order/one-click?locale=ru', sent, bearer());
    const ours = await orderOf(await call({ phone: freshPhone(), items: [wish(line)] }));
    const spec = await orderOf(await call(specOnly({ phone: freshPhone(), items: [wish(line)] })));
    expect(comparable(spec)).toEqual(comparable(ours));
  });
});

describe('what the spec’s payload names wrong is refused as usual, never with a 5xx', () => {
  it('an unknown variant: its line', async () => {
    const line = await shop.line({ price: 200 });
    const build = () => branchOrder(shop, [wish(line), UNKNOWN]);
    const ours = await shop.order(build());
    const spec = await shop.order(specOnly(build()));
    // The basket's own refusal (409, as for a line out of stock), not a 5xx.
    expect(ours.status).toBe(409);
    expect(spec.status).toBe(409);
    const refusal = await errorOf(spec);
    expect(refusal).toEqual(await errorOf(ours));
    expect(refusal.fields.map((f) => f.field)).toEqual(['items.1']);
  });

  it('an unknown variant of a one-click order: its line', async () => {
    const call = (sent: unknown) =>
      shop.call('POST', 'order/public/anon/order/one-click?locale=uk', sent, { 'idempotency-key': key() });
    const ours = await call({ phone: freshPhone(), items: [UNKNOWN] });
    const spec = await call(specOnly({ phone: freshPhone(), items: [UNKNOWN] }));
    expect(ours.status).toBe(409);
    expect(spec.status).toBe(409);
    expect(await errorOf(spec)).toEqual(await errorOf(ours));
  });

  it('an unknown branch: the branch', async () => {
    const line = await shop.line({ price: 200 });
    const build = () => branchOrder(shop, [wish(line)], { deliveryBranchRef: 'no-such-branch' });
    const ours = await shop.order(build());
    const spec = await shop.order(specOnly(build()));
    expect(spec.status).toBe(400);
    const refusal = await errorOf(spec);
    expect(refusal).toEqual(await errorOf(ours));
    expect(refusal.fields.map((f) => f.field)).toEqual(['deliveryBranchRef']);
  });

  it('a city ref the delivery service does not know: the city', async () => {
    const line = await shop.line({ price: 200 });
    const spec = await shop.order(specOnly(branchOrder(shop, [wish(line)], { cityRef: 'no-such-city' })));
    expect(spec.status).toBe(400);
    expect((await errorOf(spec)).fields).toEqual([{ field: 'cityRef', message: 'Населённый пункт не найден' }]);
  });
});

describe('a saved location', () => {
  const branchLocation = () => {
    const { settlement, branchMethod, branches } = shop.city;
    const branch = branches[1] ?? branches[0];
    if (!branch) throw new Error('no branch');
    return {
      city: settlement.nameUkr,
      cityRef: settlement.ref,
      cityId: settlement.id,
      region: settlement.regionNameUkr,
      district: settlement.districtNameUkr ?? '',
      type: 1,
      deliveryMethodSlug: 'np-warehouse',
      carrier: branchMethod.carrier,
      branchRef: branch.ref,
      branch: branch.titleUkr,
    };
  };
  const addressLocation = () => ({
    city: shop.kyiv.name,
    cityRef: shop.kyiv.ref,
    cityId: shop.kyiv.id,
    region: shop.kyiv.regionName,
    district: '',
    type: 2,
    deliveryMethodSlug: 'im-courier',
    carrier: 6,
    street: 'Хрещатик',
    streetRef: '',
    streetTypeName: 'ул.',
    building: '22',
    apartment: '5',
  });
  const call = (method: string, path: string, body: unknown) =>
    shop.call(method, `user/public/user/location${path}`, body, { authorization: `Bearer ${olena}` });
  const saved = async (response: Response, status: number): Promise<SavedLocation> => {
    const body: unknown = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(status);
    return savedLocationSchema.parse(body);
  };
  const place = ({ id: _id, isDefault: _isDefault, ...rest }: SavedLocation) => rest;

  it('is added and changed from the spec’s fields (city, cityRef) as from the storefront’s', async () => {
    const ours = await saved(await call('POST', '', branchLocation()), 201);
    const spec = await saved(await call('POST', '', specOnly(branchLocation())), 201);
    expect(place(spec)).toEqual(place(ours));
    expect(spec.cityId).toBe(shop.city.settlement.id);

    const oursChanged = await saved(await call('PUT', `/${ours.id}`, addressLocation()), 200);
    const specChanged = await saved(await call('PUT', `/${spec.id}`, specOnly(addressLocation())), 200);
    expect(place(specChanged)).toEqual(place(oursChanged));
    expect(specChanged.cityId).toBe(shop.kyiv.id);
  });

  it('with a city ref the delivery service does not know is refused on cityRef', async () => {
    const response = await call('POST', '', specOnly({ ...branchLocation(), cityRef: 'no-such-city' }));
    expect(response.status).toBe(400);
    expect(userErrorSchema.parse(await response.json()).fields).toEqual([
      { field: 'cityRef', message: 'Населённый пункт не найден' },
    ]);
  });
});

describe('GET /public/nomenclature of the search service (ours: the product of each variant)', () => {
  it('answers the known variants, archival ones too, and leaves unknown ids out', async () => {
    const line = await shop.line();
    const response = await shop.call('GET', `search/public/nomenclature?ids[0]=${line.internalId}&ids[1]=2000000000`);
    expect(response.status).toBe(200);
    expect(variantProductsSchema.parse(await response.json()).items).toEqual([
      { internalId: line.internalId, productId: line.productId },
    ]);
  });

  it('refuses more than 50 ids, or none, with a 400', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `ids[${i}]=${i + 1}`).join('&');
    for (const query of [many, '']) {
      const response = await shop.call('GET', `search/public/nomenclature?${query}`);
      expect(response.status).toBe(400);
      serviceErrorSchema.parse(await response.json());
    }
  });
});
