/**
 * `npm start` builds only when the sources changed since the last build: a fingerprint of every
 * input file (path, size, mtime) is kept next to the build.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) yield* files(join(path, entry.name));
}

export function sourceFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of [...files(join(root, input))].sort()) {
      const stat = statSync(file);
      hash.update(`${relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** Runs `astro build` when dist/ is missing or older than the sources. Returns whether it built. */
export function buildIfNeeded(root: string): boolean {
  const stampFile = join(root, 'dist', '.source-fingerprint');
  const fingerprint = sourceFingerprint(root);
  const entry = join(root, 'dist', 'server', 'entry.mjs');
  if (existsSync(entry) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return false;
  console.log('[start] building the storefront (sources changed since the last build)…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`astro build failed with exit code ${String(result.status)}`);
  writeFileSync(stampFile, fingerprint);
  return true;
}
