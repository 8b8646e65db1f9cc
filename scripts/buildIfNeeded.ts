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

/**
 * Where the build goes: `dist`, or `SHOP_BUILD_DIR` (relative to the root). Test runs on other
 * ports build apart (playwright.config.ts), so two runs in one checkout never overwrite the build
 * the other one is serving.
 */
export function buildDir(root: string): string {
  return join(root, process.env.SHOP_BUILD_DIR ?? 'dist');
}

/** Runs `astro build` when the build is missing or older than the sources. Returns whether it built. */
export function buildIfNeeded(root: string): boolean {
  const dist = buildDir(root);
  const stampFile = join(dist, '.source-fingerprint');
  const fingerprint = sourceFingerprint(root);
  const entry = join(dist, 'server', 'entry.mjs');
  if (existsSync(entry) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return false;
  console.log('[start] building the storefront (sources changed since the last build)…');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--outDir', dist],
    {
      cwd: root,
      stdio: 'inherit',
      // A build is always for production, whatever the caller runs under: Vite inlines NODE_ENV
      // into the client bundle, so `test` (vitest) or `development` would ship React's dev build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`astro build failed with exit code ${String(result.status)}`);
  writeFileSync(stampFile, fingerprint);
  return true;
}
