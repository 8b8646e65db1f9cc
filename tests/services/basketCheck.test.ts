import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBaseUrl, perService, serviceBaseUrls } from '../../src/api/config.ts';
import { getSettlement } from '../../src/api/delivery.ts';
import { checkBasket } from '../../src/api/order.ts';
import type { BasketCheckInput } from '../../src/api/order.ts';
import { BASKET_HOME_CITY_ID, BASKET_ITEM_ERROR, basketCheckResponseSchema } from '../../src/api/schemas/basket.ts';
import type { BasketCheckItem, BasketCheckResponse } from '../../src/api/schemas/basket.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { settlementSchema } from '../../src/api/schemas/delivery.ts';
import { createSomeServices, seedAll } from '../../src/services/index.ts';
import type { SomeServices } from '../../src/services/index.ts';
import { createBasketShop, SELLABLE, TODAY, variantPicker } from './basketSupport.ts';
import type { BasketShop, Line } from './basketSupport.ts';

/**
 * The order service's basket check (`POST /public/basket/check?locale`, storefront spec §3, §5, §7;
 * contract src/api/schemas/basket.ts) against the seeded demo shop (300 products, seed 42), over
 * the HTTP contract: through the storefront's typed client, or raw for malformed bodies.
 */
const PRODUCTS = 300;
let shop: BasketShop;
let pick: (where: string, excludingProducts?: readonly number[]) => Line;
/** Variants that are gifts of a promotion: left alone by tests that change prices or stock. */
let notAGift: string;

beforeAll(async () => {
  shop = await createBasketShop(PRODUCTS);
  pick = variantPicker(shop.search);
  const gifts = shop.order
    .prepare('SELECT variant_id FROM gift_promotion_item')
    .all()
    .map((r) => Number(r.variant_id));
  const qualifying = shop.order
    .prepare('SELECT product_id FROM gift_promotion WHERE product_id IS NOT NULL')
    .all()
    .map((r) => Number(r.product_id));
  notAGift = `v.id NOT IN (${gifts.join(',')}) AND p.id NOT IN (${qualifying.join(',')})`;
});
afterAll(() => shop.dispose());

const sellable = (extra = ''): Line => pick(`${SELLABLE} AND ${notAGift}${extra ? ` AND ${extra}` : ''}`);

function check(input: Partial<BasketCheckInput>, locale: Locale = 'ru'): Promise<BasketCheckResponse> {
  return checkBasket(shop.client(locale), { items: [], ...input });
}

const line = (answer: BasketCheckResponse, internalId: number): BasketCheckItem => {
  const found = answer.basketItems.find((item) => item.internalId === internalId && !item.checked.isGift);
  if (!found) throw new Error(`no line ${internalId} in ${JSON.stringify(answer.basketItems)}`);
  return found;
};

const want = (l: Line, quantity: number) => ({ ...l, quantity });

describe('re-pricing from the catalogue', () => {
  it('prices every line from the catalogue whatever the client believes, and follows a price change', async () => {
    const l = sellable();
    await shop.patchVariant(l.productId, l.internalId, { price: { recommended: 450, selling: 400 } });
    // A price (or any other field) the client sends is not part of the contract and is ignored.
    const response = await shop.post({
      project: 'bbs',
      items: [{ ...l, quantity: 2, price: 1, checked: { price: 1 } }],
    });
    expect(response.status).toBe(200);
    const before = line(basketCheckResponseSchema.parse(await response.json()), l.internalId);
    expect(before).toMatchObject({ recommendedPrice: 450, sellingPrice: 400, errorCode: 0 });
    expect(before.checked).toMatchObject({ quantity: 2, price: 400, cost: 800, isGift: false });

    await shop.patchVariant(l.productId, l.internalId, { price: { selling: 375 } });
    const after = line(await check({ items: [want(l, 2)] }), l.internalId);
    expect(after.sellingPrice).toBe(375);
    expect(after.checked).toMatchObject({ price: 375, cost: 750 });
  });

  it('sells at the lower of the recommended and the selling price (spec §9 final price)', async () => {
    const l = sellable();
    await shop.patchVariant(l.productId, l.internalId, { price: { recommended: 500, selling: 620 } });
    const answer = line(await check({ items: [want(l, 1)] }), l.internalId);
    expect(answer.checked.price).toBe(500);
  });

  it('rounds the cost down to whole hryvnias', async () => {
    const l = sellable();
    await shop.patchVariant(l.productId, l.internalId, { price: { recommended: 99.99, selling: 99.99 } });
    await shop.setStock(l.productId, l.internalId, 10);
    const answer = await check({ items: [want(l, 3)] });
    expect(line(answer, l.internalId).checked).toMatchObject({ price: 99.99, cost: 299 });
    expect(answer.cost).toBe(299);
  });

  it('limits each quantity to the stock and says how much there is', async () => {
    const l = sellable();
    await shop.setStock(l.productId, l.internalId, 4);
    const answer = line(await check({ items: [want(l, 9)] }), l.internalId);
    expect(answer).toMatchObject({ quantity: 9, availableQuantity: 4, errorCode: 0 });
    expect(answer.checked.quantity).toBe(4);
    expect(answer.warehouseList.reduce((sum, w) => sum + w.quantity, 0)).toBe(4);
  });

  it('merges the lines of one variant asked twice', async () => {
    const l = sellable();
    await shop.setStock(l.productId, l.internalId, 50);
    const answer = await check({ items: [want(l, 2), want(l, 3)] });
    expect(answer.basketItems.filter((item) => item.internalId === l.internalId)).toHaveLength(1);
    expect(line(answer, l.internalId)).toMatchObject({ quantity: 5, checked: { quantity: 5 } });
  });

  it('earns round(price × bonusAccrualRate / 100) points a unit, at rate 1 when the rate is null', async () => {
    const rated = pick(`${SELLABLE} AND ${notAGift} AND v.bonus_accrual_rate = 5`);
    const unrated = pick(`${SELLABLE} AND ${notAGift} AND v.bonus_accrual_rate IS NULL`);
    for (const l of [rated, unrated]) {
      await shop.patchVariant(l.productId, l.internalId, { price: { recommended: 1250, selling: 1250 } });
      await shop.setStock(l.productId, l.internalId, 10);
    }
    const answer = await check({ items: [want(rated, 2), want(unrated, 3)] });
    expect(line(answer, rated.internalId).checked).toMatchObject({ bonuses: 63, bonusAmount: 126 });
    expect(line(answer, unrated.internalId).checked).toMatchObject({ bonuses: 13, bonusAmount: 39 });
    expect(answer.bonusAmount).toBe(165);
  });
});

describe('the most bonus points the goods may be paid with (bonusMaxPayment)', () => {
  const withPercent = (percent: number): Line => sellable(`v.bonus_max_payment_percent = ${percent}`);
  const priced = async (l: Line, price: number): Promise<void> => {
    await shop.patchVariant(l.productId, l.internalId, { price: { recommended: price, selling: price } });
    await shop.setStock(l.productId, l.internalId, 10);
  };

  it('is each line’s cost × its variant’s percent, summed and rounded down once to whole hryvnias', async () => {
    const [thirty, fifty, none] = [withPercent(30), withPercent(50), withPercent(0)];
    await priced(thirty, 1250.5);
    await priced(fifty, 99.99);
    await priced(none, 800);
    // 30 % of 2 501 (two at 1 250,50) = 750,30; 50 % of 299 (three at 99,99, cost rounded down) =
    // 149,50; the line at 0 % adds nothing: 899,80 → 899.
    const answer = await check({ items: [want(thirty, 2), want(fifty, 3), want(none, 1)] });
    expect(line(answer, thirty.internalId).checked.cost).toBe(2501);
    expect(answer.bonusMaxPayment).toBe(899);
    // Spec §5: a basket of goods at 0 % cannot be paid with points at all.
    expect((await check({ items: [want(none, 2)] })).bonusMaxPayment).toBe(0);
  });

  it('never exceeds what is left to pay after codes and certificates', async () => {
    const fifty = withPercent(50);
    await priced(fifty, 1000);
    // 50 % of 1 000 = 500, but the certificate (1 000 грн) leaves nothing to pay.
    const paid = await check({ items: [want(fifty, 1)], certificates: [{ type: 1, key: 'BBS7K2M9Q4X8T1ZA' }] });
    expect(paid.cost).toBe(0);
    expect(paid.bonusMaxPayment).toBe(0);
    // A percent code lowers the line's cost first: 50 % of 900 (KARAPUZ10).
    const discounted = await check({ items: [want(fifty, 1)], certificates: [{ type: 0, key: 'KARAPUZ10' }] });
    expect(discounted.bonusMaxPayment).toBe(450);
  });

  it('is the goods’ own limit, whatever `bonus` the request sends and whoever asks', async () => {
    const thirty = withPercent(30);
    await priced(thirty, 500);
    const plain = await check({ items: [want(thirty, 1)] });
    const asked = await check({ items: [want(thirty, 1)], bonus: 10_000 });
    expect(plain.bonusMaxPayment).toBe(150);
    expect(asked.bonusMaxPayment).toBe(150);
  });

  it('counts only what is sold: a line out of stock adds nothing', async () => {
    const fifty = withPercent(50);
    await priced(fifty, 600);
    await shop.setStock(fifty.productId, fifty.internalId, 0);
    expect((await check({ items: [want(fifty, 1)] })).bonusMaxPayment).toBe(0);
  });
});

describe('lines that cannot be sold get their error code and nothing to pay', () => {
  it.each([
    [
      'an unknown variant of an unknown product',
      'unknown',
      () => ({ internalId: 2_000_000_000, productId: 2_000_000_000 }),
    ],
    ['a real variant named with a wrong product', 'unknown', () => ({ ...sellable(), productId: 1 })],
    ['a variant of an archival product', 'archival', () => pick('p.is_archival = 1 AND v.price_selling IS NOT NULL')],
    ['an archival variant of a product still sold', 'archival', () => pick('p.is_archival = 0 AND v.is_archival = 1')],
    [
      'a variant without a price',
      'unpriced',
      () =>
        pick('p.is_archival = 0 AND v.is_archival = 0 AND (v.price_selling IS NULL OR v.price_recommended IS NULL)'),
    ],
  ] as const)('%s: %s', async (_name, error, fixture) => {
    const l = fixture();
    const answer = await check({ items: [want(l, 2)] });
    const item = line(answer, l.internalId);
    expect(item.errorCode).toBe(BASKET_ITEM_ERROR[error]);
    expect(item.checked).toMatchObject({ quantity: 0, cost: 0, bonusAmount: 0 });
    expect(answer.cost).toBe(0);
    if (error !== 'unknown') expect(item.title).not.toBe('');
  });

  it.each([
    ['an unknown variant', 'unknown', () => ({ internalId: 2_000_000_000 })],
    ['a variant of an archival product', 'archival', () => pick('p.is_archival = 1 AND v.price_selling IS NOT NULL')],
    ['an archival variant of a product still sold', 'archival', () => pick('p.is_archival = 0 AND v.is_archival = 1')],
    [
      'a variant without a price',
      'unpriced',
      () =>
        pick('p.is_archival = 0 AND v.is_archival = 0 AND (v.price_selling IS NULL OR v.price_recommended IS NULL)'),
    ],
  ] as const)('%s sent as the spec writes a line, (internalId, quantity): %s', async (_name, error, fixture) => {
    const { internalId } = fixture();
    const item = line(await check({ items: [{ internalId, quantity: 2 }] }), internalId);
    expect(item.errorCode).toBe(BASKET_ITEM_ERROR[error]);
    expect(item.checked.quantity).toBe(0);
  });

  it('a variant out of stock: 4, with its price still shown', async () => {
    const l = sellable();
    await shop.patchVariant(l.productId, l.internalId, { price: { recommended: 300, selling: 300 } });
    await shop.setStock(l.productId, l.internalId, 0);
    const item = line(await check({ items: [want(l, 1)] }), l.internalId);
    expect(item).toMatchObject({ errorCode: BASKET_ITEM_ERROR.outOfStock, availableQuantity: 0, sellingPrice: 300 });
    expect(item.checked).toMatchObject({ quantity: 0, cost: 0 });
  });
});

describe('promo codes and gift certificates', () => {
  /** A basket of one line at `price`, in stock. */
  async function basketAt(price: number, extra = ''): Promise<Line> {
    const l = sellable(extra);
    await shop.patchVariant(l.productId, l.internalId, { price: { recommended: price, selling: price } });
    await shop.setStock(l.productId, l.internalId, 20);
    return l;
  }

  it('trims and upper-cases promo codes, trims certificates and keeps their case', async () => {
    const l = await basketAt(500);
    const answer = await check({
      items: [want(l, 1)],
      certificates: [
        { type: 0, key: '  karapuz10 ' },
        { type: 1, key: ' BBS7K2M9Q4X8T1ZA\t' },
        { type: 1, key: 'bbs3f8n2r6w1y5hc' },
      ],
    });
    expect(answer.certificateList.map((c) => [c.key, c.isChecked])).toEqual([
      ['KARAPUZ10', true],
      ['BBS7K2M9Q4X8T1ZA', true],
      ['bbs3f8n2r6w1y5hc', false],
    ]);
    expect(answer.certificateList[2]?.errorMessage).toBe('Сертификат не найден');
  });

  it('a percent code discounts every line; the unit price is rounded to kopecks, the cost down', async () => {
    const l = await basketAt(333.33);
    const answer = await check({ items: [want(l, 3)], certificates: [{ type: 0, key: 'KARAPUZ10' }] });
    const item = line(answer, l.internalId);
    expect(item.checked).toMatchObject({ price: 300, cost: 900, discountAmount: 99.99 });
    expect(item.checked.discounts).toEqual([{ source: 'KARAPUZ10', title: 'Скидка 10% на заказ', amount: 99.99 }]);
    expect(answer).toMatchObject({ cost: 900, discountAmount: 99.99 });
    expect(answer.certificateList[0]).toMatchObject({ discountAmount: 99.99, isAvailable: true, isChecked: true });
  });

  it('a category code discounts only its lines, and says so when the basket has none', async () => {
    const clothes = await basketAt(1000, "f.slug = 'odezhda'");
    const toy = await basketAt(1000, "f.slug = 'igrushki'");
    const both = await check({
      items: [want(clothes, 1), want(toy, 1)],
      certificates: [{ type: 0, key: 'odezhda15' }],
    });
    expect(line(both, clothes.internalId).checked.discountAmount).toBe(150);
    expect(line(both, toy.internalId).checked.discountAmount).toBe(0);
    expect(both.cost).toBe(1850);
    const toyOnly = await check({ items: [want(toy, 1)], certificates: [{ type: 0, key: 'ODEZHDA15' }] }, 'uk');
    expect(toyOnly.certificateList[0]).toMatchObject({
      errorMessage: 'Промокод не діє на товари в кошику',
      isChecked: false,
      discountAmount: 0,
    });
    expect(toyOnly.cost).toBe(1000);
  });

  it('an amount code applies from its minimum order', async () => {
    const l = await basketAt(520);
    const one = await check({ items: [want(l, 1)], certificates: [{ type: 0, key: 'MINUS200' }] });
    expect(one.certificateList[0]).toMatchObject({ isAvailable: true, isChecked: false, discountAmount: 0 });
    expect(one.cost).toBe(520);
    const two = await check({ items: [want(l, 2)], certificates: [{ type: 0, key: 'MINUS200' }] });
    expect(two.certificateList[0]).toMatchObject({ isChecked: true, discountAmount: 200, errorMessage: null });
    expect(two).toMatchObject({ cost: 840, discountAmount: 200 });
  });

  it('applies one promo code an order', async () => {
    const l = await basketAt(1500);
    const answer = await check({
      items: [want(l, 1)],
      certificates: [
        { type: 0, key: 'KARAPUZ10' },
        { type: 0, key: 'MINUS200' },
      ],
    });
    expect(answer.certificateList.map((c) => [c.isChecked, c.errorMessage])).toEqual([
      [true, null],
      [false, 'Можно применить только один промокод'],
    ]);
    expect(answer.cost).toBe(1350);
  });

  const MESSAGES = [
    [0, 'NOPE', 'Промокод не найден', 'Промокод не знайдено', false],
    [0, 'oldcode', 'Срок действия промокода истёк', 'Термін дії промокоду закінчився', false],
    [0, 'NEXTYEAR', 'Промокод ещё не действует', 'Промокод ще не діє', false],
    [
      0,
      'MINUS200',
      'Минимальная сумма заказа для промокода — 1 000 грн',
      'Мінімальна сума замовлення для промокоду — 1 000 грн',
      true,
    ],
    [0, '   ', 'Введите промокод', 'Введіть промокод', false],
    [1, 'BBS5D9L4P7V2J6KE', 'Сертификат уже использован', 'Сертифікат уже використано', false],
    [1, 'BBS8G1T5B3N9M2QR', 'Срок действия сертификата истёк', 'Термін дії сертифіката закінчився', false],
    [1, 'NOSUCHCERTIFICAT', 'Сертификат не найден', 'Сертифікат не знайдено', false],
  ] as const;

  it.each(MESSAGES)('type %i %j: «%s» / «%s»', async (type, key, ru, uk, isAvailable) => {
    const l = await basketAt(300);
    for (const [locale, message] of [
      ['ru', ru],
      ['uk', uk],
    ] as const) {
      const answer = await check({ items: [want(l, 1)], certificates: [{ type, key }] }, locale);
      expect(answer.certificateList[0]).toMatchObject({
        type,
        errorMessage: message,
        isAvailable,
        isChecked: false,
        discountAmount: 0,
      });
      expect(answer.cost).toBe(300);
    }
  });

  it('answers promo titles and certificate titles in the request language', async () => {
    const l = await basketAt(300);
    const codes = {
      items: [want(l, 1)],
      certificates: [
        { type: 0 as const, key: 'KARAPUZ10' },
        { type: 1 as const, key: 'BBS7K2M9Q4X8T1ZA' },
      ],
    };
    expect((await check(codes, 'ru')).certificateList.map((c) => c.title)).toEqual([
      'Скидка 10% на заказ',
      'Подарочный сертификат на 1 000 грн',
    ]);
    expect((await check(codes, 'uk')).certificateList.map((c) => c.title)).toEqual([
      'Знижка 10% на замовлення',
      'Подарунковий сертифікат на 1 000 грн',
    ]);
  });

  it('never takes the total below 0: a certificate bigger than the basket gives the basket, the next one nothing', async () => {
    const l = await basketAt(450);
    const answer = await check({
      items: [want(l, 2)],
      certificates: [
        { type: 1, key: 'BBS3F8N2R6W1Y5HC' },
        { type: 1, key: 'BBS7K2M9Q4X8T1ZA' },
      ],
    });
    expect(answer.cost).toBe(0);
    expect(answer.discountAmount).toBe(900);
    expect(answer.certificateList.map((c) => [c.discountAmount, c.isChecked])).toEqual([
      [900, true],
      [0, true],
    ]);
  });

  it('answers each code once, however often it is entered', async () => {
    const l = await basketAt(300);
    const answer = await check({
      items: [want(l, 1)],
      certificates: [
        { type: 1, key: 'BBS7K2M9Q4X8T1ZA' },
        { type: 1, key: ' BBS7K2M9Q4X8T1ZA' },
      ],
    });
    expect(answer.certificateList).toHaveLength(1);
    expect(answer.cost).toBe(0);
  });
});

describe('gifts', () => {
  interface Promotion {
    id: string;
    gifts: Line[];
  }
  const promotions = (where: string): Promotion[] =>
    shop.order
      .prepare(`SELECT id FROM gift_promotion g WHERE ${where} ORDER BY id`)
      .all()
      .map((row) => ({
        id: String(row.id),
        gifts: shop.order
          .prepare('SELECT variant_id, product_id FROM gift_promotion_item WHERE promotion_id = ? ORDER BY ordering')
          .all(String(row.id))
          .map((g) => ({ internalId: Number(g.variant_id), productId: Number(g.product_id) })),
      }));
  const giftCount = '(SELECT count(*) FROM gift_promotion_item i WHERE i.promotion_id = g.id)';
  /** A promotion for one product, with a sellable variant of that product. */
  function productPromotion(gifts: '=1' | '>1', index = 0): { promotion: Promotion; buy: Line } {
    const found = promotions(`product_id IS NOT NULL AND ${giftCount} ${gifts}`).flatMap((promotion) => {
      const productId = Number(
        shop.order.prepare('SELECT product_id FROM gift_promotion WHERE id = ?').get(promotion.id)?.product_id,
      );
      try {
        return [{ promotion, buy: pick(`${SELLABLE} AND p.id = ${productId}`) }];
      } catch {
        return [];
      }
    })[index];
    if (!found) throw new Error(`no promotion with ${gifts} gifts`);
    return found;
  }

  it('seeds a few dozen qualifying products, with gifts that are real, priced, in-stock variants', () => {
    const byProduct = Number(
      shop.order.prepare('SELECT count(*) AS n FROM gift_promotion WHERE product_id IS NOT NULL').get()?.n,
    );
    const categories = shop.order
      .prepare('SELECT category_slug FROM gift_promotion WHERE category_slug IS NOT NULL')
      .all()
      .map((row) => String(row.category_slug));
    const byCategory = Number(
      shop.search
        .prepare(
          `SELECT count(*) AS n FROM product p JOIN category c ON c.id = p.category_id
           WHERE p.is_archival = 0 AND c.slug IN (SELECT value FROM json_each(?))`,
        )
        .get(JSON.stringify(categories))?.n,
    );
    expect(byProduct).toBeGreaterThanOrEqual(20);
    expect(categories).toHaveLength(1);
    expect(byProduct + byCategory).toBeGreaterThanOrEqual(24);
    const gifts = promotions('1 = 1').flatMap((p) => p.gifts);
    expect(gifts.length).toBeGreaterThan(byProduct);
    for (const gift of gifts) {
      const row = shop.search
        .prepare(
          `SELECT v.product_id, v.is_archival, v.price_selling, (SELECT sum(quantity) FROM variant_stock WHERE variant_id = v.id) AS stock
           FROM variant v WHERE v.id = ?`,
        )
        .get(gift.internalId);
      expect(row).toMatchObject({ product_id: gift.productId, is_archival: 0 });
      expect(Number(row?.price_selling)).toBeGreaterThan(0);
      expect(Number(row?.stock)).toBeGreaterThanOrEqual(5);
    }
  });

  it('seeds the same promotions from the same seed, with the search database here or not', async () => {
    const dump = (db: DatabaseSync): string =>
      JSON.stringify([
        db.prepare('SELECT * FROM gift_promotion ORDER BY id').all(),
        db.prepare('SELECT * FROM gift_promotion_item ORDER BY promotion_id, ordering').all(),
      ]);
    const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'bbs-basket-seed-')));
    try {
      const [whole, alone, other] = dirs as [string, string, string];
      seedAll(whole, { seed: 42, products: PRODUCTS });
      // Order alone: the catalogue is generated in memory from the same seed.
      (await createSomeServices(['order'], { dataDir: alone, seed: { seed: 42, products: PRODUCTS } })).close();
      seedAll(other, { seed: 43, products: PRODUCTS });
      const read = (dir: string): string => {
        const db = new DatabaseSync(join(dir, 'order.db'), { readOnly: true });
        try {
          return dump(db);
        } finally {
          db.close();
        }
      };
      expect(read(whole)).toBe(dump(shop.order));
      expect(read(alone)).toBe(dump(shop.order));
      expect(read(other)).not.toBe(dump(shop.order));
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('offers the gift list of a qualifying product; a list of several is one to choose from', async () => {
    const { promotion, buy } = productPromotion('>1');
    const answer = await check({ items: [want(buy, 1)] });
    const list = answer.giftLists.find((l) => l.id === promotion.id);
    expect(list).toMatchObject({ toNomenclature: buy.internalId, isSelectable: true });
    expect(list?.nomenclatureList.map((g) => g.nomenclatureId)).toEqual(promotion.gifts.map((g) => g.internalId));
    for (const gift of list?.nomenclatureList ?? []) {
      expect(gift.title).not.toBe('');
      expect(gift.sellingPrice).toBeGreaterThan(0);
    }
    expect(answer.choiceGiftList.map((l) => l.id)).toContain(promotion.id);
  });

  it('gives a chosen gift as a line priced 0, and the list is no longer to choose from', async () => {
    const { promotion, buy } = productPromotion('>1', 1);
    const gift = promotion.gifts[1];
    if (!gift) throw new Error('the promotion has one gift');
    const answer = await check({
      items: [want(buy, 1)],
      chosenGifts: [{ internalId: gift.internalId, giftDiscountRef: promotion.id }],
    });
    const giftLine = answer.basketItems.find((item) => item.checked.isGift);
    expect(giftLine).toMatchObject({
      internalId: gift.internalId,
      productId: gift.productId,
      errorCode: 0,
      giftDiscountRef: promotion.id,
      checked: { quantity: 1, price: 0, cost: 0, isGift: true, bonusAmount: 0 },
    });
    expect(answer.cost).toBe(line(answer, buy.internalId).checked.cost);
    expect(answer.choiceGiftList.map((l) => l.id)).not.toContain(promotion.id);
    expect(answer.giftLists.map((l) => l.id)).toContain(promotion.id);
  });

  it('refuses a gift without its qualifying product (5), and a gift its list does not hold', async () => {
    const { promotion, buy } = productPromotion('=1');
    const gift = promotion.gifts[0];
    if (!gift) throw new Error('a promotion without gifts');
    const other = sellable();
    const alone = await check({
      items: [want(other, 1)],
      chosenGifts: [{ internalId: gift.internalId, giftDiscountRef: promotion.id }],
    });
    const refused = alone.basketItems.find((item) => item.checked.isGift);
    expect(refused).toMatchObject({ errorCode: BASKET_ITEM_ERROR.giftNotAvailable, giftDiscountRef: promotion.id });
    expect(refused?.checked).toMatchObject({ quantity: 0, price: 0, cost: 0 });

    // A variant the shop sells (it is in the basket too), but not one of this list's gifts.
    const wrong = await check({
      items: [want(buy, 1), want(other, 1)],
      chosenGifts: [{ internalId: other.internalId, giftDiscountRef: promotion.id }],
    });
    expect(wrong.basketItems.find((item) => item.checked.isGift)?.errorCode).toBe(BASKET_ITEM_ERROR.giftNotAvailable);
  });

  it('gives one gift a list', async () => {
    const { promotion, buy } = productPromotion('>1', 2);
    const [first, second] = promotion.gifts;
    if (!first || !second) throw new Error('the promotion has one gift');
    const answer = await check({
      items: [want(buy, 1)],
      chosenGifts: [
        { internalId: first.internalId, giftDiscountRef: promotion.id },
        { internalId: second.internalId, giftDiscountRef: promotion.id },
      ],
    });
    expect(answer.basketItems.filter((item) => item.checked.isGift).map((item) => item.errorCode)).toEqual([0, 5]);
  });

  it('offers no gift out of stock, and refuses one chosen before it ran out', async () => {
    const { promotion, buy } = productPromotion('=1', 1);
    const gift = promotion.gifts[0];
    if (!gift) throw new Error('a promotion without gifts');
    const chosen = {
      items: [want(buy, 1)],
      chosenGifts: [{ internalId: gift.internalId, giftDiscountRef: promotion.id }],
    };
    expect((await check(chosen)).basketItems.find((item) => item.checked.isGift)?.errorCode).toBe(0);
    await shop.setStock(gift.productId, gift.internalId, 0);
    const answer = await check(chosen);
    expect(answer.giftLists.map((l) => l.id)).not.toContain(promotion.id);
    expect(answer.basketItems.find((item) => item.checked.isGift)?.errorCode).toBe(BASKET_ITEM_ERROR.giftNotAvailable);
  });

  it('a category promotion qualifies every product of its category', async () => {
    const row = shop.order
      .prepare('SELECT id, category_slug FROM gift_promotion WHERE category_slug IS NOT NULL')
      .get();
    if (!row) throw new Error('no category promotion was seeded');
    const buy = pick(
      `${SELLABLE} AND p.category_id = (SELECT id FROM category WHERE slug = '${String(row.category_slug)}')`,
    );
    const answer = await check({ items: [want(buy, 1)] });
    expect(answer.giftLists.find((l) => l.id === row.id)?.toNomenclature).toBe(buy.internalId);
  });
});

describe('delivery methods', () => {
  const slugs = (answer: BasketCheckResponse): string[] => answer.deliveryMethods.map((m) => m.slug);
  const BROVARY = 10002;

  it('are answered only when asked for', async () => {
    expect((await check({})).deliveryMethods).toEqual([]);
  });

  it('in Kyiv (the default city) include the shop courier and no carrier couriers (spec §5)', async () => {
    const answer = await check({ withDeliveryList: true });
    expect(slugs(answer)).toContain('im-courier');
    expect(slugs(answer)).not.toContain('np-courier');
    expect(slugs(answer)).not.toContain('meest-courier');
    expect(slugs(await check({ withDeliveryList: true, cityId: BASKET_HOME_CITY_ID }))).toEqual(slugs(answer));
  });

  it('outside Kyiv include Nova Poshta and Meest couriers and not the shop courier', async () => {
    const answer = slugs(await check({ withDeliveryList: true, cityId: BROVARY }));
    expect(answer).toEqual(expect.arrayContaining(['np-courier', 'meest-courier', 'np-warehouse']));
    expect(answer).not.toContain('im-courier');
  });

  it('fall back to the spec §9 couriers for a city the delivery service does not know', async () => {
    const answer = await check({ withDeliveryList: true, cityId: 987_654_321 });
    expect(answer.deliveryMethods.map((m) => [m.slug, m.price, m.shortDescription])).toEqual([
      ['meest-courier', 35, '2-5 дней'],
      ['np-courier', 89, '1-2 дня'],
    ]);
  });

  it('GET /public/settlement/{id} answers the city with its methods, 404 for an unknown one, 400 for a non-id', async () => {
    const kyiv = await getSettlement(shop.client(), BASKET_HOME_CITY_ID);
    expect(kyiv).toMatchObject({ name: 'Киев', nameUkr: 'Київ' });
    expect(kyiv.deliveryMethods?.map((m) => m.slug)).toContain('im-courier');
    const brovary = settlementSchema.parse(
      await (
        await shop.services.fetch(new Request(`http://shop.test/svc/delivery/public/settlement/${BROVARY}?project=bbs`))
      ).json(),
    );
    expect(brovary.nameUkr).toBe('Бровари');
    for (const [id, status] of [
      ['123456789', 404],
      ['kyiv', 400],
      ['1e3', 400],
      ['-5', 400],
    ] as const) {
      const response = await shop.services.fetch(new Request(`http://shop.test/svc/delivery/public/settlement/${id}`));
      expect(response.status, id).toBe(status);
      expect(serviceErrorSchema.parse(await response.json()).code).toBe(status);
    }
  });
});

describe('malformed requests are a 400 naming the field, never a 500', () => {
  const item = { internalId: 500001, productId: 100001, quantity: 1 };
  const basket = { project: 'bbs', items: [item] };
  it.each([
    ['not JSON', '{"project": "bbs", items: [}', 'body must be JSON'],
    ['an array', '[]', 'request body'],
    ['no items', { project: 'bbs' }, 'items'],
    ['no project', { items: [] }, 'project'],
    // A line may leave its product out (spec §7 `items (internalId, quantity)`); one that is sent is checked.
    ['a product given as text', { ...basket, items: [{ ...item, productId: '7' }] }, 'items.0.productId'],
    ['a quantity of 0', { ...basket, items: [{ ...item, quantity: 0 }] }, 'items.0.quantity'],
    ['a fractional quantity', { ...basket, items: [{ ...item, quantity: 1.5 }] }, 'items.0.quantity'],
    ['a quantity above the limit', { ...basket, items: [{ ...item, quantity: 1000 }] }, 'items.0.quantity'],
    ['a negative id', { ...basket, items: [{ ...item, internalId: -5 }] }, 'items.0.internalId'],
    ['an id given as text', { ...basket, items: [{ ...item, internalId: '500001' }] }, 'items.0.internalId'],
    ['too many lines', { ...basket, items: Array.from({ length: 101 }, () => item) }, 'items'],
    ['an unknown code type', { ...basket, certificates: [{ type: 2, key: 'X' }] }, 'certificates.0.type'],
    ['a key too long', { ...basket, certificates: [{ type: 0, key: 'K'.repeat(65) }] }, 'certificates.0.key'],
    [
      'a gift without its list',
      { ...basket, chosenGifts: [{ internalId: 1, giftDiscountRef: '' }] },
      'chosenGifts.0.giftDiscountRef',
    ],
    ['a city by name', { ...basket, cityId: 'Київ' }, 'cityId'],
    ['a yes for a flag', { ...basket, withDeliveryList: 'yes' }, 'withDeliveryList'],
  ])('%s', async (_name, body, field) => {
    const response = await shop.post(body);
    const error = serviceErrorSchema.parse(await response.json());
    expect(response.status).toBe(400);
    expect(error.message).toContain(field);
  });

  it('an unknown locale', async () => {
    const response = await shop.post(basket, '?locale=en');
    expect(response.status).toBe(400);
    expect(serviceErrorSchema.parse(await response.json()).message).toContain('locale');
  });

  it('a body far larger than a basket is a 413', async () => {
    const response = await shop.post({ ...basket, phone: 'x'.repeat(70_000) });
    expect(response.status).toBe(413);
  });
});

describe('where the order service finds search and delivery', () => {
  const started: { close(): void }[] = [];
  afterAll(() => {
    for (const s of started) s.close();
  });

  /** Serves one app of the shop on a free port: a "real" service at a URL. */
  async function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<string> {
    const server = await new Promise<ServerType>((ready) => {
      const s = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => ready(s));
    });
    started.push({ close: () => server.close() });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${(address satisfies AddressInfo).port}`;
  }

  async function orderOnly(
    serviceUrls: Parameters<typeof createSomeServices>[1]['serviceUrls'],
  ): Promise<SomeServices> {
    const services = await createSomeServices(['order'], {
      dataDir: ':memory:',
      seed: { seed: 42, products: PRODUCTS },
      serviceUrls,
      now: () => TODAY,
    });
    started.push(services);
    return services;
  }

  const post = async (services: SomeServices, body: unknown): Promise<Response> =>
    services.fetch(
      new Request('http://shop.test/svc/order/public/basket/check?locale=uk', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );

  it('calls search and delivery at their URLs when they run elsewhere (SEARCH_API_URL, DELIVERY_API_URL)', async () => {
    const searchUrl = await listen((request) => shop.services.apps.search.fetch(request));
    const deliveryUrl = await listen((request) => shop.services.apps.delivery.fetch(request));
    const services = await orderOnly(
      serviceBaseUrls({ SEARCH_API_URL: searchUrl, DELIVERY_API_URL: `${deliveryUrl}/` }),
    );
    const l = sellable();
    await shop.patchVariant(l.productId, l.internalId, { price: { recommended: 777, selling: 777 } });
    const body = { project: 'bbs', items: [{ ...l, quantity: 1 }], withDeliveryList: true };
    const response = await post(services, body);
    expect(response.status).toBe(200);
    const answer = basketCheckResponseSchema.parse(await response.json());
    expect(line(answer, l.internalId).checked.price).toBe(777);
    expect(answer.deliveryMethods.map((m) => m.slug)).toEqual(
      (await check({ withDeliveryList: true })).deliveryMethods.map((m) => m.slug),
    );
    // The order seed, without the search database, named the gift products the real service has.
    expect(answer).toEqual(basketCheckResponseSchema.parse(await (await shop.post(body, '?locale=uk')).json()));
  });

  it('answers the fallback couriers when the delivery service cannot be reached', async () => {
    const searchUrl = await listen((request) => shop.services.apps.search.fetch(request));
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const services = await orderOnly(
      serviceBaseUrls({ SEARCH_API_URL: searchUrl, DELIVERY_API_URL: 'http://127.0.0.1:9' }),
    );
    const answer = basketCheckResponseSchema.parse(
      await (await post(services, { project: 'bbs', items: [], withDeliveryList: true })).json(),
    );
    expect(answer.deliveryMethods).toEqual([
      expect.objectContaining({
        slug: 'im-courier',
        price: 69,
        shortDescription: '1-2 дня',
        titleUkr: 'Кур’єр магазину',
      }),
    ]);
  });

  it('is a 503 with Retry-After when the catalogue cannot be read, and never answers prices it does not know', async () => {
    const services = await orderOnly(serviceBaseUrls({}));
    const response = await post(services, {
      project: 'bbs',
      items: [{ internalId: 500001, productId: 100001, quantity: 1 }],
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(serviceErrorSchema.parse(await response.json()).code).toBe(503);
  });

  it('an empty basket needs no catalogue', async () => {
    const services = await orderOnly(perService((service) => ({ url: embeddedBaseUrl(service), embedded: true })));
    const response = await post(services, {
      project: 'bbs',
      items: [],
      certificates: [{ type: 1, key: 'BBS7K2M9Q4X8T1ZA' }],
    });
    expect(response.status).toBe(200);
    expect(basketCheckResponseSchema.parse(await response.json())).toMatchObject({ cost: 0, basketItems: [] });
  });
});
