import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getOftenUsedSettlements,
  getSettlement,
  searchSettlements,
  searchSettlementsWithDeliveryMethods,
} from '../../src/api/delivery.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { BASKET_HOME_CITY_ID } from '../../src/api/schemas/basket.ts';
import {
  branchListSchema,
  combinedBranchListSchema,
  settlementListSchema,
  settlementSchema,
  shopConfigsSchema,
} from '../../src/api/schemas/delivery.ts';
import type { Settlement } from '../../src/api/schemas/delivery.ts';
import { openServiceDatabase } from '../../src/services/db/serviceDatabases.ts';
import { createDeliveryApp } from '../../src/services/delivery/deliveryApp.ts';
import { createRandom } from '../../src/services/seed/random.ts';
import { seedDelivery } from '../../src/services/seed/delivery.ts';
import { createDeliveryShop, KYIV } from './deliverySupport.ts';
import type { DeliveryShop } from './deliverySupport.ts';

/** Storefront spec §7 settlement calls, §5 delivery methods per city, §9 the default city 9812. */
let shop: DeliveryShop;

beforeAll(async () => {
  shop = await createDeliveryShop();
});
afterAll(() => shop.dispose());

async function search(searchName: string, query = ''): Promise<Settlement[]> {
  const response = await shop.get(`/public/settlement?searchName=${encodeURIComponent(searchName)}${query}`);
  expect(response.status).toBe(200);
  return settlementListSchema.parse(await response.json()).items;
}

const names = (settlements: Settlement[]): string[] => settlements.map((s) => s.nameUkr);

async function settlementNamed(nameUkr: string): Promise<Settlement> {
  const found = (await search(nameUkr)).find((s) => s.nameUkr === nameUkr);
  if (!found) throw new Error(`no settlement ${nameUkr}`);
  return found;
}

describe('settlement search (GET /public/settlement)', () => {
  it.each([
    ['Киев', 'Київ'],
    ['київ', 'Київ'],
    ['КИЕ', 'Київ'],
    ['Львов', 'Львів'],
    ['льві', 'Львів'],
    ['харьк', 'Харків'],
    ['Днепр', 'Дніпро'],
    ['Запорож', 'Запоріжжя'],
  ])('finds a city by the start of its Russian or Ukrainian name, in any case: %s → %s', async (query, city) => {
    expect(names(await search(query))[0]).toBe(city);
  });

  it.each([
    ['Вишневое', 'Вишневе', 'ё typed as е'],
    ['кiев', 'Київ', 'a Latin i among Cyrillic letters'],
    ['кривий риг', 'Кривий Ріг', 'и typed for і'],
    ['камянськ', 'Кам’янське', 'no apostrophe'],
    ["кам'янськ", 'Кам’янське', 'a typewriter apostrophe'],
    ['ивано франк', 'Івано-Франківськ', 'a space for the hyphen'],
    ['Жёлтые', 'Жовті Води', 'ё in the Russian name'],
  ])('folds spelling variants: %s → %s (%s)', async (query, city) => {
    expect(names(await search(query))).toContain(city);
  });

  it('finds a place by a later word of its name', async () => {
    expect(names(await search('церква'))).toEqual(['Біла Церква']);
    expect(names(await search('ріг'))).toEqual(['Кривий Ріг']);
    expect(names(await search('борщаг')).sort()).toEqual(['Петропавлівська Борщагівка', 'Софіївська Борщагівка']);
  });

  it('puts the exact name first, then names that start with it, then later-word matches, bigger places first', async () => {
    expect(names(await search('одеса'))).toEqual(['Одеса', 'Нова Одеса']);
    const bor = names(await search('бор'));
    expect(bor.slice(0, 3)).toEqual(['Бориспіль', 'Борислав', 'Бородянка']);
    const firstWordMatches = bor.findIndex((name) => !name.toLowerCase().startsWith('бор'));
    expect(firstWordMatches).toBeGreaterThan(0);
    expect(bor.slice(firstWordMatches).every((name) => !name.toLowerCase().startsWith('бор'))).toBe(true);
    // Two places share the name: the bigger (the oblast centre) first, told apart by region.
    const mykolaiv = await search('Миколаїв');
    expect(mykolaiv.map((s) => s.regionNameUkr)).toEqual(['Миколаївська', 'Львівська']);
  });

  it('answers a few hundred places, with regions and districts in both languages and coordinates in Ukraine', async () => {
    const [bucha] = await search('Буча');
    expect(bucha).toMatchObject({
      name: 'Буча',
      regionName: 'Киевская',
      regionNameUkr: 'Київська',
      districtName: 'Бучанский',
      districtNameUkr: 'Бучанський',
      type: 'город',
      typeUkr: 'місто',
    });
    // Every place starts with one of these letters (folded: і and ї are и, є is е).
    const all = new Map<number, Settlement>();
    for (const letter of 'абвгґдежзийклмнопрстуфхцчшщюя') {
      for (const s of await search(letter, '&limit=100')) all.set(s.id, s);
    }
    expect(all.size).toBeGreaterThanOrEqual(400);
    for (const s of all.values()) {
      expect(s.latitude).toBeGreaterThan(44);
      expect(s.latitude).toBeLessThan(52.5);
      expect(s.longitude).toBeGreaterThan(22);
      expect(s.longitude).toBeLessThan(40.5);
      expect(s.deliveryMethods).toBeUndefined();
    }
  });

  it('pages the matches (zero-based) with the total', async () => {
    const page = async (n: number) =>
      settlementListSchema.parse(
        await (await shop.get(`/public/settlement?searchName=${encodeURIComponent('б')}&page=${n}&limit=10`)).json(),
      );
    const [first, second] = [await page(0), await page(1)];
    expect(first.total).toBeGreaterThan(20);
    expect(second.total).toBe(first.total);
    expect(first.items).toHaveLength(10);
    expect(second.items).toHaveLength(10);
    expect(first.items.map((s) => s.id).filter((id) => second.items.some((s) => s.id === id))).toEqual([]);
  });

  it('finds nothing for a blank search or an unknown name', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('Атлантида')).toEqual([]);
  });

  it('is the typed client’s searchSettlements, with and without delivery methods', async () => {
    const plain = await searchSettlements(shop.client(), 'льв', { limit: 5 });
    expect(plain.items[0]?.nameUkr).toBe('Львів');
    expect(plain.items[0]?.deliveryMethods).toBeUndefined();
    const withMethods = await searchSettlementsWithDeliveryMethods(shop.client(), 'Киев');
    expect(withMethods.items[0]?.id).toBe(KYIV);
    expect(withMethods.items[0]?.deliveryMethods?.map((m) => m.slug)).toContain('im-courier');
    expect(withMethods.items.every((s) => (s.deliveryMethods ?? []).length > 0)).toBe(true);
  });
});

describe('often-used cities (GET /public/settlement/often-used/with-delivery-methods)', () => {
  it('lists the big cities shoppers pick most first, Kyiv leading, each with its methods', async () => {
    const { items, total } = await getOftenUsedSettlements(shop.client());
    expect(names(items).slice(0, 6)).toEqual(['Київ', 'Харків', 'Одеса', 'Дніпро', 'Львів', 'Запоріжжя']);
    expect(total).toBe(items.length);
    expect(items.length).toBe(12);
    expect(items.every((s) => (s.deliveryMethods ?? []).length > 0)).toBe(true);
  });

  it('takes a limit, and answers the next biggest places beyond the shop’s own list', async () => {
    expect(names((await getOftenUsedSettlements(shop.client(), 3)).items)).toEqual(['Київ', 'Харків', 'Одеса']);
    const thirty = (await getOftenUsedSettlements(shop.client(), 30)).items;
    expect(thirty).toHaveLength(30);
    expect(new Set(thirty.map((s) => s.id)).size).toBe(30);
  });
});

describe('GET /public/settlement/{id}', () => {
  it('answers Kyiv under the spec’s default city 9812 (the basket’s home city), with a fixed ref', async () => {
    expect(BASKET_HOME_CITY_ID).toBe(KYIV);
    const kyiv = await getSettlement(shop.client(), KYIV);
    expect(kyiv).toMatchObject({ id: KYIV, name: 'Киев', nameUkr: 'Київ', districtName: null });
    expect(kyiv.ref).toBe('8d5a980d-391c-11dd-90d9-001a92567626');
  });

  it('is a 404 for an unknown id and a 400 naming the id for a malformed one', async () => {
    const unknown = await shop.get('/public/settlement/123');
    expect(unknown.status).toBe(404);
    const malformed = await shop.get('/public/settlement/1e3');
    expect(malformed.status).toBe(400);
    expect(serviceErrorSchema.parse(await malformed.json()).message).toMatch(/settlement id/);
  });
});

describe('delivery methods per settlement (spec §5)', () => {
  const slugs = async (id: number): Promise<string[]> =>
    (await getSettlement(shop.client(), id)).deliveryMethods?.map((m) => m.slug) ?? [];

  it('offers the shop’s courier in Kyiv and no Nova Poshta or Meest courier', async () => {
    const kyiv = await slugs(KYIV);
    expect(kyiv).toContain('im-courier');
    expect(kyiv).not.toContain('np-courier');
    expect(kyiv).not.toContain('meest-courier');
  });

  it('offers Nova Poshta and Meest couriers in Lviv and not the shop’s courier', async () => {
    const lviv = await slugs((await settlementNamed('Львів')).id);
    expect(lviv).toEqual(expect.arrayContaining(['np-courier', 'meest-courier', 'pick-and-collect', 'np-warehouse']));
    expect(lviv).not.toContain('im-courier');
  });

  it('offers the shop’s courier nowhere but Kyiv', async () => {
    const all = (await getOftenUsedSettlements(shop.client(), 50)).items;
    for (const s of all) {
      const methods = s.deliveryMethods?.map((m) => m.slug) ?? [];
      expect(methods.includes('im-courier'), s.nameUkr).toBe(s.id === KYIV);
      expect(methods.includes('np-courier'), s.nameUkr).toBe(s.id !== KYIV);
    }
  });

  it('offers a branch method exactly where the settlement has such branches', async () => {
    const places = [
      ...(await getOftenUsedSettlements(shop.client(), 20)).items,
      ...(await searchSettlementsWithDeliveryMethods(shop.client(), 'Гатне')).items,
      ...(await searchSettlementsWithDeliveryMethods(shop.client(), 'Яремче')).items,
      ...(await searchSettlementsWithDeliveryMethods(shop.client(), 'Седнів')).items,
    ];
    let without = 0;
    for (const s of places) {
      const response = await shop.post(`/public/settlement/${s.id}/warehouse/combined`, { limit: 1 });
      const { carriers } = combinedBranchListSchema.parse(await response.json());
      const withBranches = carriers.filter((c) => c.total > 0).map((c) => c.deliverySlug);
      const offered = (s.deliveryMethods ?? []).filter((m) => m.type === 1).map((m) => m.slug);
      expect(offered, s.nameUkr).toEqual(withBranches);
      without += carriers.filter((c) => c.total === 0).length;
    }
    // The villages lack lockers and Justin, so the rule is tested both ways.
    expect(without).toBeGreaterThan(0);
  });

  it('offers pick-and-collect exactly in the cities of a shop open for pickup', async () => {
    const configs = shopConfigsSchema.parse(await (await shop.get('/public/shop/configs')).json());
    const shops = [...configs.warehouseList, ...configs.partnerShopList];
    const pickupCities = new Set(shops.filter((s) => s.pickupEnable).map((s) => s.cityId));
    for (const cityId of new Set(shops.map((s) => s.cityId))) {
      expect((await slugs(cityId)).includes('pick-and-collect'), String(cityId)).toBe(pickupCities.has(cityId));
    }
    // Vinnytsia has a shop, closed for pickup.
    expect(await slugs((await settlementNamed('Вінниця')).id)).not.toContain('pick-and-collect');
  });

  it('names every method in both languages, couriers at the spec §9 prices and terms', async () => {
    const kyiv = (await getSettlement(shop.client(), KYIV)).deliveryMethods ?? [];
    const lviv = (await getSettlement(shop.client(), (await settlementNamed('Львів')).id)).deliveryMethods ?? [];
    for (const m of [...kyiv, ...lviv]) {
      for (const text of [m.title, m.titleUkr, m.shortDescription, m.shortDescriptionUkr]) expect(text).not.toBe('');
    }
    const courier = (slug: string) => [...kyiv, ...lviv].find((m) => m.slug === slug);
    expect(courier('im-courier')).toMatchObject({ price: 69, shortDescription: '1-2 дня', type: 2 });
    expect(courier('meest-courier')).toMatchObject({ price: 35, shortDescription: '2-5 дней', type: 2 });
    expect(courier('np-courier')).toMatchObject({ price: 89, shortDescription: '1-2 дня', type: 2 });
    expect(courier('pick-and-collect')).toMatchObject({ type: 3, carrier: 0, price: 0 });
  });

  // The typed client parses every answer already, and zod drops keys the schema does not name: so the
  // raw bodies are read here. A body equal to its own parse has every field of the contract with the
  // right type and nothing else (no internal column, no leftover of the database).
  it.each([
    ['the often-used cities', '/public/settlement/often-used/with-delivery-methods?limit=50', 50],
    [
      'a search with delivery methods',
      `/public/settlement/with-delivery-methods?searchName=${encodeURIComponent('бор')}&limit=100`,
      5,
    ],
    ['a plain search', `/public/settlement?searchName=${encodeURIComponent('бор')}&limit=100`, 5],
  ])('answers %s exactly as the contract describes them, nothing missing and nothing more', async (_, path, least) => {
    const response = await shop.get(path);
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    const list = settlementListSchema.parse(body);
    expect(list.items.length).toBeGreaterThanOrEqual(least);
    expect(list).toStrictEqual(body);
    const withMethods = path.includes('with-delivery-methods');
    for (const s of list.items) expect(s.deliveryMethods === undefined, s.nameUkr).toBe(!withMethods);
  });

  it('answers one settlement exactly as the contract describes it, with its delivery methods', async () => {
    const response = await shop.get(`/public/settlement/${KYIV}`);
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    const kyiv = settlementSchema.parse(body);
    expect(kyiv).toStrictEqual(body);
    expect(kyiv.deliveryMethods?.length).toBeGreaterThan(0);
  });
});

describe('a database seeded before the search index (migration 002)', () => {
  it('gets its search data filled in when the service starts, so searches work without a reseed', async () => {
    const db = openServiceDatabase(':memory:', 'delivery');
    try {
      seedDelivery(db, createRandom(42).fork('delivery'));
      // What such a database looks like: no keys, no folded texts, one schedule.
      db.exec("DELETE FROM settlement_search_key; UPDATE street SET search_text = ''");
      db.exec("UPDATE branch SET search_text = '', schedule_ukr = ''");
      const app = createDeliveryApp(db);
      const found = settlementListSchema.parse(
        await (await app.request(`/public/settlement?searchName=${encodeURIComponent('киев')}`)).json(),
      );
      expect(found.items[0]?.id).toBe(KYIV);
      const streets = await app.request(
        `/public/settlement/${KYIV}/meest/street?searchName=${encodeURIComponent('хрещ')}`,
      );
      expect(await streets.json()).toMatchObject({ total: 1 });
      const branches = await app.request(`/public/settlement/${KYIV}/warehouse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchName: '17', deliverySlug: 'np-warehouse' }),
      });
      const list = branchListSchema.parse(await branches.json());
      expect(list.items[0]).toMatchObject({ number: 17 });
      expect(list.items[0]?.scheduleUkr).toBe(list.items[0]?.schedule);
    } finally {
      db.close();
    }
  });
});
