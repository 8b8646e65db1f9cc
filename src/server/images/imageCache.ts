import { createHash } from 'node:crypto';
import { createDiskCache, type DiskCache } from './diskCache.ts';

/**
 * Transformed pictures, kept so each is made once: in memory (an LRU bounded by bytes) and on
 * disk (an LRU bounded by IMAGE_CACHE_MAX_MB, survives restarts, shared by the shop's processes:
 * diskCache.ts). Concurrent first requests of one picture make it once. The key names the source,
 * width, format and quality; sources are immutable (versioned URLs), so an entry never goes stale.
 * A picture found in either is answered at once: only a miss calls `make`, which is where the
 * line of cold transforms is (transformQueue.ts).
 */
export interface ImageCache {
  get(key: string, make: () => Promise<Uint8Array>): Promise<{ bytes: Uint8Array; made: boolean }>;
  /** What is kept in memory and on disk. */
  usage(): { memoryBytes: number; memoryEntries: number; diskBytes: number; diskFiles: number };
  readonly disk: Pick<DiskCache, 'learnt' | 'settled' | 'close'>;
}

export interface ImageCacheOptions {
  /** The disk budget (IMAGE_CACHE_MAX_MB). */
  diskMaxBytes: number;
  /** The memory budget; default 32 MB, ~1,500 card pictures of ~20 KB. */
  memoryMaxBytes?: number;
  /** The clock of the disk's recency (tests move it on). */
  now?: () => number;
}

const MEMORY_BYTES = 32 * 1024 * 1024;

/**
 * IMAGE_CACHE_MAX_MB when unset. All 16 variants of a demo photo are 0.28 MB (WebP 160–1200 px
 * 227 KB, AVIF 51 KB), what pages show of one far less (a card's AVIF 1–6 KB, the gallery's
 * 10–20 KB, WebP only for old browsers): 1 GB keeps every variant of ~3,700 photos and what is
 * shown of well over 10,000, the demo catalogue's 2,000 products with several photos each
 * included, and is small beside any server's disk. Past it the least used go, and are made again
 * if ever asked for.
 */
export const DEFAULT_CACHE_MAX_MB = 1024;

/** A cache in memory and under `dir`. */
export function createImageCache(
  dir: string,
  options: ImageCacheOptions = { diskMaxBytes: DEFAULT_CACHE_MAX_MB * 1024 * 1024 },
): ImageCache {
  const memoryMaxBytes = options.memoryMaxBytes ?? MEMORY_BYTES;
  const disk = createDiskCache(dir, {
    maxBytes: options.diskMaxBytes,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const memory = new Map<string, Uint8Array>();
  let memoryBytes = 0;
  const pending = new Map<string, Promise<{ bytes: Uint8Array; made: boolean }>>();

  const remember = (key: string, bytes: Uint8Array): void => {
    memory.set(key, bytes);
    memoryBytes += bytes.byteLength;
    for (const [oldKey, old] of memory) {
      if (memoryBytes <= memoryMaxBytes) break;
      memory.delete(oldKey);
      memoryBytes -= old.byteLength;
    }
  };

  const fileName = (key: string): string => createHash('sha1').update(key).digest('hex');

  const load = async (key: string, make: () => Promise<Uint8Array>): Promise<{ bytes: Uint8Array; made: boolean }> => {
    const name = fileName(key);
    const stored = await disk.read(name);
    if (stored) {
      remember(key, stored);
      return { bytes: stored, made: false };
    }
    const bytes = await make();
    remember(key, bytes);
    await disk.write(name, bytes);
    return { bytes, made: true };
  };

  return {
    get(key, make) {
      const cached = memory.get(key);
      if (cached) {
        // Most recently used last: re-insert. The disk copy is used too, or the pictures asked
        // for most (always in memory) would look the least used on disk and go first.
        memory.delete(key);
        memory.set(key, cached);
        disk.touch(fileName(key));
        return Promise.resolve({ bytes: cached, made: false });
      }
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const loaded = load(key, make).finally(() => pending.delete(key));
      pending.set(key, loaded);
      return loaded;
    },
    usage() {
      const { bytes, files } = disk.usage();
      return { memoryBytes, memoryEntries: memory.size, diskBytes: bytes, diskFiles: files };
    },
    disk,
  };
}
