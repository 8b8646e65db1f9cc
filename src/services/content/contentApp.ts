import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { createServiceApp } from '../http/serviceApp.ts';

/** The content service: health only for now; its public routes arrive with later issues. */
export function createContentApp(_db: DatabaseSync): Hono {
  return createServiceApp('content');
}
