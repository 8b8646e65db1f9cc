import type { DatabaseSync } from 'node:sqlite';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '../http/serviceApp.ts';
import { migrate, openDatabase } from './database.ts';

/** One SQLite file per service in the data directory, each with its own migrations folder. */
export const SERVICE_NAMES = [
  'search',
  'user',
  'content',
  'order',
  'delivery',
] as const satisfies readonly ServiceName[];

export type ServiceDatabases = Record<ServiceName, DatabaseSync>;

/** Orders and accounts must survive a power cut; the others can be rebuilt, so NORMAL is enough. */
const DURABILITY: Record<ServiceName, 'FULL' | 'NORMAL'> = {
  search: 'NORMAL',
  user: 'FULL',
  content: 'NORMAL',
  order: 'FULL',
  delivery: 'NORMAL',
};

/** `:memory:` keeps every database in memory (tests); otherwise `<dataDir>/<service>.db`. */
export function databaseFile(dataDir: string, service: ServiceName): string {
  return dataDir === ':memory:' ? ':memory:' : join(dataDir, `${service}.db`);
}

export function migrationsDir(service: ServiceName): string {
  return fileURLToPath(new URL(`../${service}/migrations/`, import.meta.url));
}

/** Opens and migrates one service's database. */
export function openServiceDatabase(dataDir: string, service: ServiceName): DatabaseSync {
  const db = openDatabase(databaseFile(dataDir, service), { synchronous: DURABILITY[service] });
  try {
    migrate(db, migrationsDir(service));
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Opens and migrates the databases of `services` only: a service that runs elsewhere (its
 * `*_API_URL` is set) gets no file. If one fails to open, the ones already open are closed.
 */
export function openSomeServiceDatabases(dataDir: string, services: readonly ServiceName[]): Partial<ServiceDatabases> {
  const dbs: Partial<ServiceDatabases> = {};
  try {
    for (const service of services) dbs[service] ??= openServiceDatabase(dataDir, service);
  } catch (error) {
    closeServiceDatabases(dbs);
    throw error;
  }
  return dbs;
}

/** Opens and migrates all five databases. */
export function openServiceDatabases(dataDir: string): ServiceDatabases {
  const dbs = openSomeServiceDatabases(dataDir, SERVICE_NAMES);
  const { search, user, content, order, delivery } = dbs;
  if (!search || !user || !content || !order || !delivery) {
    closeServiceDatabases(dbs);
    throw new Error('not every service database opened');
  }
  return { search, user, content, order, delivery };
}

export function closeServiceDatabases(dbs: Partial<ServiceDatabases>): void {
  for (const name of SERVICE_NAMES) {
    const db = dbs[name];
    if (db?.isOpen) db.close();
  }
}

/** Deletes the database files (with their WAL and shared-memory files) of every service. */
export function removeServiceDatabases(dataDir: string): void {
  if (dataDir === ':memory:') return;
  for (const name of SERVICE_NAMES) {
    const file = databaseFile(dataDir, name);
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  }
}
