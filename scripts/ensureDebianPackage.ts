/**
 * Tools the tests need from Debian (chromium for Playwright, which cannot download its browsers on
 * this network; redis-server for the several-process tests). On a fresh machine, as root, a
 * missing one is installed with apt; otherwise a clear message says what to do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDebianPackage(binary: string, pkg: string, variable: string): void {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${binary} is missing: install Debian's ${pkg} (apt-get install -y ${pkg}) or set ${variable}`);
  }
  console.log(`[test] installing Debian ${pkg}…`);
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', pkg]]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export function ensureRedis(): void {
  ensureDebianPackage(REDIS_SERVER, 'redis-server', 'REDIS_SERVER_PATH');
}
