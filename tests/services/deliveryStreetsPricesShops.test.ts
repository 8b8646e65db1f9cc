import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateDelivery, getShopConfigs, searchSettlements, searchStreets } from '../../src/api/delivery.ts';
import { isApiError } from '../../src/api/apiError.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { deliveryCalculationSchema, streetListSchema } from '../../src/api/schemas/delivery.ts';
import type { DeliveryQuote, Street } from '../../src/api/schemas/delivery.ts';
import { createDeliveryShop, KYIV } from './deliverySupport.ts';
import type { DeliveryShop } from './deliverySupport.ts';

/** Storefront spec §7 streets and price calculation, §3/§5 pickup points with weight limits. */
let shop: DeliveryShop;
const city = new Map<string, number>();

beforeAll(async () => {
  shop = await createDeliveryShop();
  for (const name of ['Харків', 'Одеса', 'Дніпро', 'Львів', 'Гатне']) {
    const found = (await searchSettlements(shop.client(), name)).items.find((s) => s.nameUkr === name);
    if (!found) throw new Error(`no ${name}`);
    city.set(name, found.id);
  }
});
afterAll(() => shop.dispose());

const idOf = (name: string): number => city.get(name) ?? 0;

async function streets(settlementId: number, searchName: string, query = ''): Promise<Street[]> {
  const response = await shop.get(
    `/public/settlement/${settlementId}/meest/street?searchName=${encodeURIComponent(searchName)}${query}`,
  );
  expect(response.status).toBe(200);
  return streetListSchema.parse(await response.json()).items;
}

const labels = (items: Street[]): string[] => items.map((s) => `${s.typeUkr} ${s.nameUkr}`);

describe('streets of a settlement (GET /public/settlement/{id}/meest/street)', () => {
  it('finds Kyiv’s streets by the start of a word, names starting with it first', async () => {
    const found = await streets(KYIV, 'шевч');
    expect(found[0]?.nameUkr).toBe('Шевченка');
    expect(labels(found)).toEqual(expect.arrayContaining(['бульв. Тараса Шевченка', 'вул. Шевченка']));
    expect(found.every((s) => /(^| )Шевч/.test(s.nameUkr))).toBe(true);
  });

  it('finds a street by its Russian name, its type, or both languages mixed', async () => {
    expect(labels(await streets(KYIV, 'Крещатик'))).toEqual(['вул. Хрещатик']);
    expect(labels(await streets(KYIV, 'хрещ'))).toEqual(['вул. Хрещатик']);
    const avenues = await streets(KYIV, 'просп берест');
    expect(avenues.map((s) => [s.type, s.name, s.typeUkr, s.nameUkr])).toEqual([
      ['просп.', 'Берестейский', 'просп.', 'Берестейський'],
    ]);
    expect(labels(await streets(KYIV, 'узвіз')).some((label) => label.includes('Андріївський'))).toBe(true);
  });

  it('has a few hundred streets in each of the five biggest cities, of every common type', async () => {
    for (const id of [KYIV, idOf('Харків'), idOf('Одеса'), idOf('Дніпро'), idOf('Львів')]) {
      const response = await shop.get(`/public/settlement/${id}/meest/street?limit=100`);
      const { items, total } = streetListSchema.parse(await response.json());
      expect(total).toBeGreaterThanOrEqual(300);
      expect(items).toHaveLength(100);
      const all = await Promise.all(
        Array.from({ length: Math.ceil(total / 100) }, async (_, page) =>
          streetListSchema.parse(
            await (await shop.get(`/public/settlement/${id}/meest/street?limit=100&page=${page}`)).json(),
          ),
        ),
      );
      const types = new Set(all.flatMap((p) => p.items.map((s) => `${s.typeUkr}/${s.type}`)));
      for (const type of ['вул./ул.', 'просп./просп.', 'пров./пер.', 'бульв./бульв.']) expect(types).toContain(type);
      const keys = all.flatMap((p) => p.items.map((s) => `${s.typeUkr} ${s.nameUkr}`));
      expect(new Set(keys).size).toBe(total);
    }
  });

  it('lists a village’s few streets, and finds nothing for an unknown name', async () => {
    const village = await streets(idOf('Гатне'), '', '&limit=100');
    expect(village.length).toBeGreaterThan(5);
    expect(village.length).toBeLessThan(20);
    expect(await streets(KYIV, 'Бейкер')).toEqual([]);
  });

  it('is the typed client’s searchStreets; an unknown settlement is a 404', async () => {
    const found = await searchStreets(shop.client(), idOf('Одеса'), 'дериб');
    expect(found.items.map((s) => s.nameUkr)).toEqual(['Дерибасівська']);
    expect(found.total).toBe(1);
    await expect(searchStreets(shop.client(), 42, 'a')).rejects.toSatisfy(
      (error) => isApiError(error) && error.status === 404,
    );
  });
});

describe('delivery price calculation (POST /public/delivery/product/{id}/calculate)', () => {
  const quote = (quotes: DeliveryQuote[], slug: string): DeliveryQuote | undefined =>
    quotes.find((q) => q.slug === slug);

  it('prices every method offered in the settlement for a light parcel at the method’s price', async () => {
    const lviv = idOf('Львів');
    const answer = await calculateDelivery(shop.client(), 501, { settlementId: lviv, weight: 1.5 });
    expect(answer).toMatchObject({ productId: 501, settlementId: lviv, weight: 1.5 });
    expect(answer.methods.map((m) => m.slug)).toEqual([
      'pick-and-collect',
      'np-warehouse',
      'np-postbox',
      'justin-warehouse',
      'u-warehouse',
      'np-courier',
      'meest-courier',
      'ipost-courier',
    ]);
    expect(quote(answer.methods, 'np-courier')).toMatchObject({ price: 89, minDays: 1, maxDays: 2, available: true });
    expect(quote(answer.methods, 'meest-courier')).toMatchObject({ price: 35, minDays: 2, maxDays: 5 });
    expect(quote(answer.methods, 'pick-and-collect')).toMatchObject({ price: 0, maxWeight: 30, available: true });
    expect(answer.methods.every((m) => m.available)).toBe(true);
  });

  it('adds a charge per started kilogram beyond the included weight, and marks what the parcel is too heavy for', async () => {
    const { methods } = await calculateDelivery(shop.client(), 501, { settlementId: idOf('Львів'), weight: 31 });
    // 59 грн cover 2 kg; 29 more started kilograms at 4 грн.
    expect(quote(methods, 'np-warehouse')).toMatchObject({ price: 59 + 29 * 4, maxWeight: null, available: true });
    expect(quote(methods, 'np-postbox')).toMatchObject({ maxWeight: 30, available: false });
    expect(quote(methods, 'pick-and-collect')).toMatchObject({ maxWeight: 30, available: false });
    expect(quote(methods, 'np-courier')?.available).toBe(true);
    const partial = await calculateDelivery(shop.client(), 501, { settlementId: idOf('Львів'), weight: 2.3 });
    expect(quote(partial.methods, 'np-warehouse')?.price).toBe(63);
  });

  it('answers one method when asked, none when it is not offered there', async () => {
    const kyiv = await calculateDelivery(shop.client(), 7, {
      settlementId: KYIV,
      weight: 3,
      deliverySlug: 'im-courier',
    });
    expect(kyiv.methods.map((m) => [m.slug, m.price, m.shortDescription])).toEqual([['im-courier', 69, '1-2 дня']]);
    const lviv = await calculateDelivery(shop.client(), 7, {
      settlementId: idOf('Львів'),
      weight: 3,
      deliverySlug: 'im-courier',
    });
    expect(lviv.methods).toEqual([]);
  });

  it('lets pickup in Kyiv take any weight: one Kyiv shop has no limit', async () => {
    const { methods } = await calculateDelivery(shop.client(), 7, { settlementId: KYIV, weight: 80 });
    expect(quote(methods, 'pick-and-collect')).toMatchObject({ maxWeight: null, available: true });
    expect(quote(methods, 'im-courier')).toMatchObject({ maxWeight: 50, available: false });
  });

  it('is a 404 for an unknown settlement and a 400 naming the field for a bad body', async () => {
    const post = (body: unknown) => shop.post('/public/delivery/product/7/calculate?project=bbs', body);
    expect((await post({ settlementId: 42, weight: 1 })).status).toBe(404);
    for (const [body, field] of [
      [{ weight: 1 }, 'settlementId'],
      [{ settlementId: KYIV, weight: -1 }, 'weight'],
      [{ settlementId: KYIV, weight: '1' }, 'weight'],
      [{ settlementId: KYIV, weight: 1, deliverySlug: 'pigeon' }, 'deliverySlug'],
    ] as const) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(serviceErrorSchema.parse(await response.json()).message).toContain(`field ${field}`);
    }
    expect((await shop.post('/public/delivery/product/abc/calculate', { settlementId: KYIV, weight: 1 })).status).toBe(
      400,
    );
    const ok = await post({ settlementId: KYIV, weight: 0 });
    expect(deliveryCalculationSchema.parse(await ok.json()).methods.length).toBeGreaterThan(0);
  });
});

describe('pickup points (GET /public/shop/configs, spec §3 and §5)', () => {
  it('carries pickupEnable and weight limits: a limit exactly when the maximum is above 0', async () => {
    const configs = await getShopConfigs(shop.client());
    const shops = [...configs.warehouseList, ...configs.partnerShopList];
    for (const s of shops) expect(s.hasWeightLimit, s.slug).toBe(s.totalMaxWeightAllowed > 0);
    expect(shops.some((s) => s.pickupEnable && s.hasWeightLimit)).toBe(true);
    expect(shops.some((s) => s.pickupEnable && !s.hasWeightLimit)).toBe(true);
    expect(shops.filter((s) => !s.pickupEnable).map((s) => s.slug)).toEqual([
      'kiev-centralnyy-sklad',
      'vinnica-kelecka',
    ]);
    expect(shops.find((s) => s.slug === 'kiev-darnica')).toMatchObject({
      cityId: KYIV,
      pickupEnable: true,
      totalMaxWeightAllowed: 30,
      hasWeightLimit: true,
    });
  });
});
