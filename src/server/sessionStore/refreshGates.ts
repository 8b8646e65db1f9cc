import { createRefreshGate, type RefreshGate } from '../../api/http.ts';

/**
 * The token-refresh state of each shopper's session, shared by every request of that session in
 * this process (DESIGN §7: the refresh is single-flight per session, not per client): two parallel
 * requests that both meet a 401 wait for one refresh instead of spending a rotating refresh token
 * twice, which would revoke the token family and sign the shopper out.
 *
 * A gate matters only while a refresh runs or its 5-second throttle lasts, so idle gates are
 * dropped, and the map is bounded so a flood of sessions cannot grow it without limit. Across
 * several server processes the refresh also takes a lock in Redis, with the sessions
 * (src/server/session/refreshLock.ts), so two processes never spend one token either.
 */

/** Gates idle longer than this are forgotten (well past the 5 s throttle). */
export const GATE_IDLE_MS = 60_000;
/** At most this many gates are kept; the least recently used go first. */
export const MAX_GATES = 10_000;

interface Entry {
  gate: RefreshGate;
  usedAt: number;
}

export interface RefreshGates {
  /** The gate of `sessionId`, made on first use. */
  forSession(sessionId: string): RefreshGate;
  readonly size: number;
}

/** A registry of gates; `now` is injectable for tests. */
export function createRefreshGates(now: () => number = Date.now): RefreshGates {
  // A Map iterates in insertion order; re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();

  /** Drops idle gates from the oldest on, and the oldest ones past the bound; never one in flight. */
  function sweep(at: number): void {
    for (const [id, entry] of entries) {
      const overfull = entries.size > MAX_GATES;
      if (!overfull && at - entry.usedAt <= GATE_IDLE_MS) break; // the rest were used later still
      if (entry.gate.refreshing === null) entries.delete(id);
    }
  }

  return {
    forSession(sessionId) {
      const at = now();
      const existing = entries.get(sessionId);
      const entry = existing ?? { gate: createRefreshGate(), usedAt: at };
      entry.usedAt = at;
      entries.delete(sessionId);
      entries.set(sessionId, entry);
      sweep(at);
      return entry.gate;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The process's gates. */
export const refreshGates = createRefreshGates();
