import type { DatabaseSync } from 'node:sqlite';
import { branchDeliverySlugSchema, CARRIERS } from '../../api/schemas/delivery.ts';
import type { BranchDeliverySlug, DeliveryMethodSlug, DeliveryType } from '../../api/schemas/delivery.ts';
import { inTransaction } from '../db/database.ts';
import { branchSearchText, settlementKeys, streetSearchText } from '../delivery/deliveryIndex.ts';
import { branchCounts, branchesOf } from './branches.ts';
import type { Random } from './random.ts';
import {
  HOME_CITY_UK,
  KYIV_SETTLEMENT_ID,
  KYIV_SETTLEMENT_REF,
  OFTEN_USED,
  REGIONS,
  SETTLEMENTS,
  SETTLEMENT_TYPE_NAMES,
} from './settlements.ts';
import type { SettlementDef } from './settlements.ts';
import { SHOPS } from './shops.ts';
import { STREET_TYPES, streetCount, streetsOf } from './streets.ts';

/**
 * Seeds settlements (with their search keys), streets, delivery methods, carrier branches and the
 * shop's pickup points. Deterministic: the same seed gives the same rows; how many branches and
 * streets a place has depends on its population only (src/services/seed/branches.ts, streets.ts).
 */

interface MethodDef {
  slug: DeliveryMethodSlug;
  type: DeliveryType;
  carrier: number;
  price: number;
  title: string;
  titleUkr: string;
  time: string;
  timeUkr: string;
  /** Delivery terms in days, as `time` says them. */
  days: readonly [min: number, max: number];
  /** The price covers this many kg; each further started kg costs `perKg`. */
  includedWeight: number;
  perKg: number;
  /** The method's own cap in kg (null: none; branches and shops add their own). */
  maxWeight: number | null;
}

/**
 * Spec §9 fallback prices and times for couriers; branch prices, weight surcharges and caps are ours,
 * near what the carriers charged in 2024 (a 30 kg parcel to a Nova Poshta branch ~170 грн).
 */
const METHODS: MethodDef[] = [
  {
    slug: 'pick-and-collect',
    type: 3,
    carrier: CARRIERS.shop,
    price: 0,
    title: 'Самовывоз из магазина',
    titleUkr: 'Самовивіз з магазину',
    time: 'от 1 дня',
    timeUkr: 'від 1 дня',
    days: [1, 3],
    includedWeight: 0,
    perKg: 0,
    maxWeight: null,
  },
  {
    slug: 'np-warehouse',
    type: 1,
    carrier: CARRIERS.novaPoshta,
    price: 59,
    title: 'Новая Почта: отделение',
    titleUkr: 'Нова Пошта: відділення',
    time: '1-2 дня',
    timeUkr: '1-2 дні',
    days: [1, 2],
    includedWeight: 2,
    perKg: 4,
    maxWeight: null,
  },
  {
    slug: 'np-postbox',
    type: 1,
    carrier: CARRIERS.novaPoshta,
    price: 49,
    title: 'Новая Почта: почтомат',
    titleUkr: 'Нова Пошта: поштомат',
    time: '1-2 дня',
    timeUkr: '1-2 дні',
    days: [1, 2],
    includedWeight: 2,
    perKg: 4,
    maxWeight: 30,
  },
  {
    slug: 'justin-warehouse',
    type: 1,
    carrier: CARRIERS.justin,
    price: 45,
    title: 'Justin: отделение',
    titleUkr: 'Justin: відділення',
    time: '1-3 дня',
    timeUkr: '1-3 дні',
    days: [1, 3],
    includedWeight: 2,
    perKg: 3,
    maxWeight: 30,
  },
  {
    slug: 'u-warehouse',
    type: 1,
    carrier: CARRIERS.ukrposhta,
    price: 35,
    title: 'Укрпочта: отделение',
    titleUkr: 'Укрпошта: відділення',
    time: '3-5 дней',
    timeUkr: '3-5 днів',
    days: [3, 5],
    includedWeight: 2,
    perKg: 2,
    maxWeight: 30,
  },
  {
    slug: 'im-courier',
    type: 2,
    carrier: CARRIERS.ownCourier,
    price: 69,
    title: 'Курьер магазина',
    titleUkr: 'Кур’єр магазину',
    time: '1-2 дня',
    timeUkr: '1-2 дні',
    days: [1, 2],
    includedWeight: 10,
    perKg: 5,
    maxWeight: 50,
  },
  {
    slug: 'np-courier',
    type: 2,
    carrier: CARRIERS.novaPoshta,
    price: 89,
    title: 'Курьер Новой Почты',
    titleUkr: 'Кур’єр Нової Пошти',
    time: '1-2 дня',
    timeUkr: '1-2 дні',
    days: [1, 2],
    includedWeight: 2,
    perKg: 5,
    maxWeight: null,
  },
  {
    slug: 'meest-courier',
    type: 2,
    carrier: CARRIERS.meest,
    price: 35,
    title: 'Курьер Meest',
    titleUkr: 'Кур’єр Meest',
    time: '2-5 дней',
    timeUkr: '2-5 днів',
    days: [2, 5],
    includedWeight: 2,
    perKg: 4,
    maxWeight: 30,
  },
  {
    slug: 'ipost-courier',
    type: 2,
    carrier: CARRIERS.ipost,
    price: 79,
    title: 'Курьер iPost',
    titleUkr: 'Кур’єр iPost',
    time: 'в день заказа',
    timeUkr: 'у день замовлення',
    days: [0, 0],
    includedWeight: 5,
    perKg: 5,
    maxWeight: 30,
  },
];

const BRANCH_CARRIERS: Record<BranchDeliverySlug, number> = {
  'np-warehouse': CARRIERS.novaPoshta,
  'np-postbox': CARRIERS.novaPoshta,
  'justin-warehouse': CARRIERS.justin,
  'u-warehouse': CARRIERS.ukrposhta,
};

/** Population (thousands) of a city that gets iPost's same-day courier. */
const IPOST_CITY = 500;

/** Search order among places: bigger first; the home city before all. */
function popularity(s: SettlementDef): number {
  return Math.round(s.population * 1000) + (s.uk === HOME_CITY_UK ? 1_000_000_000 : 0);
}

/** A UUID-shaped reference, like carriers' refs, drawn from the seeded generator. */
function ref(r: Random): string {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(r.next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function settlementId(s: SettlementDef, index: number): number {
  return s.uk === HOME_CITY_UK ? KYIV_SETTLEMENT_ID : 10001 + index;
}

/** The settlement id of each place, and of a Ukrainian name that only one place has. */
function settlementIds(): { byPlace: Map<string, number>; byUniqueName: Map<string, number> } {
  const byPlace = new Map<string, number>();
  const names = new Map<string, number[]>();
  SETTLEMENTS.forEach((s, index) => {
    const id = settlementId(s, index);
    byPlace.set(`${s.uk}|${s.region}`, id);
    names.set(s.uk, [...(names.get(s.uk) ?? []), id]);
  });
  const byUniqueName = new Map<string, number>();
  for (const [name, ids] of names) if (ids.length === 1 && ids[0] !== undefined) byUniqueName.set(name, ids[0]);
  return { byPlace, byUniqueName };
}

export function seedDelivery(
  db: DatabaseSync,
  random: Random,
): { settlements: number; branches: number; shops: number } {
  return inTransaction(db, () => {
    const insertMethod = db.prepare(
      `INSERT INTO delivery_method (slug, type, carrier, price, title, title_ukr, short_description, short_description_ukr,
         icon_image_url, icon_image_url_selected, changeable, ordering, included_weight, price_per_kg, max_weight,
         min_days, max_days) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    METHODS.forEach((m, ordering) =>
      insertMethod.run(
        m.slug,
        m.type,
        m.carrier,
        m.price,
        m.title,
        m.titleUkr,
        m.time,
        m.timeUkr,
        null,
        null,
        m.type === 3 ? 0 : 1,
        ordering,
        m.includedWeight,
        m.perKg,
        m.maxWeight,
        m.days[0],
        m.days[1],
      ),
    );

    const insertSettlement = db.prepare(
      `INSERT INTO settlement (id, ref, name, name_ukr, type, type_ukr, region_name, region_name_ukr, district_name,
         district_name_ukr, latitude, longitude, popularity, search_name, search_name_ukr)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertKey = db.prepare('INSERT INTO settlement_search_key (key, settlement_id, word) VALUES (?, ?, ?)');
    const insertStreet = db.prepare(
      `INSERT INTO street (id, ref, settlement_id, name, name_ukr, type, type_ukr, search_text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertBranch = db.prepare(
      `INSERT INTO branch (id, ref, settlement_id, delivery_slug, carrier, number, title, title_ukr, address, address_ukr,
         latitude, longitude, max_weight, schedule, schedule_ukr, search_text)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertOffer = db.prepare('INSERT INTO settlement_delivery_method (settlement_id, method_slug) VALUES (?, ?)');
    const setOftenUsed = db.prepare('UPDATE settlement SET often_used_rank = ? WHERE id = ?');

    const { byPlace, byUniqueName } = settlementIds();
    const shopCity = (shop: (typeof SHOPS)[number]): number => {
      const id = byUniqueName.get(shop.cityUkr);
      if (id === undefined) throw new Error(`shop ${shop.slug}: no single settlement is named ${shop.cityUkr}`);
      return id;
    };
    const pickupCities = new Set(SHOPS.filter((shop) => shop.pickupEnable).map(shopCity));

    let streetId = 1;
    let branchId = 1;
    SETTLEMENTS.forEach((s, index) => {
      const r = random.fork(`settlement-${index}`);
      const id = settlementId(s, index);
      const region = REGIONS[s.region];
      const [typeUk, typeRu] = SETTLEMENT_TYPE_NAMES[s.type];
      const isHome = s.uk === HOME_CITY_UK;
      insertSettlement.run(
        id,
        isHome ? KYIV_SETTLEMENT_REF : ref(r),
        s.ru,
        s.uk,
        typeRu,
        typeUk,
        region.ru,
        region.uk,
        s.district?.[1] ?? null,
        s.district?.[0] ?? null,
        s.lat,
        s.lon,
        popularity(s),
        s.ru.toLowerCase(),
        s.uk.toLowerCase(),
      );
      for (const { key, word } of settlementKeys(s.ru, s.uk)) insertKey.run(key, id, word);

      const streets = streetsOf(s.uk, streetCount(s.population), r.fork('streets'));
      for (const street of streets) {
        const [streetTypeUk, streetTypeRu] = STREET_TYPES[street.kind];
        const text = streetSearchText({
          name: street.ru,
          nameUkr: street.uk,
          type: streetTypeRu,
          typeUkr: streetTypeUk,
        });
        insertStreet.run(streetId++, ref(r), id, street.ru, street.uk, streetTypeRu, streetTypeUk, text);
      }

      const offered = new Set<DeliveryMethodSlug>();
      const counts = branchCounts(s.population);
      const place = { latitude: s.lat, longitude: s.lon, population: s.population, streets };
      for (const slug of branchDeliverySlugSchema.options) {
        // One stream per carrier, so a change in one carrier's branches leaves the others' as they were.
        const branchRandom = r.fork(slug);
        for (const b of branchesOf(slug, counts[slug], place, branchRandom)) {
          insertBranch.run(
            branchId++,
            ref(branchRandom),
            id,
            slug,
            BRANCH_CARRIERS[slug],
            b.number,
            b.title,
            b.titleUkr,
            b.address,
            b.addressUkr,
            b.latitude,
            b.longitude,
            b.maxWeight,
            b.schedule,
            b.scheduleUkr,
            branchSearchText(b),
          );
        }
        if (counts[slug] > 0) offered.add(slug);
      }
      // Spec §5: the shop's courier only in the home city, Nova Poshta's and Meest's only outside it;
      // Meest's couriers serve towns, not villages.
      if (isHome) offered.add('im-courier');
      else {
        offered.add('np-courier');
        if (s.type === 'city') offered.add('meest-courier');
      }
      if (s.population >= IPOST_CITY) offered.add('ipost-courier');
      if (pickupCities.has(id)) offered.add('pick-and-collect');
      for (const m of METHODS) if (offered.has(m.slug)) insertOffer.run(id, m.slug);
    });

    OFTEN_USED.forEach(([uk, region], i) => {
      const id = byPlace.get(`${uk}|${region}`);
      if (id === undefined) throw new Error(`often-used city ${uk} (${region}) is not a settlement`);
      setOftenUsed.run(i + 1, id);
    });

    const insertShop = db.prepare(
      `INSERT INTO shop (id, ref, slug, title, title_ukr, settlement_id, address, address_ukr, schedule, schedule_ukr, phone,
         latitude, longitude, type, pickup_enable, total_max_weight_allowed, is_chicco, is_ma, ordering)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertDonor = db.prepare('INSERT INTO shop_donor (shop_id, donor_id) VALUES (?, ?)');
    const shopRandom = random.fork('shops');
    SHOPS.forEach((shop, ordering) => {
      insertShop.run(
        shop.id,
        ref(shopRandom),
        shop.slug,
        shop.title,
        shop.titleUkr,
        shopCity(shop),
        shop.address,
        shop.addressUkr,
        shop.schedule,
        shop.scheduleUkr,
        shop.phone,
        shop.latitude,
        shop.longitude,
        shop.type,
        shop.pickupEnable ? 1 : 0,
        shop.totalMaxWeightAllowed,
        shop.isChicco ? 1 : 0,
        shop.isMa ? 1 : 0,
        ordering,
      );
    });
    for (const shop of SHOPS) for (const donor of shop.donors) insertDonor.run(shop.id, donor);
    return { settlements: SETTLEMENTS.length, branches: branchId - 1, shops: SHOPS.length };
  });
}
