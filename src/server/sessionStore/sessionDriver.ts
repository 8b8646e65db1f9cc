import type { Driver } from 'unstorage';
import { sessionRuntime } from './sessionRuntime.ts';

/**
 * The session store (astro.config.mjs `session.driver`), chosen when the server starts: SQLite in
 * DATA_DIR for one process (sessions outlive a restart), Redis when `REDIS_URL` is set, so a
 * shopper or an editor signed in through one process is signed in on every other
 * (src/server/sessionStore/sessionRuntime.ts).
 */
export default function sessionDriver(): Driver {
  return sessionRuntime().driver;
}
