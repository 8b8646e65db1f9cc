import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * V8's helper threads (the "V8Worker" pool: parallel scavenges, concurrent marking) yield to the
 * threads that answer requests, as the index build itself does (indexWorker.ts, nice 10).
 *
 * Why: a build allocates millions of row objects, and the collections of the worker's heap run on
 * this process-wide pool at the normal priority. On a 2-core machine those helpers took the core
 * the shop's own thread needed: a cached page waited up to 50–73 ms during a rebuild at 200,000
 * products while the shop's own longest stretch of work was 8–12 ms (issue 30). Reniced (and with
 * the bench's seeding and clients out of the shop's process), 9 rebuilds kept a cached page's
 * maxima at 13.5–29.6 ms (`npm run bench -- --only search-scale --products 200000`; the steps are
 * in docs/decisions.md "Search index updates that never block").
 * The same pool serves the shop's own heap: on an idle machine nothing changes; on a busy one the
 * request thread comes first and its background collection later, which is the order we want.
 *
 * Done once, when the first build starts (a shop that never rebuilds an index changes nothing).
 * Linux only (thread ids under /proc/self/task); elsewhere, or when refused, the pool keeps its
 * priority.
 */
const HELPER_NICE = 10;
const HELPER_NAME = 'V8Worker';

let done = false;

export function yieldHelperThreads(): void {
  if (done) return;
  done = true;
  try {
    for (const task of readdirSync('/proc/self/task')) {
      if (readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === HELPER_NAME)
        setPriority(Number(task), HELPER_NICE);
    }
  } catch {
    // Not Linux, or not allowed: the helpers compete with the shop as any thread does.
  }
}
