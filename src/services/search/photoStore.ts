import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where generated photos are kept once made. Rendering one takes a few hundred milliseconds and
 * 2,000 products × several pictures would take too long and too much disk at seed time, so each
 * photo is made on its first request and then read from disk (`dir`, under the service's DATA_DIR)
 * or, for an in-memory database, from a small memory LRU. Concurrent first requests of one photo
 * render it once.
 */
export interface PhotoStore {
  /** The stored bytes of `name`, made by `render` the first time. */
  get(name: string, render: () => Promise<Uint8Array>): Promise<Uint8Array>;
}

/** In memory: enough for a page's worth of photos (~300 KB each) without growing without bound. */
const MEMORY_ENTRIES = 48;

/** A store on disk in `dir`, or only in memory when `dir` is null. */
export function createPhotoStore(dir: string | null): PhotoStore {
  const memory = new Map<string, Uint8Array>();
  const pending = new Map<string, Promise<Uint8Array>>();
  let dirReady: Promise<unknown> | undefined;

  const remember = (name: string, bytes: Uint8Array): Uint8Array => {
    memory.delete(name);
    memory.set(name, bytes);
    const oldest = memory.keys().next();
    if (memory.size > MEMORY_ENTRIES && !oldest.done) memory.delete(oldest.value);
    return bytes;
  };

  const load = async (name: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> => {
    if (dir === null) return remember(name, await render());
    const file = join(dir, `${name}.jpg`);
    const stored = await readFile(file).catch(() => null);
    if (stored) return new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength);
    const bytes = await render();
    dirReady ??= mkdir(dir, { recursive: true });
    await dirReady;
    // Write then rename: a reader never sees half a file, even with several processes.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
    return bytes;
  };

  return {
    get(name, render) {
      const cached = memory.get(name);
      if (cached) return Promise.resolve(remember(name, cached));
      const inFlight = pending.get(name);
      if (inFlight) return inFlight;
      const made = load(name, render).finally(() => pending.delete(name));
      pending.set(name, made);
      return made;
    },
  };
}
