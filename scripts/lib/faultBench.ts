import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFaultProxy } from './faultProxy.ts';
import type { FaultMode } from './faultProxy.ts';
import { freeLoopbackPort } from './freePort.ts';

/**
 * The fault cases of `npm run bench` (issue 13): a second storefront process whose search service
 * is the bench shop's, behind a fault-injecting proxy. Per failure: the status and time of a page
 * that was cached, and of one that must be rendered.
 */

const root = resolve(import.meta.dirname, '..', '..');

export async function faultBench(shopUrl: string, cachedPath: string): Promise<void> {
  const proxy = await startFaultProxy(`${shopUrl}/svc/search`);
  const port = await freeLoopbackPort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bbs-bench-faults-'));
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SHOP_SKIP_BUILD: '1',
      SEARCH_API_URL: proxy.url,
      USER_API_URL: `${shopUrl}/svc/user`,
      CONTENT_API_URL: `${shopUrl}/svc/content`,
      ORDER_API_URL: `${shopUrl}/svc/order`,
      DELIVERY_API_URL: `${shopUrl}/svc/delivery`,
    },
  });
  await new Promise<void>((ready, fail) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('shop ready at')) ready();
    });
    child.once('exit', () => fail(new Error(`the fault-bench storefront exited:\n${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const timed = async (path: string) => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    return `${response.status} in ${(performance.now() - t0).toFixed(0)} ms`;
  };
  console.log('\nFaults of the search service (a second storefront behind a fault-injecting proxy)');
  console.log('failure  | cached page            | page to render');
  const modes: FaultMode[] = ['down', 'hang', 'error', 'garbage'];
  for (const [index, mode] of modes.entries()) {
    proxy.mode = 'pass';
    await fetch(`${base}${cachedPath}`);
    proxy.mode = mode;
    const cached = await timed(cachedPath);
    const fresh = await timed(`/odezhda/page-${index + 2}`);
    console.log(`${mode.padEnd(8)} | ${cached.padEnd(22)} | ${fresh}`);
  }
  child.kill('SIGTERM');
  await proxy.close();
  rmSync(dataDir, { recursive: true, force: true });
}
