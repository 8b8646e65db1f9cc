/**
 * `npm start`: checks the configuration, builds when needed, then serves the shop on HOST:PORT
 * (default 127.0.0.1:4321) with the embedded services that have no `*_API_URL`, creating and
 * seeding their databases in DATA_DIR (default ./data) on first start. A configuration it cannot
 * run with (a malformed service URL; in production, a missing secret) stops it with exit code 2
 * before anything is built, opened or listened on.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { buildDir, buildIfNeeded } from './buildIfNeeded.ts';
import { startShop } from '../src/server/launcher/httpServer.ts';
import { ConfigError, planLaunch } from '../src/server/launcher/launchPlan.ts';
import { isClusterWorker, runPrimary, runWorker } from './lib/workers.ts';
import type { LaunchPlan } from '../src/server/launcher/launchPlan.ts';
import { LOG_FORMATS, LOG_LEVELS } from '../src/log/serverLog.ts';
import { errorDsnSchema } from '../src/server/errors/errorDsn.ts';

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  // 0 = any free port (the ready line says which).
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z.string().min(1).default('data'),
  // Serve the build as it is, without comparing it with the sources: for an image built ahead of
  // time, or tests that share one build while the sources keep changing.
  SHOP_SKIP_BUILD: z.enum(['0', '1']).default('0'),
  // Storefront processes on the one port; more than one needs REDIS_URL (scripts/lib/workers.ts).
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  REDIS_URL: z.string().optional(),
  // SIGTERM: how long the requests in flight may take to finish before the connections close.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  // SIGTERM: how long /readyz answers 503 while the shop still serves, before it stops taking
  // connections, so a load balancer that polls it stops sending first (docs/operations.md).
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(120).default(0),
  // What the logger writes (src/log/serverLog.ts); checked here so a typo stops the start.
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
  // Where error reports go (src/server/errors/serverReporting.ts); a malformed DSN stops the start.
  SENTRY_DSN: errorDsnSchema.optional(),
});

function refuse(message: string): never {
  console.error(`[start] ${message}`);
  process.exit(2);
}

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) refuse(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
const env = parsed.data;
const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(env.DATA_DIR);

function readPlan(): LaunchPlan {
  try {
    return planLaunch(process.env);
  } catch (error) {
    if (error instanceof ConfigError) refuse(error.message);
    throw error;
  }
}
const plan = readPlan();

if (env.WORKERS > 1 && !env.REDIS_URL?.trim()) {
  refuse(`WORKERS=${env.WORKERS} needs REDIS_URL: the processes share sessions and cache invalidations through Redis`);
}

const dist = buildDir(root);
const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
const notReadyMs = env.SHUTDOWN_DELAY_SECONDS * 1000;
const settings = { host: env.HOST, port: env.PORT, dataDir, distDir: dist, workers: env.WORKERS, graceMs, notReadyMs };

/** Builds when the sources changed, unless told to serve the build as it is. */
function ensureBuild(): void {
  if (env.SHOP_SKIP_BUILD === '1') {
    if (!existsSync(join(dist, 'server', 'entry.mjs'))) refuse(`SHOP_SKIP_BUILD=1 but there is no build in ${dist}`);
  } else {
    buildIfNeeded(root);
  }
}

if (isClusterWorker()) {
  // The primary built (or checked) the build before forking.
  await runWorker(settings, plan);
} else if (env.WORKERS > 1) {
  ensureBuild();
  const url = await runPrimary(settings, plan);
  console.log(`[start] shop ready at ${url}/ (Ukrainian: ${url}/ua/)`);
} else {
  await startSingle();
}

async function startSingle(): Promise<void> {
  ensureBuild();
  const shop = await startShop({ host: env.HOST, port: env.PORT, dataDir, distDir: dist, plan });
  console.log(`[start] shop ready at ${shop.url}/ (Ukrainian: ${shop.url}/ua/)`);

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Draining: no new connection, the requests in flight finish (up to the grace), then exit.
      void shop.close(graceMs, notReadyMs).then(() => process.exit(0));
    });
  }
}
