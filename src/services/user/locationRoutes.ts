import { log } from '../../log/log.ts';
import type { Context, Hono } from 'hono';
import { REQUIRED_MESSAGE } from '../../api/schemas/person.ts';
import { isApiError } from '../../api/apiError.ts';
import { childRequestSchema, locationRequestSchema, USER_ERROR } from '../../api/schemas/user.ts';
import type { Child, SavedLocation } from '../../api/schemas/user.ts';
import { inTransaction } from '../db/database.ts';
import type { LocationFields } from './locationRepository.ts';
import { idParam, readJson, signedIn } from './routeKit.ts';
import type { UserDeps } from './userDeps.ts';
import { invalidFields, MESSAGES, notFound, parseFields, UserProblem } from './userProblem.ts';

/**
 * The shopper's saved locations and children (spec §3, §4 "Saved location", §7). Every id in a path
 * is looked up together with the signed-in customer: another shopper's id is a 404, like an id that
 * does not exist, and changes nothing.
 */

/** Enough for every address a family ships to; a bound so one account cannot grow without end. */
const MAX_LOCATIONS = 30;
const MAX_CHILDREN = 20;
/** Seconds a client waits before asking again when the delivery service did not answer. */
const RETRY_AFTER_S = 5;

/**
 * The settlement's id of a location sent as the spec writes it (`city`, `cityRef`; no `cityId`),
 * found in the delivery service's data: an unknown ref is refused on `cityRef`, an outage is a 503.
 */
async function settlementId(deps: UserDeps, city: string, cityRef: string): Promise<number> {
  if (!deps.settlementByRef) throw invalidFields([{ field: 'cityId', message: REQUIRED_MESSAGE }]);
  let found: { id: number } | null;
  try {
    found = await deps.settlementByRef(city, cityRef);
  } catch (error) {
    if (!isApiError(error)) throw error;
    log.error('[user] the delivery service cannot be read:', error.message);
    const message = MESSAGES.deliveryUnavailable;
    throw new UserProblem(503, USER_ERROR.outsideUnavailable, message, [{ field: 'cityRef', message }], RETRY_AFTER_S);
  }
  if (!found) throw invalidFields([{ field: 'cityRef', message: MESSAGES.cityUnknown }]);
  return found.id;
}

/** A location body, with what its delivery needs (spec §3): a branch, a street and building, or a shop. */
async function locationBody(c: Context, deps: UserDeps): Promise<LocationFields> {
  const sent = parseFields(locationRequestSchema, await readJson(c));
  const fields = { ...sent, cityId: sent.cityId ?? (await settlementId(deps, sent.city, sent.cityRef)) };
  // A location without a delivery method is only a city (the header's city choice): nothing more is due.
  if (fields.deliveryMethodSlug === null) return fields;
  const due: [field: string, value: string][] =
    fields.type === 1
      ? [
          ['branchRef', fields.branchRef],
          ['branch', fields.branch],
        ]
      : fields.type === 2
        ? [
            ['street', fields.street],
            ['building', fields.building],
          ]
        : [['shopRef', fields.shopRef]];
  const missing = due.filter(([, value]) => value === '').map(([field]) => field);
  if (missing.length > 0) throw invalidFields(missing.map((field) => ({ field, message: REQUIRED_MESSAGE })));
  return fields;
}

export function mountLocationRoutes(app: Hono, deps: UserDeps): void {
  const { tokens, locations, children } = deps;

  function saved(customerId: number, id: number): SavedLocation {
    const location = locations.find(customerId, id);
    if (!location) throw new Error(`location ${id} vanished`);
    return location;
  }

  /** Saves a new location and makes it the default by spec §4's rule. */
  function addLocation(customerId: number, fields: LocationFields): number {
    if (locations.count(customerId) >= MAX_LOCATIONS) {
      throw invalidFields([{ field: 'body', message: MESSAGES.tooMany('адресов', MAX_LOCATIONS) }]);
    }
    const becomesDefault = locations.shouldBecomeDefault(customerId, fields);
    const id = locations.insert(customerId, fields);
    if (becomesDefault) locations.makeDefault(customerId, id);
    return id;
  }

  app.post(
    '/public/user/location',
    signedIn(tokens, async (c, { customerId }) => {
      const fields = await locationBody(c, deps);
      const body = inTransaction(deps.db, () => saved(customerId, addLocation(customerId, fields)));
      return c.json(body, 201);
    }),
  );

  // The checkout's location: the saved one with the same place and delivery is reused, not copied.
  app.post(
    '/public/user/location/default',
    signedIn(tokens, async (c, { customerId }) => {
      const fields = await locationBody(c, deps);
      const body = inTransaction(deps.db, () => {
        const same = locations.findSame(customerId, fields);
        if (!same) return saved(customerId, addLocation(customerId, fields));
        if (!same.isDefault && locations.shouldBecomeDefault(customerId, fields)) {
          locations.makeDefault(customerId, same.id);
        }
        return saved(customerId, same.id);
      });
      return c.json(body);
    }),
  );

  app.post(
    '/public/user/location/default/:id',
    signedIn(tokens, (c, { customerId }) => {
      const id = idParam(c, 'Адрес');
      const body = inTransaction(deps.db, () => {
        if (!locations.makeDefault(customerId, id)) throw notFound('Адрес');
        return saved(customerId, id);
      });
      return c.json(body);
    }),
  );

  app.put(
    '/public/user/location/:id',
    signedIn(tokens, async (c, { customerId }) => {
      const id = idParam(c, 'Адрес');
      const fields = await locationBody(c, deps);
      if (!locations.update(customerId, id, fields)) throw notFound('Адрес');
      return c.json(saved(customerId, id));
    }),
  );

  app.delete(
    '/public/user/location/:id',
    signedIn(tokens, (c, { customerId }) => {
      const id = idParam(c, 'Адрес');
      const removed = inTransaction(deps.db, () => locations.remove(customerId, id));
      if (!removed) throw notFound('Адрес');
      return c.body(null, 204);
    }),
  );

  function child(customerId: number, id: number): Child {
    const found = children.find(customerId, id);
    if (!found) throw new Error(`child ${id} vanished`);
    return found;
  }

  app.post(
    '/public/user/children',
    signedIn(tokens, async (c, { customerId }) => {
      const fields = parseFields(childRequestSchema, await readJson(c));
      if (children.count(customerId) >= MAX_CHILDREN) {
        throw invalidFields([{ field: 'body', message: MESSAGES.tooMany('детей', MAX_CHILDREN) }]);
      }
      return c.json(child(customerId, children.insert(customerId, fields)), 201);
    }),
  );

  app.put(
    '/public/user/children/:id',
    signedIn(tokens, async (c, { customerId }) => {
      const id = idParam(c, 'Ребёнок');
      const fields = parseFields(childRequestSchema, await readJson(c));
      if (!children.update(customerId, id, fields)) throw notFound('Ребёнок');
      return c.json(child(customerId, id));
    }),
  );

  app.delete(
    '/public/user/children/:id',
    signedIn(tokens, (c, { customerId }) => {
      const id = idParam(c, 'Ребёнок');
      if (!children.remove(customerId, id)) throw notFound('Ребёнок');
      return c.body(null, 204);
    }),
  );
}
