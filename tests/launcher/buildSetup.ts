import { buildOnce } from './support.ts';

/**
 * The launcher tests' global setup: the one build they share, made before any file starts. Each
 * file still calls `buildOnce` (it then finds the build current), but two files starting at once on
 * a clean clone used to both find none and build into the same folder together, one failing on the
 * other's half-moved files (`ENOENT … dist/server/.prerender`).
 */
export default async function setup(): Promise<void> {
  await buildOnce();
}
