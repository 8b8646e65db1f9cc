import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { z } from 'zod';
import type { ImageFormat, ImageWidth } from '../../domain/media/responsiveImage.ts';
import type { ResizeOutcome } from './resizeEncode.ts';

/**
 * Image transforms on worker threads. A WebP of a 1200 px photo is ~0.1–0.3 s of WebAssembly; on
 * the event loop that time blocks every page of the process, so a catalogue with cold pictures
 * held up its own HTML and everyone else's. The launcher (httpServer.ts, run by Node) starts the
 * pool and hands it to `/img` through `globalThis`, like the embedded services (src/api/embedded.ts):
 * the Astro bundle cannot start a worker from a source file. Threads leave one core to the event
 * loop and exit after a minute idle.
 */

export type TransformRunner = (
  original: ArrayBuffer,
  width: ImageWidth,
  format: ImageFormat,
  quality: number,
) => Promise<ResizeOutcome>;

const REGISTRY_KEY = Symbol.for('bbs.imageTransformPool');

/** Threads of the pool: every core but the event loop's. */
export const TRANSFORM_THREADS = Math.max(1, availableParallelism() - 1);

/** The worker answers the bytes themselves (moved) or `{ problem }`. */
const workerAnswerSchema = z.union([
  z.instanceof(Uint8Array).transform((bytes) => ({ bytes })),
  z.object({ problem: z.string() }),
]);

/** The registered runner, or undefined when no pool runs in this process (`/img` then transforms in line). */
export function transformRunner(): TransformRunner | undefined {
  const value: unknown = Reflect.get(globalThis, REGISTRY_KEY);
  if (typeof value !== 'function') return undefined;
  return (...job) => Promise.resolve(Reflect.apply(value, undefined, job)).then((out) => workerAnswerSchema.parse(out));
}

/** Starts the pool and registers it; the returned function stops it (and unregisters). */
export function startTransformPool(): () => Promise<void> {
  const pool = new Piscina({
    filename: new URL('./transformWorker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: TRANSFORM_THREADS,
    idleTimeout: 60_000,
  });
  const run: TransformRunner = (original, width, format, quality) =>
    // The original's buffer is moved to the worker: the caller has no more use for it.
    pool.run({ original, width, format, quality }, { transferList: [original] });
  Reflect.set(globalThis, REGISTRY_KEY, run);
  return async () => {
    if (Reflect.get(globalThis, REGISTRY_KEY) === run) Reflect.deleteProperty(globalThis, REGISTRY_KEY);
    await pool.destroy();
  };
}
