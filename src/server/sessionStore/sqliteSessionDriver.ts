import type { Driver } from 'unstorage';
import { z } from 'zod';
import { isEmptySession } from './emptySession.ts';
import type { SessionDatabase } from './sessionDatabase.ts';

/**
 * The default session store (astro.config.mjs `session.driver`, src/server/sessionStore/sessionDriver.ts):
 * an unstorage driver over the sessions' SQLite file, so a restart signs nobody out and keeps the
 * no-JavaScript basket, and a flood of sessions pushes nobody out (there is no capacity to evict
 * from; what bounds the file is the per-address limit of new sessions and the sweep).
 *
 * One row per session with the time of its last write. Astro passes no ttl (each value carries its
 * own `expires`), so the store keeps a session for the cookie's life after its last write: a row
 * older than that is not read back, and an occasional sweep (on a write, at most every
 * `sweepEveryMs`, a batch at a time) deletes such rows, so the file cannot grow forever.
 */

export interface SqliteSessionOptions {
  /** How long a session lives after its last write (the cookie's maxAge). */
  maxAgeMs: number;
  /** The least time between two sweeps, unless the last one left rows behind. */
  sweepEveryMs?: number;
  now?: () => number;
}

export interface SqliteSessions {
  /** What Astro's session API calls: getItem, setItem, removeItem. */
  driver: Driver;
  /** Whether a live session is stored under `id`; creates no file. */
  exists: (id: string) => Promise<boolean>;
}

const DEFAULT_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Rows one sweep deletes at most: a big backlog is spread over writes instead of one long stall. */
const SWEEP_BATCH = 1000;

const valueRowSchema = z.object({ value: z.string() });
const idRowSchema = z.object({ id: z.string() });

export function sqliteSessionStore(database: SessionDatabase, options: SqliteSessionOptions): SqliteSessions {
  const now = options.now ?? Date.now;
  const sweepEveryMs = options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
  // The first write of a process sweeps: the shop may have been down longer than a session lives.
  let lastSweep = Number.NEGATIVE_INFINITY;
  let backlog = false;

  const cutoff = () => now() - options.maxAgeMs;

  function read(id: string): string | null {
    const db = database.ifExists();
    if (db === null) return null;
    const row = db.prepare('SELECT value FROM session WHERE id = ? AND written_at > ?').get(id, cutoff());
    if (row === undefined) return null;
    const parsed = valueRowSchema.safeParse(row);
    return parsed.success ? parsed.data.value : null;
  }

  function remove(id: string): void {
    database.ifExists()?.prepare('DELETE FROM session WHERE id = ?').run(id);
  }

  function sweep(at: number): void {
    if (!backlog && at - lastSweep < sweepEveryMs) return;
    lastSweep = at;
    const db = database.open();
    const { changes } = db
      .prepare('DELETE FROM session WHERE id IN (SELECT id FROM session WHERE written_at <= ? LIMIT ?)')
      .run(at - options.maxAgeMs, SWEEP_BATCH);
    backlog = Number(changes) >= SWEEP_BATCH;
  }

  function write(id: string, value: string): void {
    if (isEmptySession(value)) {
      remove(id);
      return;
    }
    const at = now();
    database
      .open()
      .prepare(
        `INSERT INTO session (id, value, written_at) VALUES (?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET value = excluded.value, written_at = excluded.written_at`,
      )
      .run(id, value, at);
    sweep(at);
  }

  const driver: Driver = {
    name: 'bbs-sqlite-sessions',
    hasItem: (key) => read(key) !== null,
    getItem: (key) => read(key),
    setItem: (key, value) => write(key, value),
    removeItem: (key) => remove(key),
    getKeys() {
      const db = database.ifExists();
      if (db === null) return [];
      return db
        .prepare('SELECT id FROM session WHERE written_at > ?')
        .all(cutoff())
        .flatMap((row) => {
          const parsed = idRowSchema.safeParse(row);
          return parsed.success ? [parsed.data.id] : [];
        });
    },
    clear() {
      database.ifExists()?.exec('DELETE FROM session');
    },
    dispose() {
      database.close();
    },
  };

  return {
    driver,
    // The executor turns a failing read (a broken file) into a rejection the caller can handle.
    exists: (id) => new Promise((resolve) => resolve(read(id) !== null)),
  };
}
