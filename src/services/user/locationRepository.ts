import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import { savedLocationSchema } from '../../api/schemas/user.ts';
import type { locationRequestSchema, SavedLocation } from '../../api/schemas/user.ts';
import { bool, num, numOrNull, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import { isoAt } from './clock.ts';
import type { Clock } from './clock.ts';

/** A location as the service parsed it (locationRequestSchema's output). */
/** A location as stored: the request's fields with its settlement's id (found when the request left it out). */
export type LocationFields = z.output<typeof locationRequestSchema> & { cityId: number };

/**
 * A shopper's saved locations (spec §3). Every read and write names the customer as well as the id,
 * so another shopper's id matches no row: the routes answer it as a 404 and nothing changes.
 */
export interface LocationRepository {
  list(customerId: number): SavedLocation[];
  find(customerId: number, id: number): SavedLocation | null;
  /** The customer's saved location with the same place and delivery as `fields`, if any. */
  findSame(customerId: number, fields: LocationFields): SavedLocation | null;
  count(customerId: number): number;
  insert(customerId: number, fields: LocationFields): number;
  update(customerId: number, id: number, fields: LocationFields): boolean;
  /** Deletes it; when it was the default, the newest remaining one becomes the default. */
  remove(customerId: number, id: number): boolean;
  makeDefault(customerId: number, id: number): boolean;
  /**
   * Spec §4: a new location becomes the default only if the user has no default, or the default
   * has no delivery method slug and is in the same city.
   */
  shouldBecomeDefault(customerId: number, fields: LocationFields): boolean;
}

const COLUMNS = `id, is_default, city, city_ref, city_id, region, district, type, delivery_method_slug, carrier,
  street, street_ref, street_type_name, building, apartment, branch_ref, branch, shop_ref`;

/** A stored row in the contract's shape, checked by its schema (a drifted row fails loudly). */
export function locationFromRow(row: Row): SavedLocation {
  return savedLocationSchema.parse({
    id: num(row, 'id'),
    isDefault: bool(row, 'is_default'),
    city: str(row, 'city'),
    cityRef: str(row, 'city_ref'),
    cityId: num(row, 'city_id'),
    region: str(row, 'region'),
    district: str(row, 'district'),
    type: num(row, 'type'),
    deliveryMethodSlug: strOrNull(row, 'delivery_method_slug'),
    carrier: numOrNull(row, 'carrier'),
    street: str(row, 'street'),
    streetRef: str(row, 'street_ref'),
    streetTypeName: str(row, 'street_type_name'),
    building: str(row, 'building'),
    apartment: str(row, 'apartment'),
    branchRef: str(row, 'branch_ref'),
    branch: str(row, 'branch'),
    shopRef: str(row, 'shop_ref'),
  });
}

function values(f: LocationFields) {
  return [
    f.city,
    f.cityRef,
    f.cityId,
    f.region,
    f.district,
    f.type,
    f.deliveryMethodSlug,
    f.carrier,
    f.street,
    f.streetRef,
    f.streetTypeName,
    f.building,
    f.apartment,
    f.branchRef,
    f.branch,
    f.shopRef,
  ] as const;
}

export function createLocationRepository(db: DatabaseSync, clock: Clock): LocationRepository {
  const list = db.prepare(`SELECT ${COLUMNS} FROM location WHERE customer_id = ? ORDER BY is_default DESC, id`);
  const find = db.prepare(`SELECT ${COLUMNS} FROM location WHERE customer_id = ? AND id = ?`);
  const same = db.prepare(
    `SELECT ${COLUMNS} FROM location WHERE customer_id = ? AND city_ref = ? AND type = ?
       AND delivery_method_slug IS ? AND street_ref = ? AND building = ? AND apartment = ? AND branch_ref = ?
       AND shop_ref = ? ORDER BY id LIMIT 1`,
  );
  const count = db.prepare('SELECT count(*) AS n FROM location WHERE customer_id = ?');
  const insert = db.prepare(
    `INSERT INTO location (customer_id, city, city_ref, city_id, region, district, type, delivery_method_slug,
       carrier, street, street_ref, street_type_name, building, apartment, branch_ref, branch, shop_ref, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const update = db.prepare(
    `UPDATE location SET city = ?, city_ref = ?, city_id = ?, region = ?, district = ?, type = ?,
       delivery_method_slug = ?, carrier = ?, street = ?, street_ref = ?, street_type_name = ?, building = ?,
       apartment = ?, branch_ref = ?, branch = ?, shop_ref = ?
     WHERE customer_id = ? AND id = ?`,
  );
  const remove = db.prepare('DELETE FROM location WHERE customer_id = ? AND id = ? RETURNING is_default');
  const clearDefault = db.prepare('UPDATE location SET is_default = 0 WHERE customer_id = ? AND is_default = 1');
  const setDefault = db.prepare('UPDATE location SET is_default = 1 WHERE customer_id = ? AND id = ?');
  const newest = db.prepare('SELECT id FROM location WHERE customer_id = ? ORDER BY id DESC LIMIT 1');
  const currentDefault = db.prepare(
    'SELECT city_ref, delivery_method_slug FROM location WHERE customer_id = ? AND is_default = 1',
  );

  function makeDefault(customerId: number, id: number): boolean {
    if (find.get(customerId, id) === undefined) return false;
    clearDefault.run(customerId);
    setDefault.run(customerId, id);
    return true;
  }

  return {
    list: (customerId) => list.all(customerId).map(locationFromRow),
    find: (customerId, id) => {
      const row = find.get(customerId, id);
      return row ? locationFromRow(row) : null;
    },
    findSame: (customerId, f) => {
      const row = same.get(
        customerId,
        f.cityRef,
        f.type,
        f.deliveryMethodSlug,
        f.streetRef,
        f.building,
        f.apartment,
        f.branchRef,
        f.shopRef,
      );
      return row ? locationFromRow(row) : null;
    },
    count: (customerId) => {
      const row = count.get(customerId);
      return row ? num(row, 'n') : 0;
    },
    insert: (customerId, fields) => {
      const row = insert.get(customerId, ...values(fields), isoAt(clock));
      if (!row) throw new Error('the location was not saved');
      return num(row, 'id');
    },
    update: (customerId, id, fields) => update.run(...values(fields), customerId, id).changes === 1,
    remove: (customerId, id) => {
      const row = remove.get(customerId, id);
      if (!row) return false;
      if (bool(row, 'is_default')) {
        const next = newest.get(customerId);
        if (next) setDefault.run(customerId, num(next, 'id'));
      }
      return true;
    },
    makeDefault,
    shouldBecomeDefault: (customerId, fields) => {
      const current = currentDefault.get(customerId);
      if (!current) return true;
      return strOrNull(current, 'delivery_method_slug') === null && str(current, 'city_ref') === fields.cityRef;
    },
  };
}
