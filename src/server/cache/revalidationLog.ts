/**
 * The last route-cache invalidations, kept in memory so the /editor screen can tell an editor
 * when a change went live: the moment the cached pages that showed the old content were dropped
 * (the next visitor gets a fresh render). One process, one log — like the memory route cache itself.
 */
export interface RevalidationEvent {
  /** Epoch milliseconds at which the entries were dropped. */
  at: number;
  tags: readonly string[];
  paths: readonly string[];
}

const KEEP = 200;
const events: RevalidationEvent[] = [];

export function recordRevalidation(tags: readonly string[], paths: readonly string[], at = Date.now()): void {
  events.push({ at, tags: [...tags], paths: [...paths] });
  if (events.length > KEEP) events.splice(0, events.length - KEEP);
}

/** The first invalidation at or after `since` that dropped `tag`, or null when none came (yet). */
export function revalidatedSince(tag: string, since: number): RevalidationEvent | null {
  return events.find((event) => event.at >= since && event.tags.includes(tag)) ?? null;
}
