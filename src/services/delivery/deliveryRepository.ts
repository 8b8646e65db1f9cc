import type { DatabaseSync } from 'node:sqlite';
import { deliveryMethodSlugSchema, deliveryTypeSchema, shopTypeSchema } from '../../api/schemas/delivery.ts';
import type {
  Branch,
  BranchList,
  DeliveryMethod,
  Settlement,
  Shop,
  ShopConfigs,
  Street,
} from '../../api/schemas/delivery.ts';
import { bool, num, numOrNull, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';

/**
 * Read access to the delivery database in wire shapes (src/api/schemas/delivery.ts). The HTTP
 * routes of spec §7 build on these; every query is a prepared statement.
 */
export interface DeliveryRepository {
  /** Settlements whose ru or uk name starts with `search` (case-insensitive), most popular first. */
  findSettlements(search: string, limit: number): Settlement[];
  getSettlement(id: number): Settlement | null;
  /** The biggest cities first, with their delivery methods (spec: often-used/with-delivery-methods). */
  oftenUsedSettlements(limit: number): Settlement[];
  deliveryMethods(settlementId: number): DeliveryMethod[];
  branches(settlementId: number, opts: { deliverySlug?: string; page: number; limit: number }): BranchList;
  streets(settlementId: number, search: string, limit: number): Street[];
  shops(): Shop[];
  shopConfigs(): ShopConfigs;
}

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
  };
}

const SETTLEMENT_COLUMNS = `s.id, s.ref, s.name, s.name_ukr, s.type, s.type_ukr, s.region_name, s.region_name_ukr,
  s.district_name, s.district_name_ukr, s.latitude, s.longitude`;

export function createDeliveryRepository(db: DatabaseSync): DeliveryRepository {
  // Prefix search through the name indexes: [prefix, prefix + U+FFFF) is the range of names starting with it.
  const findStatement = db.prepare(
    `SELECT ${SETTLEMENT_COLUMNS} FROM settlement s
     WHERE s.id IN (
       SELECT id FROM settlement WHERE search_name >= :prefix AND search_name < :prefix || char(65535)
       UNION SELECT id FROM settlement WHERE search_name_ukr >= :prefix AND search_name_ukr < :prefix || char(65535))
     ORDER BY s.popularity DESC, s.id LIMIT :limit`,
  );
  const getStatement = db.prepare(`SELECT ${SETTLEMENT_COLUMNS} FROM settlement s WHERE s.id = ?`);
  const oftenStatement = db.prepare(
    `SELECT ${SETTLEMENT_COLUMNS} FROM settlement s ORDER BY s.popularity DESC, s.id LIMIT ?`,
  );
  const methodsStatement = db.prepare(
    `SELECT m.* FROM settlement_delivery_method o JOIN delivery_method m ON m.slug = o.method_slug
     WHERE o.settlement_id = ? ORDER BY m.ordering`,
  );
  const branchesStatement = db.prepare(
    `SELECT * FROM branch WHERE settlement_id = :settlement AND (:slug IS NULL OR delivery_slug = :slug)
     ORDER BY delivery_slug, number LIMIT :limit OFFSET :offset`,
  );
  const branchCountStatement = db.prepare(
    'SELECT count(*) AS n FROM branch WHERE settlement_id = :settlement AND (:slug IS NULL OR delivery_slug = :slug)',
  );
  // SQLite's lower() and LIKE fold ASCII only, so Cyrillic matching happens here; a settlement has few streets.
  const streetsStatement = db.prepare(
    'SELECT id, ref, name, name_ukr, type, type_ukr FROM street WHERE settlement_id = ? ORDER BY name, id',
  );
  const shopsStatement = db.prepare(
    `SELECT sh.*, s.name AS city, s.name_ukr AS city_ukr FROM shop sh JOIN settlement s ON s.id = sh.settlement_id
     ORDER BY sh.ordering, sh.id`,
  );
  const donorsStatement = db.prepare('SELECT shop_id, donor_id FROM shop_donor ORDER BY shop_id, donor_id');
  const imagesStatement = db.prepare('SELECT shop_id, link FROM shop_image ORDER BY shop_id, ordering');

  const withMethods = (s: Settlement): Settlement => ({
    ...s,
    deliveryMethods: methodsStatement.all(s.id).map(method),
  });

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
    findSettlements: (search, limit) => {
      const prefix = search.trim().toLowerCase();
      if (prefix === '') return [];
      return findStatement.all({ prefix, limit }).map(settlement);
    },
    getSettlement: (id) => {
      const row = getStatement.get(id);
      return row === undefined ? null : withMethods(settlement(row));
    },
    oftenUsedSettlements: (limit) => oftenStatement.all(limit).map(settlement).map(withMethods),
    deliveryMethods: (settlementId) => methodsStatement.all(settlementId).map(method),
    branches: (settlementId, { deliverySlug, page, limit }) => {
      const filter = { settlement: settlementId, slug: deliverySlug ?? null };
      const count = branchCountStatement.get(filter);
      return {
        items: branchesStatement.all({ ...filter, limit, offset: page * limit }).map(branch),
        total: count === undefined ? 0 : num(count, 'n'),
      };
    },
    streets: (settlementId, search, limit) => {
      const needle = search.trim().toLowerCase();
      return streetsStatement
        .all(settlementId)
        .filter(
          (r) => str(r, 'name').toLowerCase().includes(needle) || str(r, 'name_ukr').toLowerCase().includes(needle),
        )
        .slice(0, limit)
        .map((r): Street => ({
          id: num(r, 'id'),
          ref: str(r, 'ref'),
          name: str(r, 'name'),
          nameUkr: str(r, 'name_ukr'),
          type: str(r, 'type'),
          typeUkr: str(r, 'type_ukr'),
        }));
    },
    shops,
    shopConfigs: () => {
      const all = shops();
      return {
        warehouseList: all.filter((s) => s.additionalConfig.type !== 'partner'),
        partnerShopList: all.filter((s) => s.additionalConfig.type === 'partner'),
      };
    },
  };
}
