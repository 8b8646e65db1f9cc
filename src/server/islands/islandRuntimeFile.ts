import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { ISLAND_RUNTIME, ISLAND_RUNTIME_PATH } from './islandRuntime.ts';

/**
 * Writes Astro's island runtime as a file of the client build (islandRuntime.ts says why). Listed
 * before the precompression in astro.config.mjs, so it gets its brotli and gzip copies too.
 */
export function islandRuntimeFile(): AstroIntegration {
  return {
    name: 'bbs:island-runtime-file',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const file = join(fileURLToPath(dir), ISLAND_RUNTIME_PATH);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, ISLAND_RUNTIME);
      },
    },
  };
}
