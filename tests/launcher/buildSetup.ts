import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './support.ts';

/**
 * The launcher tests' global setup: the storefront built into SHOP_BUILD_DIR (default `dist`, so
 * `npm test` shares the build with the e2e step) unless it is current, once per run and before any
 * file starts. Each file used to ask for it in its own `beforeAll`: on a clean clone two files
 * starting together both found no build and built into the same folder at once, one failing on the
 * other's half-moved files (`ENOENT … dist/server/.prerender`). In a child, so the runner keeps
 * answering meanwhile. SHOP_SKIP_BUILD=1 in the caller's environment serves whatever build is there.
 */
export default async function setup(): Promise<void> {
  if (process.env.SHOP_SKIP_BUILD === '1') return;
  const script = 'const { buildIfNeeded } = await import(process.argv[1]); buildIfNeeded(process.argv[2]);';
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, pathToFileURL(join(ROOT, 'scripts', 'buildIfNeeded.ts')).href, ROOT],
    { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((settle) => child.once('exit', settle));
  if (code !== 0) throw new Error(`the build failed (exit code ${String(code)}):\n${output}`);
}
