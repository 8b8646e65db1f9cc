import { log } from '../../log/log.ts';
import { mkdir, opendir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The disk half of the image cache (imageCache.ts): one file per picture under `dir`, named by the
 * hash of its key, at most `maxBytes` in all; past that the least recently used files go first.
 *
 * Recency is the cache's own record (the order of `entries`), not the file system's atime, which
 * is often off (noatime, relatime) and never sees the hits served from memory. It is written to
 * each file's mtime, at most once a minute per file, so a restart (and the other processes sharing
 * the directory) learn it back. On start the index is learnt by reading the directory in the
 * background: pictures are served meanwhile (a read needs only the file's name), and eviction
 * waits until the total is known. The directory is read again every ten minutes, so files the
 * other processes wrote count too (WORKERS=N share one directory, each with its own index).
 */

export interface DiskCache {
  /** The stored picture (and it becomes the most recently used), or null. */
  read(name: string): Promise<Uint8Array | null>;
  /** Stores a picture; a failure is logged and costs only the disk copy. */
  write(name: string, bytes: Uint8Array): Promise<void>;
  /** Marks a picture used without reading it (it was served from memory). */
  touch(name: string): void;
  /** What the index counts on disk. */
  usage(): { bytes: number; files: number };
  /** Resolves once the index has learnt what was on disk at start. */
  readonly learnt: Promise<void>;
  /** Resolves once every write, removal and time stamp started so far is done. */
  settled(): Promise<void>;
  /** Stops the periodic re-reading of the directory. */
  close(): void;
}

export interface DiskCacheOptions {
  maxBytes: number;
  now?: () => number;
  rescanEveryMs?: number;
}

interface Entry {
  bytes: number;
  /** When the cache last served it (ms). */
  used: number;
  /** The mtime last written or read (ms): `used` as the disk knows it. */
  stamped: number;
}

/** A picture's file: the hex SHA-1 of its key. Nothing else in the directory is counted or removed. */
const PICTURE_FILE = /^[0-9a-f]{40}$/;
/** A write in progress (`<name>.<pid>.tmp`); one left by a crash is removed once it is this old. */
const TEMPORARY_FILE = /^[0-9a-f]{40}\.\d+\.tmp$/;
const STALE_TEMPORARY_MS = 60 * 60_000;
/** A file's mtime is brought up to date at most this often: a hit costs no disk write. */
const STAMP_EVERY_MS = 60_000;
const RESCAN_EVERY_MS = 10 * 60_000;
/** Files looked at together while learning the directory: a cached read waits behind at most these. */
const STAT_BATCH = 32;

const isMissing = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

export function createDiskCache(dir: string, options: DiskCacheOptions): DiskCache {
  const now = options.now ?? Date.now;
  const pendingWork = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>): void => {
    pendingWork.add(work);
    const done = () => pendingWork.delete(work);
    void work.then(done, done);
  };
  // Least recently used first.
  let entries = new Map<string, Entry>();
  let total = 0;
  let known = false;
  let dirReady: Promise<unknown> | undefined;

  const forget = (name: string): void => {
    const entry = entries.get(name);
    if (!entry) return;
    entries.delete(name);
    total -= entry.bytes;
  };

  const record = (name: string, bytes: number): void => {
    forget(name);
    const at = now();
    entries.set(name, { bytes, used: at, stamped: at });
    total += bytes;
  };

  const evict = (): void => {
    if (!known) return;
    for (const [name, entry] of entries) {
      if (total <= options.maxBytes) return;
      entries.delete(name);
      total -= entry.bytes;
      track(unlink(join(dir, name)).catch(() => undefined));
    }
  };

  const touch = (name: string): void => {
    const entry = entries.get(name);
    if (!entry) return;
    entries.delete(name);
    entries.set(name, entry);
    entry.used = now();
    if (entry.used - entry.stamped < STAMP_EVERY_MS) return;
    entry.stamped = entry.used;
    const seconds = entry.used / 1000;
    track(
      utimes(join(dir, name), seconds, seconds).catch((error: unknown) => {
        // Removed meanwhile (by another process sharing the directory): no longer on disk.
        if (isMissing(error) && entries.get(name) === entry) forget(name);
      }),
    );
  };

  /** Rebuilds the index from the directory, keeping what this process learnt since it began. */
  const learn = async (): Promise<void> => {
    const began = now();
    const found = new Map<string, { bytes: number; mtime: number }>();
    const look = async (names: string[]): Promise<void> => {
      await Promise.all(
        names.map(async (name) => {
          const info = await stat(join(dir, name)).catch(() => null);
          if (!info) return;
          if (PICTURE_FILE.test(name)) found.set(name, { bytes: info.size, mtime: info.mtimeMs });
          else if (began - info.mtimeMs > STALE_TEMPORARY_MS) await unlink(join(dir, name)).catch(() => undefined);
        }),
      );
    };
    const directory = await opendir(dir).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (directory) {
      let batch: string[] = [];
      for await (const item of directory) {
        if (!item.isFile() || !(PICTURE_FILE.test(item.name) || TEMPORARY_FILE.test(item.name))) continue;
        batch.push(item.name);
        if (batch.length >= STAT_BATCH) {
          await look(batch);
          batch = [];
        }
      }
      await look(batch);
    }
    const merged: [string, Entry][] = [];
    for (const [name, file] of found) {
      const live = entries.get(name);
      merged.push([
        name,
        {
          bytes: file.bytes,
          used: Math.max(file.mtime, live?.used ?? 0),
          stamped: Math.max(file.mtime, live?.stamped ?? 0),
        },
      ]);
    }
    // Written or read while the directory was being read: kept even if the listing missed them.
    for (const [name, entry] of entries) if (!found.has(name) && entry.used >= began) merged.push([name, entry]);
    merged.sort(([, a], [, b]) => a.used - b.used);
    entries = new Map(merged);
    total = merged.reduce((sum, [, entry]) => sum + entry.bytes, 0);
    known = true;
    evict();
  };

  let learning: Promise<void> | null = null;
  const learnOnce = (): Promise<void> => {
    learning ??= learn()
      .catch((error: unknown) => {
        log.warn(`[img] could not read the cache directory ${dir}: ${String(error)}`);
        // The cap still holds over what this process wrote.
        known = true;
        evict();
      })
      .finally(() => (learning = null));
    return learning;
  };
  const learnt = learnOnce();
  const rescan = setInterval(() => void learnOnce(), options.rescanEveryMs ?? RESCAN_EVERY_MS);
  rescan.unref();

  return {
    learnt,
    touch,
    async read(name) {
      const stored = await readFile(join(dir, name)).catch(() => null);
      if (!stored) {
        forget(name);
        return null;
      }
      if (entries.has(name)) touch(name);
      else {
        // Written by another process since the directory was last read.
        record(name, stored.byteLength);
        evict();
      }
      return new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength);
    },
    async write(name, bytes) {
      // One picture larger than the whole cache would only push everything else out.
      if (bytes.byteLength > options.maxBytes) return;
      const file = join(dir, name);
      const temporary = `${file}.${process.pid}.tmp`;
      dirReady ??= mkdir(dir, { recursive: true });
      const written = dirReady
        .then(() => writeFile(temporary, bytes))
        .then(() => rename(temporary, file))
        .then(
          () => {
            record(name, bytes.byteLength);
            evict();
          },
          async (error: unknown) => {
            // A full or read-only disk costs the disk copy only: the answer is already made.
            log.warn(`[img] could not keep ${name} on disk: ${String(error)}`);
            // The directory was removed (a tmp cleaner): make it again on the next write.
            if (isMissing(error)) dirReady = undefined;
            await unlink(temporary).catch(() => undefined);
          },
        );
      track(written);
      await written;
    },
    usage: () => ({ bytes: total, files: entries.size }),
    async settled() {
      while (pendingWork.size > 0) await Promise.all(pendingWork);
    },
    close() {
      clearInterval(rescan);
    },
  };
}
