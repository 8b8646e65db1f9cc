import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freeLoopbackPort } from './freePort.ts';

/**
 * A second storefront for the bench (`scripts/start.ts` in a child process, serving the current
 * build) on the bench shop's services (or, with `servicesOf` null, its own embedded ones on a fresh
 * seeded data folder), with `env` on top (a proxy for one service, WORKERS, a port …).
 */

const root = resolve(import.meta.dirname, '..', '..');

export interface ChildShop {
  url: string;
  stop(): Promise<void>;
}

export async function startChildShop(servicesOf: string | null, env: Record<string, string>): Promise<ChildShop> {
  const port = env['PORT'] ?? String(await freeLoopbackPort());
  const dataDir = mkdtempSync(join(tmpdir(), 'bbs-bench-child-'));
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: port,
      DATA_DIR: dataDir,
      SHOP_SKIP_BUILD: '1',
      ...(servicesOf === null
        ? {}
        : {
            SEARCH_API_URL: `${servicesOf}/svc/search`,
            USER_API_URL: `${servicesOf}/svc/user`,
            CONTENT_API_URL: `${servicesOf}/svc/content`,
            ORDER_API_URL: `${servicesOf}/svc/order`,
            DELIVERY_API_URL: `${servicesOf}/svc/delivery`,
          }),
      ...env,
    },
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((ready, fail) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('shop ready at')) ready();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then(() => fail(new Error(`the bench's second storefront exited:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
