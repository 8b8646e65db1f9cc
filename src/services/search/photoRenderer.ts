import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { z } from 'zod';
import type { ImageSpec } from './productImage.ts';

/**
 * Renders demo photos on worker threads (photoWorker.ts). One photo is ~200 ms of WebAssembly and
 * pixel loops; on the service's own thread that is 200 ms in which the embedded services (and,
 * embedded, the whole shop) answer nobody, and a catalogue page with cold photos would queue its
 * HTML behind twenty of them. Threads leave one core to the event loop; idle ones exit after a
 * minute, so a process that made its photos holds no threads (and tests can end).
 */

const photoBytes = z.instanceof(Uint8Array);

let pool: Piscina | undefined;

/** The full-size JPEG of one picture, rendered off the event loop. */
export async function renderPhotoOffThread(name: string, spec: ImageSpec): Promise<Uint8Array> {
  pool ??= new Piscina({
    filename: new URL('./photoWorker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
  });
  return photoBytes.parse(await pool.run({ name, spec }));
}
