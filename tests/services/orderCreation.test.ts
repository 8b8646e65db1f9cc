import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBaseUrl, perService, serviceBaseUrls } from '../../src/api/config.ts';
import {
  checkBasket,
  createAnonymousOrder,
  createOneClickOrder,
  getAnonymousOrder,
  orderErrorOf,
} from '../../src/api/order.ts';
import { branchListSchema } from '../../src/api/schemas/delivery.ts';
import { productListSchema, productSchema } from '../../src/api/schemas/product.ts';
import { openServiceDatabase } from '../../src/services/db/serviceDatabases.ts';
import { createServices, createSomeServices } from '../../src/services/index.ts';
import {
  ADMIN_TOKEN,
  addressOrder,
  branchOrder,
  createOrderShop,
  errorOf,
  key,
  KYIV,
  orderOf,
  pickupOrder,
  TODAY,
  wish,
} from './orderSupport.ts';
import type { Line, OrderShop } from './orderSupport.ts';

/**
 * Placing an anonymous order (`POST /public/anon/order`, storefront spec §3 "Order payload sent",
 * §5 "Delivery and payment", §7; contract src/api/schemas/order.ts) against the seeded demo shop
 * on in-memory databases, over HTTP: each delivery, every §5 rule, one order per Idempotency-Key,
 * no overselling, reads by hash only.
 */
let shop: OrderShop;

beforeAll(async () => {
  shop = await createOrderShop();
});
afterAll(() => shop.dispose());

/** The fields a refused order names, with their messages. */
async function refusal(response: Response, status = 400): Promise<Record<string, string>> {
  const error = await errorOf(response);
  expect(response.status, JSON.stringify(error)).toBe(status);
  expect(error.code).toBe(status === 409 ? 4091 : status);
  return Object.fromEntries(error.fields.map((f) => [f.field, f.message]));
}

describe('an order for each delivery', () => {
  it('to a carrier branch: 201 with lines priced by the catalogue and the branch method’s price', async () => {
    const line = await shop.line({ price: 400 });
    const body = branchOrder(shop, [wish(line, 2)]);
    // A price the client sends is not part of the contract and is ignored.
    const response = await shop.order({ ...body, items: [{ ...wish(line, 2), price: 1 }] });
    expect(response.status).toBe(201);
    const order = await orderOf(response);
    const branch = shop.city.branches[0];
    expect(order).toMatchObject({
      kind: 'order',
      status: 0,
      price: 800,
      deliveryPrice: shop.city.branchMethod.price,
      discountAmount: 0,
      certificateAmount: 0,
      totalPrice: 800 + shop.city.branchMethod.price,
      paymentType: 1,
      // Spec §4: cash shows no payment status.
      paymentStatus: null,
      deliveryType: 1,
      deliveryMethodSlug: 'np-warehouse',
      firstName: 'Олена',
      phone: body.phone,
      createdAt: TODAY.toISOString(),
    });
    expect(order.number).toMatch(/^\d{7}$/);
    expect(order.hash).toMatch(/^[\w-]{22}$/);
    expect(order.deliveryAddress).toContain(branch?.title);
    expect(order.deliveryAddress).toContain(shop.city.settlement.name);
    expect(order.activeOrderItems).toEqual([
      expect.objectContaining({
        internalId: line.internalId,
        productId: line.productId,
        title: line.title,
        displayArticle: line.variant.displayArticle,
        quantity: 2,
        price: 400,
        totalPrice: 800,
        isGift: false,
        status: 0,
      }),
    ]);
  });

  it('by the shop’s courier to a Kyiv address, paid by card to the courier, with a try-on', async () => {
    const line = await shop.line({ price: 250 });
    const order = await orderOf(
      await shop.order(addressOrder(shop, [wish(line)], { paymentType: 5, tryClothes: true, comment: 'Примірка' })),
    );
    expect(order).toMatchObject({
      deliveryType: 2,
      deliveryMethodSlug: 'im-courier',
      deliveryPrice: 69,
      totalPrice: 319,
    });
    expect(order.deliveryAddress).toBe('Киев, ул. Хрещатик, 22, квартира 5');
  });

  it('by a Nova Poshta courier outside Kyiv', async () => {
    const line = await shop.line({ price: 1000 });
    const { settlement } = shop.city;
    const order = await orderOf(
      await shop.order(
        addressOrder(shop, [wish(line)], {
          deliveryMethodSlug: 'np-courier',
          deliveryCarrier: 1,
          city: settlement.name,
          cityRef: settlement.ref,
          cityId: settlement.id,
          paymentType: 2,
        }),
      ),
    );
    expect(order).toMatchObject({ deliveryMethodSlug: 'np-courier', deliveryPrice: 89, paymentStatus: 0 });
    expect(order.deliveryAddress).toContain(`${settlement.regionName} обл.`);
  });

  it('picked up in a shop, paid by card in the shop; the address in the request’s language', async () => {
    const line = await shop.line({ price: 300 });
    const response = await shop.order(pickupOrder(shop, [wish(line)], { paymentType: 3 }), key(), '?locale=uk');
    const order = await orderOf(response);
    const point = shop.shops.find((s) => s.pickupEnable && s.cityId === KYIV);
    expect(order).toMatchObject({ deliveryType: 3, deliveryMethodSlug: 'pick-and-collect', deliveryPrice: 0 });
    expect(order.deliveryAddress).toContain(point?.titleUkr);
    const ru = await getAnonymousOrder(shop.client('ru'), order.hash);
    expect(ru.deliveryAddress).toContain(point?.title);
  });

  it('through the storefront’s client, with a promo code and a certificate; the certificate is spent', async () => {
    const line = await shop.line({ price: 500 });
    const client = shop.client();
    const order = await createAnonymousOrder(
      client,
      pickupOrder(shop, [wish(line, 2)], {
        certificates: [
          { type: 0, key: ' karapuz10 ' },
          { type: 1, key: 'BBS7K2M9Q4X8T1ZA' },
        ],
      }),
      key(),
    );
    // 2 × 500 less 10 % = 900; the certificate (1 000 грн) pays all of it and keeps 100.
    expect(order).toMatchObject({ price: 900, discountAmount: 100, certificateAmount: 900, totalPrice: 0 });
    expect(order.activeOrderItems[0]).toMatchObject({ price: 450, totalPrice: 900 });
    const check = await checkBasket(client, {
      items: [wish(line)],
      certificates: [{ type: 1, key: 'BBS7K2M9Q4X8T1ZA' }],
    });
    expect(check.certificateList[0]).toMatchObject({ isChecked: true, discountAmount: 100 });
  });

  it('gives a chosen gift as a line priced 0, and reserves it', async () => {
    const { line, list, gift } = await shop.giftOffer();
    const order = await orderOf(
      await shop.order(
        addressOrder(shop, [wish(line)], {
          chosenGiftItems: [{ internalId: gift.nomenclatureId, giftDiscountRef: list.id }],
        }),
      ),
    );
    expect(order.activeOrderItems).toEqual([
      expect.objectContaining({ internalId: line.internalId, isGift: false }),
      expect.objectContaining({ internalId: gift.nomenclatureId, isGift: true, price: 0, totalPrice: 0, quantity: 1 }),
    ]);
    expect(order.price).toBe(order.activeOrderItems[0]?.totalPrice);
    const before = await checkBasket(shop.client(), {
      items: [{ internalId: gift.nomenclatureId, productId: gift.productId, quantity: 1 }],
    });
    const stock = line.variant.warehouses.reduce((sum, w) => sum + w.quantity, 0);
    expect(stock).toBeGreaterThan(0);
    // The gift's unit is held like any sold unit: one less than the catalogue's stock.
    const catalogue = await shop.call('GET', `search/public/products/${gift.productId}`);
    const product = productSchema.parse(await catalogue.json());
    const giftStock =
      product.nomenclature
        .find((v) => v.id === gift.nomenclatureId)
        ?.warehouses.reduce((sum, w) => sum + w.quantity, 0) ?? 0;
    expect(before.basketItems[0]?.availableQuantity).toBe(giftStock - 1);
  });

  it('with the baby-package card only for goods of the pakunok-malyuka catalogue', async () => {
    const bundle = productListSchema.parse(
      await (await shop.call('GET', 'search/public/products/catalog/pakunok-malyuka?limit=50')).json(),
    );
    const ids = new Set(bundle.items.map((p) => p.id));
    const inBundle = await shop.line({ price: 700, where: (p) => ids.has(p.id) });
    const outside = await shop.line({ price: 700, where: (p) => !ids.has(p.id) });
    const ok = await shop.order(branchOrder(shop, [wish(inBundle)], { paymentType: 7 }));
    expect(ok.status).toBe(201);
    const refused = await refusal(
      await shop.order(branchOrder(shop, [wish(inBundle), wish(outside)], { paymentType: 7 })),
    );
    expect(refused).toEqual({
      paymentType: 'Картой «Пакунок малюка» можно оплатить только товары из каталога «Пакунок малюка»',
    });
  });
});

describe('spec §5 rules refuse an order with a 400 naming the field', () => {
  let line: Line;
  beforeAll(async () => {
    line = await shop.line({ price: 400, stock: 50 });
  });

  it('the phone must start with 380 and have 12 digits', async () => {
    const fields = await refusal(await shop.order(branchOrder(shop, [wish(line)], { phone: '0501234567' })));
    expect(fields).toEqual({ phone: 'Номер телефону має починатись з +380' });
  });

  it('pay in parts from 300 грн', async () => {
    const cheap = await shop.line({ price: 120 });
    const fields = await refusal(
      await shop.order(branchOrder(shop, [wish(cheap, 2)], { paymentType: 8, paymentParts: 4 })),
    );
    expect(fields).toEqual({ paymentType: 'Мінімальна сума для оплати частинами' });
  });

  it('pay in parts up to 100 000 грн', async () => {
    const dear = await shop.line({ price: 60_000, stock: 5 });
    const fields = await refusal(
      await shop.order(addressOrder(shop, [wish(dear, 2)], { paymentType: 10, paymentParts: 6 })),
    );
    expect(fields).toEqual({ paymentType: 'Максимальна сума для оплати частинами' });
  });

  it('pay in parts within the limits is placed', async () => {
    const order = await orderOf(await shop.order(branchOrder(shop, [wish(line)], { paymentType: 8, paymentParts: 4 })));
    expect(order).toMatchObject({ paymentType: 8, paymentParts: 4, paymentStatus: 0 });
  });

  it('payment parts only for the instalment types, and 3 … 10 of them', async () => {
    expect(
      await refusal(await shop.order(branchOrder(shop, [wish(line)], { paymentType: 2, paymentParts: 3 }))),
    ).toEqual({
      paymentParts: 'Количество платежей указывается только для оплаты частями',
    });
    expect(await refusal(await shop.order(branchOrder(shop, [wish(line)], { paymentType: 8 })))).toEqual({
      paymentParts: 'Количество платежей: от 3 до 10',
    });
    expect(
      await refusal(await shop.order(branchOrder(shop, [wish(line)], { paymentType: 8, paymentParts: 12 }))),
    ).toEqual({ paymentParts: 'Количество платежей: от 3 до 10' });
  });

  it('the shop’s courier only in Kyiv; Nova Poshta and Meest couriers only outside it', async () => {
    const { settlement } = shop.city;
    const outside = { city: settlement.name, cityRef: settlement.ref, cityId: settlement.id };
    expect(await refusal(await shop.order(addressOrder(shop, [wish(line)], outside)))).toEqual({
      deliveryMethodSlug: 'Этот способ доставки недоступен в выбранном городе',
    });
    for (const [slug, carrier] of [
      ['np-courier', 1],
      ['meest-courier', 4],
    ] as const) {
      const fields = await refusal(
        await shop.order(
          addressOrder(shop, [wish(line)], { deliveryMethodSlug: slug, deliveryCarrier: carrier }),
          key(),
          '?locale=uk',
        ),
      );
      expect(fields).toEqual({ deliveryMethodSlug: 'Цей спосіб доставки недоступний в обраному місті' });
    }
  });

  it('a branch of that settlement and that method', async () => {
    const other = shop.city.branches[1];
    const fields = await refusal(
      await shop.order(branchOrder(shop, [wish(line)], { deliveryBranchRef: 'no-such-branch' })),
    );
    expect(fields).toEqual({ deliveryBranchRef: 'Отделение не найдено в выбранном городе' });
    // A Nova Poshta branch is not a parcel locker.
    const locker = await shop.order(
      branchOrder(shop, [wish(line)], { deliveryMethodSlug: 'np-postbox', deliveryBranchRef: other?.ref ?? '' }),
    );
    expect(Object.keys(await refusal(locker))).toEqual(expect.arrayContaining(['deliveryBranchRef']));
    // The branch of another city.
    const kyivBranch = await shop.call('POST', `delivery/public/settlement/${KYIV}/warehouse`, {
      deliverySlug: 'np-warehouse',
    });
    const kyivRef = branchListSchema.parse(await kyivBranch.json()).items[0]?.ref ?? '';
    expect(await refusal(await shop.order(branchOrder(shop, [wish(line)], { deliveryBranchRef: kyivRef })))).toEqual({
      deliveryBranchRef: 'Отделение не найдено в выбранном городе',
    });
  });

  it('the settlement exists and is the one its ref names; the carrier is the method’s', async () => {
    expect(await refusal(await shop.order(branchOrder(shop, [wish(line)], { cityId: 999_999 })))).toEqual({
      cityId: 'Населённый пункт не найден',
    });
    expect(await refusal(await shop.order(branchOrder(shop, [wish(line)], { cityRef: shop.kyiv.ref })))).toEqual({
      cityRef: 'Населённый пункт не совпадает с выбранным',
    });
    expect(await refusal(await shop.order(branchOrder(shop, [wish(line)], { deliveryCarrier: 4 })))).toEqual({
      deliveryCarrier: 'Перевозчик не соответствует способу доставки',
    });
  });

  it('a pickup shop that takes orders, within its weight limit when it has one', async () => {
    const closed = shop.shops.find((s) => !s.pickupEnable);
    expect(
      await refusal(await shop.order(pickupOrder(shop, [wish(line)], { deliveryShop: closed?.ref ?? 'x' }))),
    ).toEqual({
      deliveryShop: 'В этом магазине нельзя забрать заказ',
    });
    // kiev-darnica takes 30 kg; kiev-obolon has no limit (0). Heavy enough that the units over
    // 30 kg are within the units of one variant an order may take (ORDER_LINE_MAX, 20).
    const heavy = await shop.line({
      price: 100,
      stock: 999,
      where: (_p, v) => Math.max(v.weight, v.capacity / 4000) >= 2,
    });
    const weight = Math.max(heavy.variant.weight, heavy.variant.capacity / 4000);
    const units = Math.floor(30 / weight) + 1;
    const tooHeavy = await shop.order(pickupOrder(shop, [wish(heavy, units)], {}, 'kiev-darnica'));
    expect(await refusal(tooHeavy)).toEqual({ deliveryShop: 'Заказ тяжелее, чем здесь принимают (до 30 кг)' });
    expect((await shop.order(pickupOrder(shop, [wish(heavy, units)], {}, 'kiev-obolon'))).status).toBe(201);
  });

  it('card in the shop only for pickup; card to the courier only with the shop’s courier', async () => {
    expect(await refusal(await shop.order(branchOrder(shop, [wish(line)], { paymentType: 3 })))).toEqual({
      paymentType: 'Этот способ оплаты недоступен для выбранной доставки',
    });
    expect(await refusal(await shop.order(pickupOrder(shop, [wish(line)], { paymentType: 5 })))).toEqual({
      paymentType: 'Этот способ оплаты недоступен для выбранной доставки',
    });
    const { settlement } = shop.city;
    const npCourier = addressOrder(shop, [wish(line)], {
      deliveryMethodSlug: 'np-courier',
      deliveryCarrier: 1,
      cityId: settlement.id,
      cityRef: settlement.ref,
      city: settlement.name,
      paymentType: 5,
    });
    expect(await refusal(await shop.order(npCourier))).toEqual({
      paymentType: 'Этот способ оплаты недоступен для выбранной доставки',
    });
  });

  it('try-on only with the shop’s courier', async () => {
    const { settlement } = shop.city;
    const fields = await refusal(
      await shop.order(
        addressOrder(shop, [wish(line)], {
          deliveryMethodSlug: 'np-courier',
          deliveryCarrier: 1,
          cityId: settlement.id,
          cityRef: settlement.ref,
          city: settlement.name,
          tryClothes: true,
        }),
      ),
    );
    expect(fields).toEqual({ tryClothes: 'Примерка доступна только при доставке курьером магазина' });
  });

  it('what an anonymous shopper may not send: bonuses, subscriptions; and an empty basket', async () => {
    const fields = await refusal(
      await shop.order(
        branchOrder(shop, [wish(line)], {
          usedBonuses: 50,
          subscriptionItems: [{ ...wish(line), isActive: true, intervalDays: 30, startDate: '2025-07-01' }],
        }),
      ),
    );
    expect(Object.keys(fields).sort()).toEqual(['subscriptionItems', 'usedBonuses']);
    // Nothing bought and nothing on subscription: an empty basket.
    expect(Object.keys(await refusal(await shop.order(branchOrder(shop, []))))).toEqual(['items']);
  });

  it('another recipient needs a phone and a name', async () => {
    const fields = await refusal(
      await shop.order(branchOrder(shop, [wish(line)], { otherRecipient: true, recipientPhone: '+38050' })),
    );
    expect(fields).toEqual({
      recipientPhone: 'Номер телефону має починатись з +380',
      recipientFirstName: 'Поле обовязкове до заповнення',
      recipientLastName: 'Поле обовязкове до заповнення',
    });
  });

  it('malformed fields, each named with its message, never a 500', async () => {
    const body = {
      ...branchOrder(shop, [wish(line)]),
      firstName: ' ',
      email: 'nope',
      city: 'Київ!!',
      // `productId` may be left out (the spec's lines), but one that is sent is still checked.
      items: [{ internalId: 'x', productId: 'y' }],
    };
    const fields = await refusal(await shop.order(body));
    expect(fields).toMatchObject({
      firstName: 'Поле обовязкове до заповнення',
      email: "Поле 'Е-mail' должно быть действительным электронным адресом",
      city: 'Название населённого пункта может содержать только буквы, цифры, дефис, запятую и пробел',
    });
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['items.0.internalId', 'items.0.productId']));
    expect(Object.keys(await refusal(await shop.order({ ...body, deliveryType: 4 })))).toEqual(['deliveryType']);
    expect(await refusal(await shop.order('{"not json'))).toEqual({ body: 'The body must be JSON' });
    expect(Object.keys(await refusal(await shop.order(branchOrder(shop, [wish(line)]), key(), '?locale=en')))).toEqual([
      'locale',
    ]);
  });

  it('apostrophes of Ukrainian names and settlements pass', async () => {
    const response = await shop.order(
      branchOrder(shop, [wish(line)], { firstName: 'Мар’яна', lastName: "Лук'янчук-Іванів" }),
    );
    expect(response.status).toBe(201);
  });
});

describe('exactly one order per intent (Idempotency-Key)', () => {
  it('is required: without it, or malformed, a 400 naming it', async () => {
    const line = await shop.line();
    const body = branchOrder(shop, [wish(line)]);
    expect(Object.keys(await refusal(await shop.order(body, null)))).toEqual(['Idempotency-Key']);
    expect(Object.keys(await refusal(await shop.order(body, 'short')))).toEqual(['Idempotency-Key']);
  });

  it('the same key and body again answers the same order (200), reserving nothing more', async () => {
    const line = await shop.line({ stock: 5 });
    const k = key();
    const body = branchOrder(shop, [wish(line, 2)]);
    const first = await shop.order(body, k);
    expect(first.status).toBe(201);
    const created = await orderOf(first);
    // The same intent in another key order, with defaults spelled out: the same canonical body.
    const { items, ...rest } = branchOrder(shop, [wish(line, 2)], {
      email: 'olena@example.com',
      comment: '',
      phone: body.phone,
    });
    const again = await shop.order({ items, ...rest, callBack: 1, chosenGiftItems: [] }, k);
    expect(again.status).toBe(200);
    expect(await orderOf(again)).toEqual(created);
    const check = await checkBasket(shop.client(), { items: [wish(line)] });
    expect(check.basketItems[0]?.availableQuantity).toBe(3);
  });

  it('the same key with another body is refused with 422', async () => {
    const line = await shop.line();
    const k = key();
    expect((await shop.order(branchOrder(shop, [wish(line)]), k)).status).toBe(201);
    const other = await shop.order(branchOrder(shop, [wish(line, 2)]), k);
    expect(other.status).toBe(422);
    expect((await errorOf(other)).code).toBe(422);
  });

  it('20 concurrent submissions with one key make one order', async () => {
    const line = await shop.line({ stock: 3 });
    const k = key();
    const body = branchOrder(shop, [wish(line)]);
    const responses = await Promise.all(Array.from({ length: 20 }, () => shop.order(body, k)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(18).fill(200), 201].sort());
    const orders = await Promise.all(responses.map(orderOf));
    expect(new Set(orders.map((o) => o.hash)).size).toBe(1);
    const check = await checkBasket(shop.client(), { items: [wish(line)] });
    expect(check.basketItems[0]?.availableQuantity).toBe(2);
  });
});

describe('no overselling', () => {
  it('20 concurrent orders for the last unit make one order; the others get a 409 naming the line', async () => {
    const line = await shop.line({ stock: 1 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        shop.order(branchOrder(shop, [wish(line)], { lastName: `Покупець-${'АБВГДЕЖЗИКЛМНОПРСТУФ'.charAt(i)}` })),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      const error = await errorOf(r);
      expect(error.code).toBe(4091);
      expect(error.fields).toEqual([
        { field: 'items.0.quantity', message: `Недостаточно товара «${line.title}»: доступно 0 шт.` },
      ]);
    }
  });

  it('the basket check shows only the stock orders do not hold', async () => {
    const line = await shop.line({ stock: 4 });
    await orderOf(await shop.order(branchOrder(shop, [wish(line, 3)])));
    const check = await checkBasket(shop.client(), { items: [wish(line, 2)] });
    expect(check.basketItems[0]).toMatchObject({ availableQuantity: 1, checked: { quantity: 1 } });
    const more = await shop.order(branchOrder(shop, [wish(line, 2)]));
    const error = orderErrorOf(
      await createAnonymousOrder(shop.client(), branchOrder(shop, [wish(line, 2)]), key()).catch((e: unknown) => e),
    );
    expect(more.status).toBe(409);
    expect(error?.fields[0]?.field).toBe('items.0.quantity');
  });

  it('a line no longer sold, and a code no longer valid, are named too', async () => {
    const line = await shop.line({ stock: 2 });
    const fields = await refusal(
      await shop.order(
        branchOrder(shop, [wish(line), { internalId: 999_999_999, productId: 999_999_999, quantity: 1 }], {
          certificates: [{ type: 0, key: 'OLDCODE' }],
        }),
      ),
      409,
    );
    expect(fields).toEqual({
      'items.1': 'Товар «999999999» недоступен для заказа',
      'certificates.0.key': 'Срок действия промокода истёк',
    });
  });
});

describe('two order services on one database (WORKERS=N)', () => {
  it('see each other’s reservations: the last unit is sold once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bbs-order-workers-'));
    const options = {
      dataDir: dir,
      seed: { seed: 42, products: 300 },
      searchAdminToken: ADMIN_TOKEN,
      now: () => TODAY,
    };
    const first = await createServices(options);
    const second = await createServices(options);
    try {
      const line = await shop.line({ stock: 1 });
      await first.fetch(
        new Request(`http://shop.test/svc/search/admin/product/${line.productId}/variant/${line.internalId}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            stock: line.variant.warehouses.map((w, i) => ({ warehouseId: w.id, quantity: i === 0 ? 1 : 0 })),
          }),
        }),
      );
      const body = JSON.stringify(addressOrder(shop, [wish(line)]));
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 === 0 ? first : second).fetch(
            new Request('http://shop.test/svc/order/public/anon/order', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': key() },
              body,
            }),
          ),
        ),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    } finally {
      first.close();
      second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reading an order', () => {
  it('by its hash only: a number or a guess reads nothing, alike', async () => {
    const line = await shop.line();
    const order = await orderOf(await shop.order(branchOrder(shop, [wish(line)])));
    expect(await getAnonymousOrder(shop.client(), order.hash)).toEqual(order);
    const answers = await Promise.all(
      [order.number, 'AAAAAAAAAAAAAAAAAAAAAA', `${order.hash}x`, 'null', '%00'].map((id) =>
        shop.call('GET', `order/public/anon/order/${encodeURIComponent(id)}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await errorOf(answer)).toEqual({ code: 404, message: 'Order not found', fields: [] });
    }
  });
});

describe('one-click orders', () => {
  it('take a phone and the lines, reserve them, and wait for the shop’s call', async () => {
    const line = await shop.line({ price: 350, stock: 2 });
    const order = await createOneClickOrder(shop.client(), { phone: '380671112233', items: [wish(line, 2)] }, key());
    expect(order).toMatchObject({
      kind: 'one-click',
      price: 700,
      totalPrice: 700,
      paymentType: null,
      paymentStatus: null,
      deliveryType: null,
      deliveryMethodSlug: null,
      phone: '380671112233',
    });
    const refused = await shop.call(
      'POST',
      'order/public/anon/order/one-click',
      { phone: '380671112233', items: [wish(line)] },
      {
        'idempotency-key': key(),
      },
    );
    expect(refused.status).toBe(409);
    const bad = await shop.call(
      'POST',
      'order/public/anon/order/one-click',
      { phone: '067', items: [] },
      { 'idempotency-key': key() },
    );
    expect(Object.keys(await refusal(bad)).sort()).toEqual(['items', 'phone']);
  });
});

describe('when a service it needs is down', () => {
  it('the catalogue: a 503 with Retry-After, nothing written', async () => {
    const services = await createSomeServices(['order', 'delivery'], {
      dataDir: ':memory:',
      seed: { seed: 42, products: 50 },
      serviceUrls: perService((service) => ({ url: embeddedBaseUrl(service), embedded: true })),
    });
    try {
      const body = branchOrder(shop, [{ internalId: 1, productId: 1, quantity: 1 }]);
      const response = await services.fetch(
        new Request('http://shop.test/svc/order/public/anon/order', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key() },
          body: JSON.stringify(body),
        }),
      );
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect((await errorOf(response)).code).toBe(503);
    } finally {
      services.close();
    }
  });
});

describe('when the delivery service cannot be reached', () => {
  it('a courier is priced by the spec §9 fallback; a branch or a pickup point is a 503', async () => {
    const services = await createSomeServices(['order', 'search'], {
      dataDir: ':memory:',
      seed: { seed: 42, products: 300 },
      searchAdminToken: ADMIN_TOKEN,
      // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
      serviceUrls: serviceBaseUrls({ DELIVERY_API_URL: 'http://127.0.0.1:9' }),
    });
    try {
      const line = await shop.line();
      await services.fetch(
        new Request(`http://shop.test/svc/search/admin/product/${line.productId}/variant/${line.internalId}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ price: { recommended: 400, selling: 400 } }),
        }),
      );
      const post = (body: unknown) =>
        services.fetch(
          new Request('http://shop.test/svc/order/public/anon/order', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key() },
            body: JSON.stringify(body),
          }),
        );
      const courier = await orderOf(await post(addressOrder(shop, [wish(line)])));
      expect(courier).toMatchObject({ deliveryMethodSlug: 'im-courier', deliveryPrice: 69, price: 400 });
      for (const body of [branchOrder(shop, [wish(line)]), pickupOrder(shop, [wish(line)])]) {
        const response = await post(body);
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
      }
    } finally {
      services.close();
    }
  });
});

describe('durability', () => {
  it('the order database is opened with WAL and synchronous = FULL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bbs-order-db-'));
    const db = openServiceDatabase(dir, 'order');
    try {
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      // 2 = FULL: a committed order survives a power cut.
      expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
      expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'stock_reservation'").get()).toEqual({
        n: 1,
      });
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
