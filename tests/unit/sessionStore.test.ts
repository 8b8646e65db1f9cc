import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createStorage } from 'unstorage';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressGroup, sqliteSessionCreations } from '../../src/server/sessionStore/sessionCreations.ts';
import { sessionDatabase, type SessionDatabase } from '../../src/server/sessionStore/sessionDatabase.ts';
import { sqliteSessionStore } from '../../src/server/sessionStore/sqliteSessionDriver.ts';

/**
 * The sessions' SQLite file (DATA_DIR/sessions.db) through unstorage, as Astro's session API uses
 * it: created by the first session worth keeping, shared by processes, forgetting what nobody
 * wrote for 30 days; and the per-address count of new sessions kept in the same file.
 */

const DAY = 24 * 60 * 60 * 1000;
const MAX_AGE = 30 * DAY;
/** What Astro stores: a devalue-serialised Map of the session's values. */
const SESSION = '[["Map",1,2],"basket",{"data":3,"expires":-1},{"lines":4},[]]';
const EMPTY = '[["Map"]]';

const dirs: string[] = [];
const opened: SessionDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bbs-sessions-'));
  dirs.push(dir);
  return join(dir, 'data', 'sessions.db');
}

/** One process's store on `file`, on a clock the test moves. */
function process_(file: string, clock: { now: number }) {
  const database = sessionDatabase(file);
  opened.push(database);
  const store = sqliteSessionStore(database, { maxAgeMs: MAX_AGE, sweepEveryMs: DAY, now: () => clock.now });
  return { database, store, storage: createStorage({ driver: store.driver }) };
}

function rows(file: string): number {
  const db = new DatabaseSync(file);
  try {
    return z.object({ n: z.number() }).parse(db.prepare('SELECT count(*) AS n FROM session').get()).n;
  } finally {
    db.close();
  }
}

describe('the SQLite session store', () => {
  it('creates no file for reads, removals and empty sessions; the first session worth keeping creates it', async () => {
    const file = fileIn();
    const { storage, store } = process_(file, { now: Date.now() });
    expect(await storage.getItem('a')).toBeNull();
    expect(await store.exists('a')).toBe(false);
    await storage.removeItem('a');
    await storage.setItem('a', EMPTY);
    expect(existsSync(file)).toBe(false);
    await storage.setItem('a', SESSION);
    expect(existsSync(file)).toBe(true);
    expect(await store.exists('a')).toBe(true);
    // A kept session that became empty is removed, not kept empty.
    await storage.setItem('a', EMPTY);
    expect(await store.exists('a')).toBe(false);
    expect(rows(file)).toBe(0);
  });

  it('is shared by the processes on one file, and outlives them', async () => {
    const file = fileIn();
    const clock = { now: Date.now() };
    const first = process_(file, clock);
    const second = process_(file, clock);
    await first.storage.setItem('a', SESSION);
    expect(await second.storage.getItem('a')).toEqual(JSON.parse(SESSION));
    await second.storage.removeItem('a');
    expect(await first.storage.getItem('a')).toBeNull();
    await first.storage.setItem('b', SESSION);
    first.database.close();
    second.database.close();
    expect(await process_(file, clock).storage.getItem('b')).toEqual(JSON.parse(SESSION));
  });

  it('forgets a session 30 days after its last write, and a later write sweeps such rows out of the file', async () => {
    const file = fileIn();
    const clock = { now: Date.UTC(2026, 0, 1) };
    const { storage } = process_(file, clock);
    await storage.setItem('old', SESSION);
    await storage.setItem('renewed', SESSION);
    clock.now += 20 * DAY;
    await storage.setItem('renewed', SESSION);
    clock.now += 11 * DAY;
    // Past 30 days since its write: not read back, even before any sweep.
    expect(await storage.getItem('old')).toBeNull();
    expect(await storage.getItem('renewed')).toEqual(JSON.parse(SESSION));
    expect(rows(file)).toBe(2);
    await storage.setItem('new', SESSION);
    expect(rows(file)).toBe(2);
    expect(await storage.getKeys()).toEqual(expect.arrayContaining(['renewed', 'new']));
  });

  it('sweeps at most once a day while nothing is left, a batch at a time, and on until a backlog is gone', async () => {
    const file = fileIn();
    const clock = { now: Date.UTC(2026, 0, 1) };
    const { storage } = process_(file, clock);
    await storage.setItem('first', SESSION);
    const db = new DatabaseSync(file);
    const insert = db.prepare('INSERT INTO session (id, value, written_at) VALUES (?, ?, ?)');
    for (let i = 0; i < 2500; i++) insert.run(`stale-${i}`, SESSION, clock.now - 40 * DAY);
    db.close();
    clock.now += 1000;
    // The process swept on its first write, less than a day ago: the stale rows wait.
    await storage.setItem('a', SESSION);
    expect(rows(file)).toBe(2502);
    clock.now += DAY;
    await storage.setItem('b', SESSION);
    expect(rows(file)).toBe(1503);
    // A full batch means more is left: the next writes go on without waiting a day.
    await storage.setItem('c', SESSION);
    expect(rows(file)).toBe(504);
    await storage.setItem('d', SESSION);
    expect(rows(file)).toBe(5);
  });
});

describe('new sessions per address', () => {
  it('counts each address in an hour of its own, refuses past the limit with the time left, and starts over after it', async () => {
    const file = fileIn();
    const clock = { now: Date.UTC(2026, 0, 1) };
    const database = sessionDatabase(file);
    opened.push(database);
    const creations = sqliteSessionCreations(database, { limit: 2, windowMs: 60 * 60 * 1000, now: () => clock.now });
    expect(await creations.record('198.51.100.1')).toEqual({ allowed: true, retryAfterS: 3600 });
    clock.now += 10 * 60 * 1000;
    expect((await creations.record('198.51.100.1')).allowed).toBe(true);
    expect(await creations.record('198.51.100.1')).toEqual({ allowed: false, retryAfterS: 3000 });
    expect((await creations.record('198.51.100.2')).allowed).toBe(true);
    // A second counter on the file (another process) sees the same count.
    const otherDatabase = sessionDatabase(file);
    opened.push(otherDatabase);
    const other = sqliteSessionCreations(otherDatabase, { limit: 2, windowMs: 60 * 60 * 1000, now: () => clock.now });
    expect((await other.record('198.51.100.1')).allowed).toBe(false);
    clock.now += 50 * 60 * 1000;
    expect(await creations.record('198.51.100.1')).toEqual({ allowed: true, retryAfterS: 3600 });
  });

  it('groups an IPv6 address by its /64 and keeps IPv4 as it is', () => {
    expect(addressGroup('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('1:2::3:4:5:1.2.3.4')).toBe('1:2:0:3::/64');
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup(null)).toBe('unknown');
  });
});
