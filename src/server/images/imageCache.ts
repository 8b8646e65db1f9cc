import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Transformed pictures, kept so each is made once: in memory (an LRU bounded by bytes) and on
 * disk (survives restarts, shared by the shop's processes). Concurrent first requests of one
 * picture make it once. The key names the source, width, format and quality; sources are
 * immutable (versioned URLs), so an entry never goes stale.
 */
export interface ImageCache {
  get(key: string, make: () => Promise<Uint8Array>): Promise<{ bytes: Uint8Array; made: boolean }>;
}

/** Memory budget: ~1,500 card pictures of ~20 KB. */
const MEMORY_BYTES = 32 * 1024 * 1024;

/** A cache in memory and under `dir`. */
export function createImageCache(dir: string): ImageCache {
  const memory = new Map<string, Uint8Array>();
  let memoryBytes = 0;
  const pending = new Map<string, Promise<{ bytes: Uint8Array; made: boolean }>>();
  let dirReady: Promise<unknown> | undefined;

  const remember = (key: string, bytes: Uint8Array): void => {
    memory.set(key, bytes);
    memoryBytes += bytes.byteLength;
    for (const [oldKey, old] of memory) {
      if (memoryBytes <= MEMORY_BYTES) break;
      memory.delete(oldKey);
      memoryBytes -= old.byteLength;
    }
  };

  const load = async (key: string, make: () => Promise<Uint8Array>): Promise<{ bytes: Uint8Array; made: boolean }> => {
    const file = join(dir, createHash('sha1').update(key).digest('hex'));
    const stored = await readFile(file).catch(() => null);
    if (stored) {
      const bytes = new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength);
      remember(key, bytes);
      return { bytes, made: false };
    }
    const bytes = await make();
    remember(key, bytes);
    // A full or read-only disk costs the disk copy only: the answer is already made.
    dirReady ??= mkdir(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await dirReady
      .then(() => writeFile(temporary, bytes))
      .then(() => rename(temporary, file))
      .catch((error: unknown) => console.warn(`[img] could not keep ${key} on disk: ${String(error)}`));
    return { bytes, made: true };
  };

  return {
    get(key, make) {
      const cached = memory.get(key);
      if (cached) {
        // Most recently used last: re-insert.
        memory.delete(key);
        memory.set(key, cached);
        return Promise.resolve({ bytes: cached, made: false });
      }
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const loaded = load(key, make).finally(() => pending.delete(key));
      pending.set(key, loaded);
      return loaded;
    },
  };
}
