import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { createServiceApp } from '../http/serviceApp.ts';

/** The user service: health only for now; its public routes arrive with later issues. */
export function createUserApp(_db: DatabaseSync): Hono {
  return createServiceApp('user');
}
