import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { createServiceApp } from '../http/serviceApp.ts';

/** The delivery service. Settlements, branches and pickup points are seeded; the spec §7 routes come with a later issue. */
export function createDeliveryApp(_db: DatabaseSync): Hono {
  return createServiceApp('delivery');
}
