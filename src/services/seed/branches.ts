import { branchDeliverySlugSchema } from '../../api/schemas/delivery.ts';
import type { BranchDeliverySlug } from '../../api/schemas/delivery.ts';
import type { Random } from './random.ts';
import { streetLabel } from './streets.ts';
import type { StreetDef } from './streets.ts';

/**
 * Carrier branches and parcel lockers for the delivery demo data: how many a place has (from its
 * population, not from the seed, so the numbers hold for every seed), numbered 1…N per carrier, with
 * addresses on the place's own streets, opening hours and weight limits as the carriers have them.
 */

export interface BranchDef {
  slug: BranchDeliverySlug;
  number: number;
  title: string;
  titleUkr: string;
  address: string;
  addressUkr: string;
  latitude: number;
  longitude: number;
  /** Kilograms; null = no limit. */
  maxWeight: number | null;
  schedule: string;
  scheduleUkr: string;
}

/** A city of half a million or more gets several hundred of each carrier's branches. */
const BIG_CITY = 500;
const BIG_CITY_FLOOR: Record<BranchDeliverySlug, number> = {
  'np-warehouse': 200,
  'np-postbox': 300,
  'justin-warehouse': 200,
  'u-warehouse': 200,
};

/**
 * Branches of each carrier in a place of `population` thousand, roughly as the carriers have them:
 * Nova Poshta's branches one per ~4,500 people and lockers one per ~2,500 (none in villages), Justin
 * in towns only, Ukrposhta everywhere. Kyiv: 656 / 1,181 / 295 / 369.
 */
export function branchCounts(population: number): Record<BranchDeliverySlug, number> {
  const town = population >= 10;
  const counts: Record<BranchDeliverySlug, number> = {
    'np-warehouse': Math.max(1, Math.round(population / 4.5)),
    'np-postbox': town ? Math.round(population / 2.5) : 0,
    'justin-warehouse': town ? Math.round(population / 10) : 0,
    'u-warehouse': Math.max(1, Math.round(population / 8)),
  };
  if (population >= BIG_CITY) {
    for (const slug of branchDeliverySlugSchema.options) counts[slug] = Math.max(counts[slug], BIG_CITY_FLOOR[slug]);
  }
  return counts;
}

type Hours = readonly [ru: string, uk: string];

// Opening hours as carriers print them (ru, uk); a village branch keeps shorter hours.
const HOURS: Record<BranchDeliverySlug, { town: readonly Hours[]; village: readonly Hours[] }> = {
  'np-warehouse': {
    town: [
      ['Пн–Сб 08:00–20:00, Вс 09:00–19:00', 'Пн–Сб 08:00–20:00, Нд 09:00–19:00'],
      ['Пн–Вс 08:00–21:00', 'Пн–Нд 08:00–21:00'],
      ['Пн–Пт 09:00–20:00, Сб–Вс 09:00–18:00', 'Пн–Пт 09:00–20:00, Сб–Нд 09:00–18:00'],
    ],
    village: [['Пн–Пт 09:00–18:00, Сб 09:00–15:00, Вс выходной', 'Пн–Пт 09:00–18:00, Сб 09:00–15:00, Нд вихідний']],
  },
  'np-postbox': {
    town: [
      ['Круглосуточно', 'Цілодобово'],
      ['Пн–Вс 08:00–22:00', 'Пн–Нд 08:00–22:00'],
      ['Пн–Вс 07:00–23:00', 'Пн–Нд 07:00–23:00'],
    ],
    village: [['Пн–Вс 08:00–20:00', 'Пн–Нд 08:00–20:00']],
  },
  'justin-warehouse': {
    town: [
      ['Пн–Вс 09:00–21:00', 'Пн–Нд 09:00–21:00'],
      ['Пн–Сб 10:00–20:00, Вс 10:00–18:00', 'Пн–Сб 10:00–20:00, Нд 10:00–18:00'],
    ],
    village: [['Пн–Сб 09:00–18:00, Вс выходной', 'Пн–Сб 09:00–18:00, Нд вихідний']],
  },
  'u-warehouse': {
    town: [
      ['Пн–Пт 09:00–18:00, Сб 09:00–15:00, Вс выходной', 'Пн–Пт 09:00–18:00, Сб 09:00–15:00, Нд вихідний'],
      ['Пн–Сб 08:00–19:00, Вс выходной', 'Пн–Сб 08:00–19:00, Нд вихідний'],
    ],
    village: [['Вт–Сб 08:00–17:00, Вс–Пн выходной', 'Вт–Сб 08:00–17:00, Нд–Пн вихідні']],
  },
};

/** Where parcel lockers stand (ru, uk), printed after the address. */
const VENUES: readonly Hours[] = [
  ['супермаркет АТБ', 'супермаркет АТБ'],
  ['супермаркет Сильпо', 'супермаркет Сільпо'],
  ['супермаркет Фора', 'супермаркет Фора'],
  ['супермаркет Novus', 'супермаркет Novus'],
  ['супермаркет Varus', 'супермаркет Varus'],
  ['аптека АНЦ', 'аптека АНЦ'],
  ['АЗС ОККО', 'АЗС ОККО'],
  ['АЗС WOG', 'АЗС WOG'],
  ['ЖК, у подъезда 1', 'ЖК, біля під’їзду 1'],
  ['ТЦ, вход со стороны парковки', 'ТЦ, вхід з боку парковки'],
];

/** A Nova Poshta branch: small points take up to 30 kg, most up to 1,000 kg, cargo branches any weight. */
const NP_WEIGHTS: readonly (number | null)[] = [30, 1000, null];
const NP_WEIGHT_SHARES: readonly number[] = [35, 50, 15];

function titles(slug: BranchDeliverySlug, n: number, maxWeight: number | null): [ru: string, uk: string] {
  switch (slug) {
    case 'np-postbox':
      return [`Почтомат №${n}`, `Поштомат №${n}`];
    case 'np-warehouse':
      if (maxWeight === null) return [`Грузовое отделение №${n}`, `Вантажне відділення №${n}`];
      return maxWeight <= 30
        ? [`Пункт приёма-выдачи №${n} (до ${maxWeight} кг)`, `Пункт приймання-видачі №${n} (до ${maxWeight} кг)`]
        : [`Отделение №${n} (до ${maxWeight} кг)`, `Відділення №${n} (до ${maxWeight} кг)`];
    case 'justin-warehouse':
    case 'u-warehouse':
      return [`Отделение №${n}`, `Відділення №${n}`];
  }
}

/** Spread of branch coordinates around the centre, in degrees: ~10 km in Kyiv, ~1.5 km in a small town. */
function spread(population: number): number {
  return 0.01 + 0.0016 * Math.sqrt(population);
}

function jitter(r: Random, value: number, population: number): number {
  return Math.round((value + (r.next() - 0.5) * spread(population)) * 10000) / 10000;
}

/** The `count` branches of one carrier in a place, numbered 1…count. */
export function branchesOf(
  slug: BranchDeliverySlug,
  count: number,
  place: { latitude: number; longitude: number; population: number; streets: readonly StreetDef[] },
  r: Random,
): BranchDef[] {
  const hours = place.population >= 10 ? HOURS[slug].town : HOURS[slug].village;
  const houseMax = Math.min(250, 20 + Math.round(place.population / 5));
  return Array.from({ length: count }, (_, i): BranchDef => {
    const number = i + 1;
    const street = r.pick(place.streets);
    const house = `${r.int(1, houseMax)}${r.chance(0.12) ? r.pick(['А', 'Б', 'В']) : ''}`;
    // Lockers, Justin and Ukrposhta take parcels up to 30 kg.
    const maxWeight = slug === 'np-warehouse' ? r.weighted(NP_WEIGHTS, NP_WEIGHT_SHARES) : 30;
    const [title, titleUkr] = titles(slug, number, maxWeight);
    const venue = slug === 'np-postbox' ? r.pick(VENUES) : null;
    const [schedule, scheduleUkr] = r.pick(hours);
    return {
      slug,
      number,
      title,
      titleUkr,
      address: `${streetLabel(street, 'ru')}, ${house}${venue ? ` (${venue[0]})` : ''}`,
      addressUkr: `${streetLabel(street, 'uk')}, ${house}${venue ? ` (${venue[1]})` : ''}`,
      latitude: jitter(r, place.latitude, place.population),
      longitude: jitter(r, place.longitude, place.population),
      maxWeight,
      schedule,
      scheduleUkr,
    };
  });
}
