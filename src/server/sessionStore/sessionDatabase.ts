import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The sessions' SQLite file (`DATA_DIR/sessions.db`) of a shop without Redis: the sessions, and
 * how many new sessions each client address started lately (src/server/sessionStore/sessionCreations.ts).
 * It is created by the first session that must be kept, never at start: a shop whose five services
 * are all real creates nothing in its DATA_DIR until a shopper needs a session. Several processes
 * may open the same file (two `npm start` on one DATA_DIR): WAL lets readers and a writer pass, and
 * the busy timeout makes a writer wait for another one instead of failing.
 */

export interface SessionDatabase {
  /** The database, or null while its file does not exist (a read needs no file). */
  ifExists(): DatabaseSync | null;
  /** The database, with its directory, file and tables created if missing. */
  open(): DatabaseSync;
  close(): void;
}

/** How long a writer waits for another process's write before giving up (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 5000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS session (
    id TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    -- epoch milliseconds of the last write: the sweep deletes what nobody wrote for 30 days
    written_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS session_written_at ON session (written_at);
  CREATE TABLE IF NOT EXISTS session_creation (
    address TEXT PRIMARY KEY,
    window_start INTEGER NOT NULL,
    count INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS session_creation_window ON session_creation (window_start);
`;

export function sessionDatabase(file: string): SessionDatabase {
  let db: DatabaseSync | null = null;

  function connect(): DatabaseSync {
    const opened = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
    try {
      opened.exec('PRAGMA journal_mode = WAL');
      // A power cut may lose the last moments' sign-ins; a crash of the process loses nothing.
      opened.exec('PRAGMA synchronous = NORMAL');
      opened.exec(SCHEMA);
    } catch (error) {
      opened.close();
      throw error;
    }
    return opened;
  }

  return {
    ifExists() {
      // Another process may have created the file since the last look.
      if (db === null && existsSync(file)) db = connect();
      return db;
    },
    open() {
      if (db === null) {
        mkdirSync(dirname(file), { recursive: true });
        db = connect();
      }
      return db;
    },
    close() {
      db?.close();
      db = null;
    },
  };
}
