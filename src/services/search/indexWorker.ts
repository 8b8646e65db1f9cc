import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { readFtsVocabulary } from './ftsVocabulary.ts';
import { buildSearchIndex } from './searchIndex.ts';
import type { IndexParts } from './searchIndex.ts';
import type { BuiltIndex } from './indexHolder.ts';

/**
 * Worker-thread entry of indexHolder.ts: reads the search database (its own read-only connection,
 * one snapshot) into a SearchIndex and the titles' vocabulary (ftsVocabulary.ts), and hands them
 * back, the index's typed arrays by moving their buffers. Loaded
 * by Node itself (type stripping), never bundled. One build per worker; it exits when done.
 */

/**
 * The build yields the CPU to the shop's own thread: on Linux a thread has its own nice value, and
 * this one's id is the last part of /proc/thread-self. On a busy 2-core machine a build at the
 * same priority kept the shop's thread waiting for a core for 100–300 ms at a time; niced, the
 * build takes longer when the machine is busy, and the shop answers from the old index meanwhile.
 * Elsewhere (no /proc) the build runs at the process's priority.
 */
const BUILD_NICE = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').at(-1)), BUILD_NICE);
} catch {
  // Not Linux, or not allowed: the build competes with the shop as any thread does.
}

const file: unknown = workerData;
if (typeof file !== 'string') throw new TypeError('indexWorker: workerData must be the database file');
const db = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
try {
  db.exec('BEGIN');
  const { positionOf, ...parts } = buildSearchIndex(db);
  void positionOf;
  const vocabulary = readFtsVocabulary(db);
  db.exec('COMMIT');
  const buffers = new Set<ArrayBuffer>();
  const add = (array: ArrayBufferView): void => {
    if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
  };
  const { orders, warehouses, catalogues, ...columns } = parts;
  for (const value of Object.values(columns)) if (ArrayBuffer.isView(value)) add(value);
  for (const order of Object.values(orders)) add(order.positions);
  for (const mask of [...warehouses.values(), ...catalogues.values()]) add(mask);
  const index: IndexParts = parts;
  const message: BuiltIndex = { index, vocabulary };
  parentPort?.postMessage(message, [...buffers]);
} finally {
  db.close();
}
