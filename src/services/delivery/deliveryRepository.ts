import type { DatabaseSync } from 'node:sqlite';
import {
  branchDeliverySlugSchema,
  deliveryMethodSlugSchema,
  deliveryTypeSchema,
  shopTypeSchema,
} from '../../api/schemas/delivery.ts';
import type {
  Branch,
  BranchDeliverySlug,
  BranchList,
  CombinedBranchList,
  DeliveryMethod,
  DeliveryMethodSlug,
  DeliveryQuote,
  Settlement,
  SettlementList,
  Shop,
  ShopConfigs,
  Street,
  StreetList,
} from '../../api/schemas/delivery.ts';
import { bool, num, numOrNull, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { foldText, searchWords } from './searchText.ts';

/**
 * Read access to the delivery database in wire shapes (src/api/schemas/delivery.ts). The HTTP
 * routes of spec §7 build on these; every query is a prepared statement.
 */
export interface DeliveryRepository {
  /**
   * Settlements whose Russian or Ukrainian name, or a later word of it, starts with `searchName`
   * (folded: case, ё/е, і/и, apostrophes; src/services/delivery/searchText.ts). An exact name first,
   * then names that start with it, then later-word matches; within each the bigger place first.
   */
  searchSettlements(query: PageQuery & { withMethods: boolean }): SettlementList;
  /** The first `limit` of searchSettlements, without methods. */
  findSettlements(search: string, limit: number): Settlement[];
  getSettlement(id: number): Settlement | null;
  hasSettlement(id: number): boolean;
  /** The shop's often-used cities in its order, then the biggest others, each with its methods. */
  oftenUsedSettlements(limit: number): Settlement[];
  deliveryMethods(settlementId: number): DeliveryMethod[];
  /** Branches of one carrier (or all), by carrier and number: the unsearched form of searchBranches. */
  branches(settlementId: number, opts: { deliverySlug?: string; page: number; limit: number }): BranchList;
  /** Branches of the given carriers matching `searchName` (see branchSearchRequestSchema), with per-carrier totals. */
  searchBranches(settlementId: number, query: BranchQuery): CombinedBranchList;
  /** The first `limit` of searchStreets. */
  streets(settlementId: number, search: string, limit: number): Street[];
  /** Streets whose words start with every word of `searchName`; names starting with it first, then by name. */
  searchStreets(settlementId: number, query: PageQuery): StreetList;
  shops(): Shop[];
  shopConfigs(): ShopConfigs;
  /** Price and terms of each method offered in the settlement (or of `deliverySlug` only) for a parcel of `weight` kg. */
  quotes(settlementId: number, weight: number, deliverySlug?: DeliveryMethodSlug): DeliveryQuote[];
}

export interface PageQuery {
  searchName: string;
  /** Zero-based. */
  page: number;
  limit: number;
}

export interface BranchQuery extends PageQuery {
  deliverySlugs: readonly BranchDeliverySlug[];
  /** Only the branch with this ref; '' for any. */
  ref: string;
  order: 'asc' | 'desc';
}

/**
 * Words of a branch or street search a statement checks. The statements take a fixed number of word
 * parameters (unused ones are '' and match anything); a longer search is narrowed by its first words.
 */
const SEARCH_WORDS = 5;

/** A number typed with leading zeros ('017') is the number itself. */
function searchTerms(search: string): string[] {
  return searchWords(search).map((w) => (/^\d{1,9}$/.test(w) ? String(Number(w)) : w));
}

function wordParams(search: string): Record<string, string> {
  const words = [...new Set(searchTerms(search))].slice(0, SEARCH_WORDS);
  return Object.fromEntries(Array.from({ length: SEARCH_WORDS }, (_, i) => [`w${i}`, words[i] ?? '']));
}

const WORD_NAMES = Array.from({ length: SEARCH_WORDS }, (_, i) => `w${i}`);

function settlement(r: Row): Settlement {
  return {
    id: num(r, 'id'),
    ref: str(r, 'ref'),
    name: str(r, 'name'),
    nameUkr: str(r, 'name_ukr'),
    type: str(r, 'type'),
    typeUkr: str(r, 'type_ukr'),
    regionName: str(r, 'region_name'),
    regionNameUkr: str(r, 'region_name_ukr'),
    districtName: strOrNull(r, 'district_name'),
    districtNameUkr: strOrNull(r, 'district_name_ukr'),
    latitude: num(r, 'latitude'),
    longitude: num(r, 'longitude'),
  };
}

function method(r: Row): DeliveryMethod {
  return {
    slug: deliveryMethodSlugSchema.parse(str(r, 'slug')),
    type: deliveryTypeSchema.parse(num(r, 'type')),
    carrier: num(r, 'carrier'),
    price: num(r, 'price'),
    title: str(r, 'title'),
    titleUkr: str(r, 'title_ukr'),
    shortDescription: str(r, 'short_description'),
    shortDescriptionUkr: str(r, 'short_description_ukr'),
    iconImageUrl: strOrNull(r, 'icon_image_url'),
    iconImageUrlSelected: strOrNull(r, 'icon_image_url_selected'),
    changeable: bool(r, 'changeable'),
  };
}

function branch(r: Row): Branch {
  return {
    id: num(r, 'id'),
    ref: str(r, 'ref'),
    settlementId: num(r, 'settlement_id'),
    deliverySlug: deliveryMethodSlugSchema.parse(str(r, 'delivery_slug')),
    carrier: num(r, 'carrier'),
    number: num(r, 'number'),
    title: str(r, 'title'),
    titleUkr: str(r, 'title_ukr'),
    address: str(r, 'address'),
    addressUkr: str(r, 'address_ukr'),
    latitude: num(r, 'latitude'),
    longitude: num(r, 'longitude'),
    maxWeight: numOrNull(r, 'max_weight'),
    schedule: str(r, 'schedule'),
    scheduleUkr: str(r, 'schedule_ukr'),
  };
}

function street(r: Row): Street {
  return {
    id: num(r, 'id'),
    ref: str(r, 'ref'),
    name: str(r, 'name'),
    nameUkr: str(r, 'name_ukr'),
    type: str(r, 'type'),
    typeUkr: str(r, 'type_ukr'),
  };
}

/** The price of `method` for `weight` kg: its price covers `included_weight`, each further started kg costs extra. */
function priceFor(r: Row, weight: number): number {
  // Rounded to grams first, so 2.3 - 2 (0.29999…) is not a started kilogram more than it should be.
  const extra = Math.max(0, Math.round((weight - num(r, 'included_weight')) * 1000) / 1000);
  return Math.round(num(r, 'price') + Math.ceil(extra) * num(r, 'price_per_kg'));
}

/** The smaller of two caps, null meaning none. */
function tighter(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

const SETTLEMENT_COLUMNS = `s.id, s.ref, s.name, s.name_ukr, s.type, s.type_ukr, s.region_name, s.region_name_ukr,
  s.district_name, s.district_name_ukr, s.latitude, s.longitude`;

const BRANCH_COLUMNS = `b.id, b.ref, b.settlement_id, b.delivery_slug, b.carrier, b.number, b.title, b.title_ukr,
  b.address, b.address_ukr, b.latitude, b.longitude, b.max_weight, b.schedule, b.schedule_ukr`;

/** Every search word occurs in `text` (as a substring for branches, at a word start for streets). */
function wordsIn(text: string, wordStart: boolean): string {
  return WORD_NAMES.map((w) => (wordStart ? `instr(${text}, ' ' || :${w}) > 0` : `instr(${text}, :${w}) > 0`)).join(
    ' AND ',
  );
}

const BRANCH_FILTER = `b.settlement_id = :settlement AND b.delivery_slug IN (SELECT value FROM json_each(:slugs))
  AND (:ref = '' OR b.ref = :ref) AND ${wordsIn('b.search_text', false)}`;

export function createDeliveryRepository(db: DatabaseSync): DeliveryRepository {
  // A prefix search is the key range [q, q + U+FFFF): folded keys hold only letters, digits and spaces.
  const settlementHits = `SELECT settlement_id AS id,
      min(CASE WHEN word > 0 THEN 2 WHEN key = :q THEN 0 ELSE 1 END) AS rank
    FROM settlement_search_key WHERE key >= :q AND key < :q || char(65535) GROUP BY settlement_id`;
  const searchSettlementsStatement = db.prepare(
    `SELECT ${SETTLEMENT_COLUMNS} FROM (${settlementHits}) h JOIN settlement s ON s.id = h.id
     ORDER BY h.rank, s.popularity DESC, s.id LIMIT :limit OFFSET :offset`,
  );
  const countSettlementsStatement = db.prepare(
    'SELECT count(DISTINCT settlement_id) AS n FROM settlement_search_key WHERE key >= :q AND key < :q || char(65535)',
  );
  const getStatement = db.prepare(`SELECT ${SETTLEMENT_COLUMNS} FROM settlement s WHERE s.id = ?`);
  const existsStatement = db.prepare('SELECT 1 AS found FROM settlement WHERE id = ?');
  const oftenStatement = db.prepare(
    `SELECT ${SETTLEMENT_COLUMNS} FROM settlement s
     ORDER BY s.often_used_rank IS NULL, s.often_used_rank, s.popularity DESC, s.id LIMIT ?`,
  );
  const methodsStatement = db.prepare(
    `SELECT m.* FROM settlement_delivery_method o JOIN delivery_method m ON m.slug = o.method_slug
     WHERE o.settlement_id = ? ORDER BY m.ordering`,
  );
  // The methods of a page of settlements in one query rather than one per settlement.
  const methodsOfStatement = db.prepare(
    `SELECT o.settlement_id AS settlement_id, m.* FROM settlement_delivery_method o
     JOIN delivery_method m ON m.slug = o.method_slug
     WHERE o.settlement_id IN (SELECT value FROM json_each(?)) ORDER BY o.settlement_id, m.ordering`,
  );
  // With a number in the search: that branch first, then numbers starting with it, then the rest.
  const searchBranchesStatement = db.prepare(
    `SELECT ${BRANCH_COLUMNS} FROM branch b JOIN delivery_method m ON m.slug = b.delivery_slug
     WHERE ${BRANCH_FILTER}
     ORDER BY CASE WHEN b.number = :number THEN 0
                   WHEN :numberPrefix <> '' AND substr(CAST(b.number AS TEXT), 1, length(:numberPrefix)) = :numberPrefix THEN 1
                   ELSE 2 END,
              instr(:slugOrder, ',' || b.delivery_slug || ','), CASE WHEN :descending = 1 THEN -b.number ELSE b.number END, b.id
     LIMIT :limit OFFSET :offset`,
  );
  const countBranchesStatement = db.prepare(
    `SELECT b.delivery_slug AS slug, count(*) AS n FROM branch b WHERE ${BRANCH_FILTER} GROUP BY b.delivery_slug`,
  );
  const searchStreetsStatement = db.prepare(
    `SELECT id, ref, name, name_ukr, type, type_ukr FROM street
     WHERE settlement_id = :settlement AND ${wordsIn('search_text', true)}
     ORDER BY CASE WHEN :q <> '' AND instr(search_text, '~ ' || :q) > 0 THEN 0 ELSE 1 END, name, id
     LIMIT :limit OFFSET :offset`,
  );
  const countStreetsStatement = db.prepare(
    `SELECT count(*) AS n FROM street WHERE settlement_id = :settlement AND ${wordsIn('search_text', true)}`,
  );
  const shopsStatement = db.prepare(
    `SELECT sh.*, s.name AS city, s.name_ukr AS city_ukr FROM shop sh JOIN settlement s ON s.id = sh.settlement_id
     ORDER BY sh.ordering, sh.id`,
  );
  const donorsStatement = db.prepare('SELECT shop_id, donor_id FROM shop_donor ORDER BY shop_id, donor_id');
  const imagesStatement = db.prepare('SELECT shop_id, link FROM shop_image ORDER BY shop_id, ordering');
  // The heaviest parcel some branch of each carrier takes here (NULL: one takes any weight).
  const branchCapsStatement = db.prepare(
    `SELECT delivery_slug AS slug, CASE WHEN count(*) > count(max_weight) THEN NULL ELSE max(max_weight) END AS cap
     FROM branch WHERE settlement_id = ? GROUP BY delivery_slug`,
  );
  // The same for pickup shops; spec §5: a shop's limit applies only when above 0.
  const pickupCapStatement = db.prepare(
    `SELECT CASE WHEN sum(total_max_weight_allowed <= 0) > 0 THEN NULL ELSE max(total_max_weight_allowed) END AS cap
     FROM shop WHERE settlement_id = ? AND pickup_enable = 1`,
  );

  const withMethods = (settlements: Settlement[]): Settlement[] => {
    if (settlements.length === 0) return settlements;
    const bySettlement = new Map<number, DeliveryMethod[]>();
    for (const r of methodsOfStatement.all(JSON.stringify(settlements.map((s) => s.id)))) {
      const id = num(r, 'settlement_id');
      bySettlement.set(id, [...(bySettlement.get(id) ?? []), method(r)]);
    }
    return settlements.map((s) => ({ ...s, deliveryMethods: bySettlement.get(s.id) ?? [] }));
  };

  const searchSettlements = ({
    searchName,
    page,
    limit,
    withMethods: methods,
  }: PageQuery & { withMethods: boolean }): SettlementList => {
    const q = foldText(searchName);
    if (q === '') return { items: [], total: 0 };
    const items = searchSettlementsStatement.all({ q, limit, offset: page * limit }).map(settlement);
    const count = countSettlementsStatement.get({ q });
    return { items: methods ? withMethods(items) : items, total: count === undefined ? 0 : num(count, 'n') };
  };

  const searchBranches = (settlementId: number, query: BranchQuery): CombinedBranchList => {
    const words = wordParams(query.searchName);
    // The first word of digits (after folding, '№17' is '17') is the number searched for.
    const numberPrefix = searchTerms(query.searchName).find((w) => /^\d{1,9}$/.test(w)) ?? '';
    const filter = { settlement: settlementId, slugs: JSON.stringify(query.deliverySlugs), ref: query.ref, ...words };
    const totals = new Map<string, number>();
    for (const r of countBranchesStatement.all(filter)) totals.set(str(r, 'slug'), num(r, 'n'));
    // In the order asked: the checkout puts the carrier chosen first (the default is the methods' order).
    const carriers = query.deliverySlugs.map((deliverySlug) => ({
      deliverySlug,
      total: totals.get(deliverySlug) ?? 0,
    }));
    const items = searchBranchesStatement
      .all({
        ...filter,
        slugOrder: `,${query.deliverySlugs.join(',')},`,
        number: numberPrefix === '' ? -1 : Number(numberPrefix),
        numberPrefix,
        descending: query.order === 'desc' ? 1 : 0,
        limit: query.limit,
        offset: query.page * query.limit,
      })
      .map(branch);
    return { items, total: carriers.reduce((sum, c) => sum + c.total, 0), carriers };
  };

  const searchStreets = (settlementId: number, { searchName, page, limit }: PageQuery): StreetList => {
    const filter = { settlement: settlementId, ...wordParams(searchName) };
    const items = searchStreetsStatement
      .all({ ...filter, q: foldText(searchName), limit, offset: page * limit })
      .map(street);
    const count = countStreetsStatement.get(filter);
    return { items, total: count === undefined ? 0 : num(count, 'n') };
  };

  const shops = (): Shop[] => {
    const donors = new Map<number, number[]>();
    for (const r of donorsStatement.all())
      donors.set(num(r, 'shop_id'), [...(donors.get(num(r, 'shop_id')) ?? []), num(r, 'donor_id')]);
    const images = new Map<number, string[]>();
    for (const r of imagesStatement.all())
      images.set(num(r, 'shop_id'), [...(images.get(num(r, 'shop_id')) ?? []), str(r, 'link')]);
    return shopsStatement.all().map((r): Shop => {
      const id = num(r, 'id');
      const maxWeight = num(r, 'total_max_weight_allowed');
      return {
        id,
        ref: str(r, 'ref'),
        slug: str(r, 'slug'),
        title: str(r, 'title'),
        titleUkr: str(r, 'title_ukr'),
        city: str(r, 'city'),
        cityUkr: str(r, 'city_ukr'),
        cityId: num(r, 'settlement_id'),
        address: str(r, 'address'),
        addressUkr: str(r, 'address_ukr'),
        schedule: str(r, 'schedule'),
        scheduleUkr: str(r, 'schedule_ukr'),
        phone: str(r, 'phone'),
        latitude: num(r, 'latitude'),
        longitude: num(r, 'longitude'),
        donors: donors.get(id) ?? [],
        images: images.get(id) ?? [],
        additionalConfig: { type: shopTypeSchema.parse(str(r, 'type')) },
        pickupEnable: bool(r, 'pickup_enable'),
        totalMaxWeightAllowed: maxWeight,
        hasWeightLimit: maxWeight > 0,
        isChicco: bool(r, 'is_chicco'),
        isMa: bool(r, 'is_ma'),
      };
    });
  };

  return {
    searchSettlements,
    findSettlements: (search, limit) =>
      searchSettlements({ searchName: search, page: 0, limit, withMethods: false }).items,
    getSettlement: (id) => {
      const row = getStatement.get(id);
      return row === undefined ? null : { ...settlement(row), deliveryMethods: methodsStatement.all(id).map(method) };
    },
    hasSettlement: (id) => existsStatement.get(id) !== undefined,
    oftenUsedSettlements: (limit) => withMethods(oftenStatement.all(limit).map(settlement)),
    deliveryMethods: (settlementId) => methodsStatement.all(settlementId).map(method),
    branches: (settlementId, { deliverySlug, page, limit }) => {
      const slug = branchDeliverySlugSchema.safeParse(deliverySlug);
      const deliverySlugs =
        deliverySlug === undefined ? branchDeliverySlugSchema.options : slug.success ? [slug.data] : [];
      const { items, total } = searchBranches(settlementId, {
        searchName: '',
        ref: '',
        deliverySlugs,
        order: 'asc',
        page,
        limit,
      });
      return { items, total };
    },
    searchBranches,
    streets: (settlementId, search, limit) => searchStreets(settlementId, { searchName: search, page: 0, limit }).items,
    searchStreets,
    shops,
    shopConfigs: () => {
      const all = shops();
      return {
        warehouseList: all.filter((s) => s.additionalConfig.type !== 'partner'),
        partnerShopList: all.filter((s) => s.additionalConfig.type === 'partner'),
      };
    },
    quotes: (settlementId, weight, deliverySlug) => {
      const branchCaps = new Map<string, number | null>();
      for (const r of branchCapsStatement.all(settlementId)) branchCaps.set(str(r, 'slug'), numOrNull(r, 'cap'));
      const pickup = pickupCapStatement.get(settlementId);
      const pickupCap = pickup === undefined ? null : numOrNull(pickup, 'cap');
      return methodsStatement
        .all(settlementId)
        .filter((r) => deliverySlug === undefined || str(r, 'slug') === deliverySlug)
        .map((r): DeliveryQuote => {
          const wire = method(r);
          const placeCap = wire.type === 3 ? pickupCap : wire.type === 1 ? (branchCaps.get(wire.slug) ?? null) : null;
          const maxWeight = tighter(numOrNull(r, 'max_weight'), placeCap);
          return {
            ...wire,
            price: priceFor(r, weight),
            minDays: num(r, 'min_days'),
            maxDays: num(r, 'max_days'),
            maxWeight,
            available: maxWeight === null || weight <= maxWeight,
          };
        });
    },
  };
}
