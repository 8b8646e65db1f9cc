import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { createServiceApp } from '../http/serviceApp.ts';

/** The order service: health only for now; its public routes arrive with later issues. */
export function createOrderApp(_db: DatabaseSync): Hono {
  return createServiceApp('order');
}
