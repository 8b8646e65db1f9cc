import cluster from 'node:cluster';
import { z } from 'zod';
import { SERVICE_NAMES, SERVICE_URL_ENV } from '../../src/api/config.ts';
import { startServiceHost, startShop } from '../../src/server/launcher/httpServer.ts';
import { describeLaunch } from '../../src/server/launcher/launchPlan.ts';
import { serveMetricsInPrimary } from '../../src/server/metrics/metricsEndpoint.ts';
import type { LaunchPlan } from '../../src/server/launcher/launchPlan.ts';

/**
 * `WORKERS=N npm start` (issue 13): N storefront processes on one port (node:cluster), sharing one
 * Redis (`REDIS_URL`) for sessions and route-cache invalidations. The primary process owns the
 * embedded services (one writer per SQLite database, one copy of each in-memory index) on a
 * loopback port; the workers reach them as real services and forward the browser's `/svc/...`.
 */

const listeningSchema = z.object({ listening: z.string() });
const SERVICES_ORIGIN = 'SHOP_SERVICES_ORIGIN';

interface Settings {
  host: string;
  port: number;
  dataDir: string;
  distDir: string;
  workers: number;
  /** How long a SIGTERM waits for the requests in flight (scripts/start.ts SHUTDOWN_GRACE_SECONDS). */
  graceMs: number;
  /** How long a SIGTERM keeps serving with /readyz at 503 first (SHUTDOWN_DELAY_SECONDS). */
  notReadyMs: number;
}

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** In a worker: serves the build with every service reached over HTTP, then tells the primary. */
export async function runWorker(settings: Settings, plan: LaunchPlan): Promise<void> {
  const shop = await startShop({
    host: settings.host,
    port: settings.port,
    dataDir: settings.dataDir,
    distDir: settings.distDir,
    plan,
    servicesOrigin: process.env[SERVICES_ORIGIN],
    // The primary describes the launch once.
    log: () => undefined,
  });
  process.send?.({ listening: shop.url });
  process.once('SIGTERM', () => void shop.close(settings.graceMs, settings.notReadyMs).then(() => process.exit(0)));
}

/** In the primary: the services, then the workers; resolves with the shop's URL once all listen. */
export async function runPrimary(settings: Settings, plan: LaunchPlan): Promise<string> {
  const log = (line: string) => console.log(`[start] ${line}`);
  for (const line of describeLaunch(plan, settings.dataDir)) log(line);
  let shopUrl = '';
  // Before the services open, so what they count (orders, SMS codes, rate limits) is kept.
  serveMetricsInPrimary(plan.metricsToken);
  const host = await startServiceHost({ plan, dataDir: settings.dataDir, shopUrl: () => shopUrl, log });
  const env: Record<string, string> = {
    [SERVICES_ORIGIN]: host.origin,
    // Every worker must accept the revalidations the services send with the primary's secret.
    REVALIDATE_SECRET: plan.revalidateSecret.value,
    SHOP_SKIP_BUILD: '1',
  };
  for (const name of plan.embedded) env[SERVICE_URL_ENV[name]] = `${host.origin}/svc/${name}`;

  let stopping = false;
  const fork = () => cluster.fork(env);
  const listening = new Promise<string>((resolve) => {
    let ready = 0;
    cluster.on('message', (_worker, message: unknown) => {
      const parsed = listeningSchema.safeParse(message);
      if (!parsed.success) return;
      ready += 1;
      if (ready === settings.workers) resolve(parsed.data.listening);
    });
  });
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`[start] worker ${worker.process.pid ?? '?'} exited (${code}); starting another`);
    fork();
  });
  for (let i = 0; i < settings.workers; i++) fork();
  shopUrl = await listening;
  log(
    `${settings.workers} worker processes serve the shop; the services run in this process (${SERVICE_NAMES.filter((name) => plan.embedded.includes(name)).join(', ') || 'none'})`,
  );

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // The workers drain first: their requests in flight still need the services.
      const exits = Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.kill('SIGTERM');
          }),
      );
      const deadline = new Promise<void>((resolve) =>
        setTimeout(resolve, settings.notReadyMs + settings.graceMs + 5_000).unref(),
      );
      void Promise.race([Promise.all(exits), deadline])
        .then(() => host.close())
        .then(() => process.exit(0));
    });
  }
  return shopUrl;
}
