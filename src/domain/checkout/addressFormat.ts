import type { Locale } from '../../api/schemas/common.ts';
import type { Branch, DeliveryMethodSlug, Shop } from '../../api/schemas/delivery.ts';
import { localized } from '../../i18n/localized.ts';

/**
 * A delivery as one line of text (storefront spec §9 "Address formatting uses 'обл.', 'р-н',
 * 'квартира'"): the address of a courier delivery, the branch of a carrier, the shop of a pickup.
 * The parts arrive in the page's language (the delivery service names everything in both); only
 * the settlement type's abbreviation differs between the two languages. 'обл.', 'р-н' and
 * 'квартира' are Russian words as well, so both languages write them alike:
 *
 *   uk: Київська обл., Бучанський р-н, м. Буча, вул. Шевченка, 5, квартира 12
 *   ru: Киевская обл., Бучанский р-н, г. Буча, ул. Шевченко, 5, квартира 12
 */

/** The parts of a courier address, in the page's language. */
export interface AddressParts {
  /** Oblast name without the word: 'Київська'. */
  region: string;
  /** Raion name without the word: 'Бучанський'; '' for a city of no raion. */
  district: string;
  /** Settlement type as the delivery service names it: 'місто' / 'город', 'селище' / 'посёлок', 'село'. */
  cityType: string;
  city: string;
  /** Street type, short: 'вул.' / 'ул.', 'просп.'. */
  streetType: string;
  street: string;
  building: string;
  apartment: string;
}

/** Settlement types and how an address abbreviates them (since 2024 Ukraine writes «селище», short «с-ще», for the former смт). */
const SETTLEMENT_TYPE_SHORT: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  uk: { місто: 'м.', селище: 'с-ще', 'селище міського типу': 'смт', село: 'с.', смт: 'смт' },
  ru: { город: 'г.', посёлок: 'пос.', поселок: 'пос.', 'посёлок городского типа': 'пгт', пгт: 'пгт', село: 'с.' },
};

/**
 * Cities of special status belong to no oblast (the delivery service still files Kyiv under the
 * Kyiv oblast, as carriers do); their address leaves the oblast out.
 */
const SPECIAL_STATUS_CITIES: ReadonlySet<string> = new Set(['київ', 'киев', 'kyiv', 'севастополь']);

/** Full street type names by their abbreviation (the form keeps both, spec §3 streetTypeName and streetTypeShortName). */
const STREET_TYPE_NAMES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  uk: {
    'вул.': 'вулиця',
    'просп.': 'проспект',
    'бульв.': 'бульвар',
    'бул.': 'бульвар',
    'пров.': 'провулок',
    'пл.': 'площа',
    'наб.': 'набережна',
    'пр-д': 'проїзд',
    'туп.': 'тупик',
    мкрн: 'мікрорайон',
  },
  ru: {
    'ул.': 'улица',
    'просп.': 'проспект',
    'бульв.': 'бульвар',
    'бул.': 'бульвар',
    'пер.': 'переулок',
    'пл.': 'площадь',
    'наб.': 'набережная',
    'ш.': 'шоссе',
    'пр-д': 'проезд',
    'туп.': 'тупик',
    мкрн: 'микрорайон',
  },
};

/** The full name of a street type ('вул.' → 'вулиця'); an unknown abbreviation comes back as given. */
export function streetTypeFullName(short: string, locale: Locale): string {
  const key = short.trim();
  return STREET_TYPE_NAMES[locale][key.toLowerCase()] ?? key;
}

/** The settlement type's abbreviation ('місто' → 'м.'); an unknown type is written out; none gives ''. */
export function settlementTypeShort(type: string, locale: Locale): string {
  const key = type.trim().toLowerCase();
  if (key === '') return '';
  return SETTLEMENT_TYPE_SHORT[locale][key] ?? type.trim();
}

/** A name with its word appended unless it is already there ('Київська' → 'Київська обл.'). */
function withWord(name: string, word: string, already: RegExp): string {
  const trimmed = name.trim();
  if (trimmed === '') return '';
  return already.test(trimmed) ? trimmed : `${trimmed} ${word}`;
}

/** "вул. Шевченка" unless the street already starts with its type. */
function streetLine(type: string, street: string): string {
  const name = street.trim();
  const kind = type.trim();
  if (name === '' || kind === '' || name.toLowerCase().startsWith(kind.toLowerCase())) return name;
  return `${kind} ${name}`;
}

/**
 * The courier address as one line: oblast, raion, settlement, street, building, 'квартира' and the
 * apartment; empty parts are left out, and the oblast of a city of special status (Kyiv).
 */
export function formatAddress(parts: AddressParts, locale: Locale): string {
  const city = parts.city.trim();
  const region = SPECIAL_STATUS_CITIES.has(city.toLowerCase())
    ? ''
    : withWord(parts.region, 'обл.', /(?:обл\.|область|oblast)$/i);
  const district = withWord(parts.district, 'р-н', /(?:р-н|район)$/i);
  const cityType = settlementTypeShort(parts.cityType, locale);
  const apartment = parts.apartment.trim();
  return [
    region,
    district,
    city === '' ? '' : [cityType, city].filter((p) => p !== '').join(' '),
    streetLine(parts.streetType, parts.street),
    parts.building.trim(),
    apartment === '' ? '' : `квартира ${apartment}`,
  ]
    .filter((part) => part !== '')
    .join(', ');
}

/** How a branch line names the carrier's kind of branch, per method. */
const BRANCH_LABELS: Readonly<Partial<Record<DeliveryMethodSlug, Readonly<Record<Locale, string>>>>> = {
  'np-warehouse': { ru: 'Новая Почта', uk: 'Нова Пошта' },
  'np-postbox': { ru: 'Почтомат Новая Почта', uk: 'Поштомат Нова Пошта' },
  'justin-warehouse': { ru: 'Justin', uk: 'Justin' },
  'u-warehouse': { ru: 'Укрпочта', uk: 'Укрпошта' },
};

/**
 * The branch as one line, `Нова Пошта №17: вул. Шевченка, 5` (the form's deliveryServiceOffice,
 * sent as the order's deliveryBranch); a branch of a method with no label of ours is named by its
 * own title.
 */
export function formatBranchLine(
  branch: Pick<Branch, 'deliverySlug' | 'number' | 'title' | 'titleUkr' | 'address' | 'addressUkr'>,
  locale: Locale,
): string {
  const label = BRANCH_LABELS[branch.deliverySlug];
  const name = label ? `${label[locale]} №${branch.number}` : localized(locale, branch.title, branch.titleUkr);
  const address = localized(locale, branch.address, branch.addressUkr).trim();
  return address === '' ? name : `${name}: ${address}`;
}

/** The pickup shop as one line, `Магазин на Оболоні: просп. Оболонський, 1`. */
export function formatShopLine(
  shop: Pick<Shop, 'title' | 'titleUkr' | 'address' | 'addressUkr'>,
  locale: Locale,
): string {
  const title = localized(locale, shop.title, shop.titleUkr).trim();
  const address = localized(locale, shop.address, shop.addressUkr).trim();
  return [title, address].filter((part) => part !== '').join(': ');
}
