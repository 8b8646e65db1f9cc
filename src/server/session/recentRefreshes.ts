import type { TokenPair } from '../../api/http.ts';
import { GATE_IDLE_MS, MAX_GATES } from '../sessionStore/refreshGates.ts';

/**
 * The pair each session's last refresh got, for the other requests of that session that read the
 * session before it: Astro loads a session once per request, so a request that started earlier
 * still holds the spent pair, and its 401 would otherwise end in "no newer token" (the 5 s
 * throttle) and a needless failure. With this, the http client retries with the fresh token
 * (src/api/http.ts: "a newer token than the one sent: retry with it"). Bounded like the gates.
 */

interface Entry {
  pair: TokenPair;
  at: number;
}

export interface RecentRefreshes {
  record(sessionId: string, pair: TokenPair): void;
  /** The pair refreshed for the session after `since` (epoch ms), or null. */
  after(sessionId: string, since: number): TokenPair | null;
}

export function createRecentRefreshes(now: () => number = Date.now): RecentRefreshes {
  const entries = new Map<string, Entry>();
  return {
    record(sessionId, pair) {
      const at = now();
      entries.delete(sessionId);
      entries.set(sessionId, { pair, at });
      for (const [id, entry] of entries) {
        if (entries.size <= MAX_GATES && at - entry.at <= GATE_IDLE_MS) break;
        entries.delete(id);
      }
    },
    after(sessionId, since) {
      const entry = entries.get(sessionId);
      return entry && entry.at >= since && now() - entry.at <= GATE_IDLE_MS ? entry.pair : null;
    },
  };
}

/** The process's record (across processes, refreshLock.ts keeps the pair for the others in Redis). */
export const recentRefreshes = createRecentRefreshes();
