import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { REDIS_SERVER } from '../ensureDebianPackage.ts';
import { freeLoopbackPort } from './freePort.ts';

/**
 * A throw-away `redis-server` (Debian's package; `npm test` installs it when missing, see
 * scripts/ensureDebianPackage.ts) on a free port, without persistence.
 */

export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install -y redis-server`);
  const port = await freeLoopbackPort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`redis-server exited:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
