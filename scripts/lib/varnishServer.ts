import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { VARNISHD } from '../ensureDebianPackage.ts';
import { freeLoopbackPort } from './freePort.ts';

/**
 * A throw-away `varnishd` (Debian's, with varnish-modules) running the repository's own
 * deploy/varnish/shop.vcl, its backend pointed at `backendPort`, on `listenPort` (else a free
 * one), in the foreground.
 */

export const SHOP_VCL = resolve(import.meta.dirname, '..', '..', 'deploy', 'varnish', 'shop.vcl');

/** The VCL as shipped, with the backend's port changed: what an operator edits, nothing else. */
export function vclFor(backendPort: number): string {
  const vcl = readFileSync(SHOP_VCL, 'utf8');
  const pointed = vcl.replace(/\.port = "\d+";/, `.port = "${backendPort}";`);
  if (pointed === vcl) throw new Error(`${SHOP_VCL} names no backend port to point at the shop`);
  return pointed;
}

export async function startVarnish(
  backendPort: number,
  listenPort?: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bbs-varnish-'));
  // varnishd compiles and runs the VCL as its own unprivileged user, which must read it.
  chmodSync(dir, 0o755);
  const vclFile = join(dir, 'shop.vcl');
  writeFileSync(vclFile, vclFor(backendPort), { mode: 0o644 });
  const port = listenPort ?? (await freeLoopbackPort());
  const child = spawn(
    VARNISHD,
    [
      '-F',
      '-n',
      join(dir, 'work'),
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      vclFile,
      '-s',
      'malloc,64m',
      '-p',
      'vcc_allow_inline_c=off',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Ready when it answers on its port (it prints nothing reliable to wait for).
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited:\n${output}`);
    const answered = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`varnishd did not listen in 20 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
