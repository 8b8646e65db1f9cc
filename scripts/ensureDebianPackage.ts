/**
 * Tools the tests need from Debian (chromium for Playwright, which cannot download its browsers on
 * this network; redis-server for the several-process tests; varnish and varnish-modules for the
 * edge cache). On a fresh machine, as root, a
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

export const VARNISHD = process.env.VARNISHD_PATH ?? '/usr/sbin/varnishd';
/** varnish-modules' xkey, which deploy/varnish/shop.vcl imports (Debian's path on amd64). */
const XKEY_VMOD = '/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so';

/** Varnish and its modules, for the edge cache in front of the shop (tests/launcher/varnish.test.ts). */
export function ensureVarnish(): void {
  ensureDebianPackage(VARNISHD, 'varnish', 'VARNISHD_PATH');
  if (!process.env.VARNISHD_PATH) ensureDebianPackage(XKEY_VMOD, 'varnish-modules', 'VARNISHD_PATH');
}
