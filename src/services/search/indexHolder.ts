import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { log } from '../../log/log.ts';
import { num } from '../db/rows.ts';
import { yieldHelperThreads } from './helperThreads.ts';
import { readFtsVocabulary, supplyVocabulary } from './ftsVocabulary.ts';
import type { VocabularyTerm } from './ftsVocabulary.ts';
import { buildSearchIndex, fromParts } from './searchIndex.ts';
import type { IndexParts, SearchIndex } from './searchIndex.ts';

/** What a build on the worker (indexWorker.ts) hands back: the index and the titles' vocabulary of one snapshot. */
export interface BuiltIndex {
  index: IndexParts;
  vocabulary: VocabularyTerm[];
}

/**
 * The service's current SearchIndex, kept so that no request ever waits for a rebuild (issue 30).
 *
 * - A write through the service (the admin API) patches the index at once (`update`).
 * - A commit by another connection (an import, a reseed, a bulk price load) moves
 *   `PRAGMA data_version`; the next request that reads the index starts a rebuild on a worker
 *   thread (indexWorker.ts) and is answered from the index it has. Requests keep being served from
 *   that index until the new one arrives; it is swapped in between two requests, with the own
 *   writes made meanwhile applied to it again. A commit during a build starts one more build.
 * - Before the first index exists (a start-up at 200,000 products builds for ~1.5–3 s) there is
 *   nothing to answer from: `ready()` resolves when it exists, and the search app makes the
 *   requests that read the index wait for it (searchApp.ts); the rest of the shop runs meanwhile,
 *   and `/readyz` says "not ready" until then (services/index.ts). A small catalogue is built at
 *   once (BUILD_FIRST_HERE_BELOW).
 *
 * An in-memory database cannot be opened by a worker (and no other connection can write it): it is
 * built here, once.
 */
export interface SearchIndexHolder {
  /** The index to answer from; throws before `ready()` has resolved. */
  current(): SearchIndex;
  /** Resolves when the first index exists. */
  ready(): Promise<void>;
  isReady(): boolean;
  /** Applies an own write to the index served now, and to the one being built. */
  update(change: (index: SearchIndex) => SearchIndex): void;
  /** Counts every index swapped in or patched: caches of answers drop what an older one gave. */
  generation(): number;
}

/** What a build tells the holder: its index, or its failure; `ended` when its thread is gone. */
export interface BuildListeners {
  built: (built: BuiltIndex) => void;
  failed: (error: Error) => void;
  ended: () => void;
}

/**
 * Starts a build of the database file (a worker thread: indexWorker.ts). A test passes its own
 * (`IndexHolderOptions.startBuild`) to hold a real worker's answer until it has written through the
 * service, so that a write made during a build is proven to survive the swap.
 */
export type StartBuild = (file: string, on: BuildListeners) => void;

export const startWorkerBuild: StartBuild = (file, on) => {
  // The build's collections run on V8's shared helper threads: they too yield to the shop's.
  yieldHelperThreads();
  const worker = new Worker(new URL('./indexWorker.ts', import.meta.url), { workerData: file });
  // A build must not keep a finished process (a test run, a script) alive.
  worker.unref();
  worker.once('message', (built: BuiltIndex) => on.built(built));
  worker.once('error', on.failed);
  worker.once('exit', on.ended);
};

export interface IndexHolderOptions {
  /** How a rebuild is started (default: a worker thread); tests only. */
  startBuild?: StartBuild;
}

/**
 * A catalogue under this many products gets its first index built here, before the service answers
 * (~0.1 s at 2,000, ~0.3 s at 20,000: the shop is not listening yet); a larger one on a worker.
 */
const BUILD_FIRST_HERE_BELOW = 20_000;

/** After a failed build, the next one waits this long (a broken file is not re-read every request). */
const RETRY_AFTER_MS = 5000;

export function createSearchIndexHolder(db: DatabaseSync, options: IndexHolderOptions = {}): SearchIndexHolder {
  const startBuild = options.startBuild ?? startWorkerBuild;
  const dataVersion = db.prepare('PRAGMA data_version');
  const stamp = (): number => {
    const row = dataVersion.get();
    return row === undefined ? 0 : num(row, 'data_version');
  };
  const file = db.location();

  let served: { index: SearchIndex; stamp: number } | null = null;
  let generation = 0;
  let building: { stamp: number; changes: ((index: SearchIndex) => SearchIndex)[] } | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;
  const waiting: (() => void)[] = [];

  const swapIn = (index: SearchIndex, vocabulary: VocabularyTerm[], at: number): void => {
    served = { index, stamp: at };
    supplyVocabulary(db, vocabulary);
    generation++;
    for (const resolve of waiting.splice(0)) resolve();
  };

  const build = (at: number): void => {
    if (file === null) return;
    const started = { stamp: at, changes: [] as ((index: SearchIndex) => SearchIndex)[] };
    building = started;
    const finish = (): void => {
      if (building === started) building = null;
    };
    startBuild(file, {
      built(built) {
        finish();
        // The service closed its database meanwhile (a test's shop disposed of): nothing to do.
        if (!db.isOpen) return;
        let index = fromParts(built.index);
        // Own writes made while it was built: it may or may not have read them; applying them again is harmless.
        for (const change of started.changes) index = change(index);
        swapIn(index, built.vocabulary, at);
        // A commit made while it was built: the next build starts now.
        check();
      },
      failed(error) {
        finish();
        if (!db.isOpen) return;
        failedAt = performance.now();
        log.error('[search] index build failed:', error.message);
        // Without any index the service cannot answer at all: build it here, once.
        if (served === null) buildHere(at);
      },
      ended: finish,
    });
  };

  /** Starts a build when the database moved past the index served and none is running. */
  const check = (): void => {
    if (!db.isOpen) return;
    const now = stamp();
    if (building !== null || (served !== null && served.stamp === now)) return;
    if (served !== null && performance.now() - failedAt < RETRY_AFTER_MS) return;
    build(now);
  };

  /** Builds on this thread: a small catalogue's first index, an in-memory database's only one. */
  const buildHere = (at: number): void => {
    db.exec('BEGIN');
    try {
      swapIn(buildSearchIndex(db), readFtsVocabulary(db), at);
    } finally {
      db.exec('COMMIT');
    }
  };
  const products = (): number => {
    const row = db.prepare('SELECT count(*) AS n FROM product').get();
    return row === undefined ? 0 : num(row, 'n');
  };
  if (file === null || products() < BUILD_FIRST_HERE_BELOW) buildHere(stamp());
  else check();

  return {
    current() {
      if (served === null) throw new Error('the search index is not built yet (await ready())');
      check();
      return served.index;
    },
    ready: () => (served !== null ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    isReady: () => served !== null,
    update(change) {
      if (served === null) throw new Error('the search index is not built yet (await ready())');
      served = { index: change(served.index), stamp: served.stamp };
      building?.changes.push(change);
      generation++;
    },
    generation: () => generation,
  };
}
