import type { DatabaseSync } from 'node:sqlite';
import { num } from './rows.ts';

/**
 * Caches `build()` until the database changes. `PRAGMA data_version` moves when another
 * connection commits (e.g. `npm run seed` against a running service), so derived in-memory
 * structures follow a reseed without a restart. Commits made through this same connection do not
 * move it: build only after this connection's own writes (the seed runs before the apps exist).
 */
export function cachedByDataVersion<T>(db: DatabaseSync, build: () => T): () => T {
  const dataVersion = db.prepare('PRAGMA data_version');
  let cached: { stamp: number; value: T } | null = null;
  return () => {
    const row = dataVersion.get();
    const stamp = row === undefined ? 0 : num(row, 'data_version');
    if (cached === null || cached.stamp !== stamp) cached = { stamp, value: build() };
    return cached.value;
  };
}
