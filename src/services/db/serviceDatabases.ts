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

/** Opens and migrates all five databases. */
export function openServiceDatabases(dataDir: string): ServiceDatabases {
  const open = (service: ServiceName): DatabaseSync => {
    const db = openDatabase(databaseFile(dataDir, service), { synchronous: DURABILITY[service] });
    migrate(db, migrationsDir(service));
    return db;
  };
  return {
    search: open('search'),
    user: open('user'),
    content: open('content'),
    order: open('order'),
    delivery: open('delivery'),
  };
}

export function closeServiceDatabases(dbs: ServiceDatabases): void {
  for (const name of SERVICE_NAMES) if (dbs[name].isOpen) dbs[name].close();
}

/** Deletes the database files (with their WAL and shared-memory files) of every service. */
export function removeServiceDatabases(dataDir: string): void {
  if (dataDir === ':memory:') return;
  for (const name of SERVICE_NAMES) {
    const file = databaseFile(dataDir, name);
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  }
}
