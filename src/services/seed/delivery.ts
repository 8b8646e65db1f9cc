import type { DatabaseSync } from 'node:sqlite';
import { CARRIERS } from '../../api/schemas/delivery.ts';
import type { DeliveryMethodSlug, DeliveryType } from '../../api/schemas/delivery.ts';
import { inTransaction } from '../db/database.ts';
import type { Random } from './random.ts';
import {
  HOME_CITY_UK,
  KYIV_SETTLEMENT_ID,
  REGIONS,
  SETTLEMENTS,
  SETTLEMENT_TYPE_NAMES,
  STREETS,
} from './settlements.ts';
import type { SettlementDef, SettlementSize } from './settlements.ts';
import { SHOPS } from './shops.ts';

/** Seeds settlements, streets, delivery methods, carrier branches and the shop's pickup points. */

interface MethodDef {
  slug: DeliveryMethodSlug;
  type: DeliveryType;
  carrier: number;
  price: number;
  title: string;
  titleUkr: string;
  time: string;
  timeUkr: string;
}

/** Spec §9 fallback prices and times for couriers; branch prices are ours. */
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
  },
  {
    slug: 'im-courier',
    type: 2,
    carrier: CARRIERS.ownCourier,
    price: 69,
    title: 'Курьер магазина',
    titleUkr: 'Кур’єр магазину',
    time: '1-2 дней',
    timeUkr: '1-2 днів',
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
  },
];

/** How many branches of each kind a settlement of a size gets: [min, max]. */
const BRANCH_COUNTS: Record<SettlementSize, Partial<Record<DeliveryMethodSlug, readonly [number, number]>>> = {
  big: { 'np-warehouse': [25, 40], 'np-postbox': [15, 25], 'justin-warehouse': [8, 12], 'u-warehouse': [10, 15] },
  mid: { 'np-warehouse': [8, 14], 'np-postbox': [4, 8], 'justin-warehouse': [2, 5], 'u-warehouse': [4, 6] },
  small: { 'np-warehouse': [2, 4], 'np-postbox': [0, 2], 'justin-warehouse': [0, 1], 'u-warehouse': [1, 2] },
};
const STREET_COUNTS: Record<SettlementSize, number> = { big: 27, mid: 18, small: 8 };
const POPULARITY: Record<SettlementSize, number> = { big: 100, mid: 50, small: 10 };

/** A UUID-shaped reference, like carriers' refs, drawn from the seeded generator. */
function ref(r: Random): string {
  const hex = Array.from({ length: 32 }, () => r.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function settlementId(s: SettlementDef, index: number): number {
  return s.uk === HOME_CITY_UK ? KYIV_SETTLEMENT_ID : 10001 + index;
}

function jitter(r: Random, value: number, size: SettlementSize): number {
  const spread = size === 'big' ? 0.06 : size === 'mid' ? 0.025 : 0.01;
  return Math.round((value + (r.next() - 0.5) * spread) * 10000) / 10000;
}

function branchTitles(slug: DeliveryMethodSlug, n: number, maxWeight: number | null): [string, string] {
  const limitRu = maxWeight === null ? '' : ` (до ${maxWeight} кг)`;
  const limitUk = maxWeight === null ? '' : ` (до ${maxWeight} кг)`;
  switch (slug) {
    case 'np-postbox':
      return [`Почтомат №${n}${limitRu}`, `Поштомат №${n}${limitUk}`];
    case 'np-warehouse':
      return maxWeight === null
        ? [`Грузовое отделение №${n}`, `Вантажне відділення №${n}`]
        : [`Отделение №${n}${limitRu}`, `Відділення №${n}${limitUk}`];
    default:
      return [`Отделение №${n}${limitRu}`, `Відділення №${n}${limitUk}`];
  }
}

export function seedDelivery(
  db: DatabaseSync,
  random: Random,
): { settlements: number; branches: number; shops: number } {
  return inTransaction(db, () => {
    const insertMethod = db.prepare(
      `INSERT INTO delivery_method (slug, type, carrier, price, title, title_ukr, short_description, short_description_ukr,
         icon_image_url, icon_image_url_selected, changeable, ordering) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
      ),
    );

    const insertSettlement = db.prepare(
      `INSERT INTO settlement (id, ref, name, name_ukr, type, type_ukr, region_name, region_name_ukr, district_name,
         district_name_ukr, latitude, longitude, popularity, search_name, search_name_ukr)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertStreet = db.prepare(
      'INSERT INTO street (id, ref, settlement_id, name, name_ukr, type, type_ukr) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const insertBranch = db.prepare(
      `INSERT INTO branch (id, ref, settlement_id, delivery_slug, carrier, number, title, title_ukr, address, address_ukr,
         latitude, longitude, max_weight, schedule) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertOffer = db.prepare('INSERT INTO settlement_delivery_method (settlement_id, method_slug) VALUES (?, ?)');

    const idByUkName = new Map<string, number>();
    let streetId = 1;
    let branchId = 1;
    SETTLEMENTS.forEach((s, index) => {
      const r = random.fork(`settlement-${index}`);
      const id = settlementId(s, index);
      idByUkName.set(s.uk, id);
      const region = REGIONS[s.region];
      const [typeUk, typeRu] = SETTLEMENT_TYPE_NAMES[s.type];
      const popularity = POPULARITY[s.size] + (s.uk === HOME_CITY_UK ? 1000 : 0) - index / 1000;
      insertSettlement.run(
        id,
        ref(r),
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
        Math.round(popularity * 1000),
        s.ru.toLowerCase(),
        s.uk.toLowerCase(),
      );
      for (const [nameUk, nameRu, typeStreetUk, typeStreetRu] of r.sample(STREETS, STREET_COUNTS[s.size])) {
        insertStreet.run(streetId++, ref(r), id, nameRu, nameUk, typeStreetRu, typeStreetUk);
      }

      const offered = new Set<DeliveryMethodSlug>();
      for (const [slug, range] of Object.entries(BRANCH_COUNTS[s.size])) {
        const method = METHODS.find((m) => m.slug === slug);
        if (!method || !range) continue;
        const count = r.int(range[0], range[1]);
        for (let n = 1; n <= count; n++) {
          const [streetUk, streetRu, typeUk2, typeRu2] = r.pick(STREETS);
          const house = `${r.int(1, 180)}${r.chance(0.15) ? r.pick(['А', 'Б', 'В']) : ''}`;
          const maxWeight =
            method.slug === 'np-postbox' ? 20 : method.slug === 'np-warehouse' && n % 7 === 1 && n > 1 ? null : 30;
          const [title, titleUkr] = branchTitles(method.slug, n, maxWeight);
          insertBranch.run(
            branchId++,
            ref(r),
            id,
            method.slug,
            method.carrier,
            n,
            title,
            titleUkr,
            `${typeRu2} ${streetRu}, ${house}`,
            `${typeUk2} ${streetUk}, ${house}`,
            jitter(r, s.lat, s.size),
            jitter(r, s.lon, s.size),
            maxWeight,
            method.slug === 'np-postbox' ? 'Пн–Нд 00:00–24:00' : 'Пн–Сб 09:00–20:00, Нд 10:00–18:00',
          );
        }
        if (count > 0) offered.add(method.slug);
      }
      const isHome = s.uk === HOME_CITY_UK;
      if (isHome) offered.add('im-courier');
      else {
        offered.add('np-courier');
        offered.add('meest-courier');
      }
      if (s.size === 'big') offered.add('ipost-courier');
      if (SHOPS.some((shop) => shop.cityUkr === s.uk && shop.pickupEnable)) offered.add('pick-and-collect');
      for (const m of METHODS) if (offered.has(m.slug)) insertOffer.run(id, m.slug);
    });

    const insertShop = db.prepare(
      `INSERT INTO shop (id, ref, slug, title, title_ukr, settlement_id, address, address_ukr, schedule, schedule_ukr, phone,
         latitude, longitude, type, pickup_enable, total_max_weight_allowed, is_chicco, is_ma, ordering)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertDonor = db.prepare('INSERT INTO shop_donor (shop_id, donor_id) VALUES (?, ?)');
    const shopRandom = random.fork('shops');
    SHOPS.forEach((shop, ordering) => {
      const cityId = idByUkName.get(shop.cityUkr);
      if (cityId === undefined) throw new Error(`shop ${shop.slug} is in an unknown settlement ${shop.cityUkr}`);
      insertShop.run(
        shop.id,
        ref(shopRandom),
        shop.slug,
        shop.title,
        shop.titleUkr,
        cityId,
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
