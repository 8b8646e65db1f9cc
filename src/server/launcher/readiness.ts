import type http from 'node:http';
import { Redis } from 'ioredis';
import { SERVICE_NAMES, type ServiceBaseUrls } from '../../api/config.ts';

/**
 * `/healthz` and `/readyz` (issue 26), answered by the launcher before anything else, never
 * cached. Alive is "this process answers". Ready is what a load balancer or Varnish asks before
 * sending shoppers: not draining, the embedded databases open, every service that runs elsewhere
 * answering its `/health`, Redis answering PING, each within a short budget. The answer names
 * the checks, never an address. A report is kept for a second, so a client polling `/readyz` in a
 * loop costs the services one check a second.
 */

/** One dependency: resolves when it is fine, rejects (or times out) when not. */
export interface ReadinessCheck {
  name: string;
  run(signal: AbortSignal): Promise<void>;
}

export interface ReadinessReport {
  ready: boolean;
  status: 'ready' | 'not ready';
  /** Per check: `ok`, or why not. */
  checks: Record<string, string>;
}

const CHECK_BUDGET_MS = 1000;
const REPORT_TTL_MS = 1000;

async function runCheck(check: ReadinessCheck): Promise<string> {
  const signal = AbortSignal.timeout(CHECK_BUDGET_MS);
  const timedOut = new Promise<string>((resolve) =>
    signal.addEventListener('abort', () => resolve(`no answer in ${CHECK_BUDGET_MS} ms`), { once: true }),
  );
  const outcome = check.run(signal).then(
    () => 'ok',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  return Promise.race([outcome, timedOut]);
}

/** Runs every check side by side. */
export async function readinessReport(checks: readonly ReadinessCheck[]): Promise<ReadinessReport> {
  const results = await Promise.all(checks.map(async (check) => [check.name, await runCheck(check)] as const));
  const ready = results.every(([, result]) => result === 'ok');
  return { ready, status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) };
}

/** The services that run elsewhere (a `*_API_URL`, or the primary's host for a worker): their `/health`. */
export function remoteServiceChecks(baseUrls: ServiceBaseUrls): ReadinessCheck[] {
  return SERVICE_NAMES.filter((name) => !baseUrls[name].embedded).map((name) => ({
    name,
    async run(signal) {
      const answer = await fetch(`${baseUrls[name].url}/health`, { signal });
      await answer.body?.cancel();
      if (!answer.ok) throw new Error(`its health answered ${answer.status}`);
    },
  }));
}

/** Redis (REDIS_URL): one connection of its own, made on the first check, never queueing commands. */
export function redisCheck(url: string): ReadinessCheck & { close(): void } {
  let client: Redis | undefined;
  return {
    name: 'redis',
    async run() {
      client ??= new Redis(url, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: CHECK_BUDGET_MS,
        // A ready check reconnects on its next call; it must not hold a retry loop of its own.
        retryStrategy: () => null,
      });
      client.on('error', () => undefined);
      if (client.status === 'wait' || client.status === 'end') await client.connect();
      if ((await client.ping()) !== 'PONG') throw new Error('PING was not answered PONG');
    },
    close() {
      client?.disconnect();
    },
  };
}

/** The `/healthz` and `/readyz` answers; `report` is asked at most once a second. */
export function probes(report: () => Promise<ReadinessReport>) {
  let kept: { at: number; report: Promise<ReadinessReport> } | undefined;
  const answer = (res: http.ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  return {
    /** Answers the probe `path` names and returns true; false for any other path. A stopping process checks nothing. */
    handle(path: string, res: http.ServerResponse, draining: boolean): boolean {
      if (path === '/healthz') {
        answer(res, 200, { status: 'alive' });
        return true;
      }
      if (path !== '/readyz') return false;
      if (draining) {
        answer(res, 503, { status: 'draining', checks: {} });
        return true;
      }
      const now = Date.now();
      if (!kept || now - kept.at >= REPORT_TTL_MS) kept = { at: now, report: report() };
      void kept.report.then((r) => answer(res, r.ready ? 200 : 503, { status: r.status, checks: r.checks }));
      return true;
    },
  };
}
