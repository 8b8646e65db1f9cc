/**
 * Composition root of the running shop: one Node HTTP server that answers `/svc/<service>/...`
 * from the embedded reference services and everything else from the Astro build. It is the only
 * storefront-side code that imports `src/services`; pages, stores and `src/api` reach the services
 * through their HTTP contract (in-process via the registry in src/api/embedded.ts).
 *
 * Only the services without a `*_API_URL` run here (`planLaunch`): with all five set, no database
 * is opened, nothing is seeded and `/svc/...` answers a JSON 404.
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import { createSomeServices, revalidateOverHttp } from '../../services/index.ts';
import type { SomeServices } from '../../services/index.ts';
import { anyEmbedded } from '../../api/config.ts';
import { registerEmbeddedFetch } from '../../api/embedded.ts';
import type { ServiceErrorBody } from '../../api/schemas/common.ts';
import { clientAddressOf } from './clientAddress.ts';
import { trackRequests } from './drain.ts';
import { probes, readinessReport, redisCheck, remoteServiceChecks, type ReadinessCheck } from './readiness.ts';
import {
  CLIENT_ADDRESS_HEADER,
  dropLauncherHeaders,
  replaceRequestHeader,
  UNKNOWN_HOST_HEADER,
} from './launcherHeaders.ts';
import { describeLaunch, planLaunch } from './launchPlan.ts';
import type { LaunchPlan } from './launchPlan.ts';
import { baseSecurityHeaders, fallbackCsp } from './securityHeaders.ts';
import { servedWithRequestLog } from './requestLog.ts';
import { forwardToServices } from './serviceProxy.ts';
import { serverLogger, withRequestId, requestIdFrom } from '../../log/serverLog.ts';
import { startErrorReporting, stopErrorReporting } from '../errors/serverReporting.ts';
import { loadAssets, serveAsset } from './staticAssets.ts';
import { createWireServer } from '../cache/wireServer.ts';
import { registerWireInvalidation } from '../cache/wireInvalidation.ts';
import { startTransformPool } from '../images/transformPool.ts';
import { isSiteHost } from '../request/siteOrigin.ts';
import { DEMO_ROBOTS, registerDeployment } from '../request/deployment.ts';
import { serveMetrics } from '../metrics/metricsEndpoint.ts';

export interface ShopOptions {
  host: string;
  port: number;
  /** Where the embedded services keep their databases; untouched when none runs. */
  dataDir: string;
  /** Directory of the Astro build (contains server/entry.mjs). */
  distDir: string;
  /** What to run; by default read from `process.env` (throws ConfigError like `planLaunch`). */
  plan?: LaunchPlan;
  /** Start-up lines (default: a plain `[start] …` line on stdout, which scripts and tests read). */
  log?: (line: string) => void;
  /** A worker of a several-process shop: `/svc/...` is forwarded to the primary's services here. */
  servicesOrigin?: string | undefined;
}

export interface RunningShop {
  url: string;
  /**
   * Turns `/readyz` to 503 and keeps serving for `notReadyMs` (for a load balancer to notice),
   * then stops taking connections, waits up to `graceMs` for the requests in flight (0: none
   * waits), then closes every connection, the image workers and the databases.
   */
  close(graceMs?: number, notReadyMs?: number): Promise<void>;
}

/**
 * The site's origin when SITE_URL is not set (outside production only): where this server
 * listens, with a wildcard address spelled `localhost` (a browser cannot visit 0.0.0.0).
 */
function defaultSiteUrl(host: string, port: number): string {
  const named = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${named.includes(':') ? `[${named}]` : named}:${port}`;
}

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** Upper bound of the wire cache's uncompressed page bytes (compressed copies add ~25 %). */
const WIRE_CACHE_BYTES = 256 * 1024 * 1024;
type NodeMiddleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/**
 * Whether the visitor's connection is HTTPS, for HSTS: this server's own TLS, or a site the
 * operator declared https (SITE_URL) behind a proxy that terminates TLS. A client's own
 * X-Forwarded-Proto is not asked.
 */
function isHttps(req: http.IncomingMessage, origin: string): boolean {
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  return encrypted || origin.startsWith('https:');
}

function hasHandler(module: unknown): module is { handler: NodeHandler } {
  return typeof module === 'object' && module !== null && 'handler' in module && typeof module.handler === 'function';
}

/** A path whose percent-encoding is broken is a page that cannot exist: answer the 404 page, not 400/500. */
function isDecodable(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

/** What `/svc/...` answers when no embedded service runs: the contract's JSON 404, not a page. */
function noEmbeddedService(res: http.ServerResponse, path: string): void {
  const body: ServiceErrorBody = {
    code: 404,
    message: `No embedded service runs in this shop (every *_API_URL is set), so nothing answers ${path}`,
  };
  res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/**
 * Opens (and on first start seeds) the services the plan runs here; null when every service is
 * real. Their changes reach the route cache the way an external CMS or ERP would: through the
 * shop's revalidation endpoint, over HTTP, with the shared secret.
 */
/** The embedded services' databases, for `/readyz`. */
function databasesCheck(services: SomeServices): ReadinessCheck {
  return {
    name: 'databases',
    run: () =>
      services.databasesReady()
        ? Promise.resolve()
        : Promise.reject(new Error('a database is closed or does not answer')),
  };
}

async function openServices(
  plan: LaunchPlan,
  dataDir: string,
  shopUrl: () => string,
  log: (line: string) => void,
): Promise<SomeServices | null> {
  // Nothing is opened, seeded or created for services that run elsewhere.
  if (!anyEmbedded(plan.baseUrls)) return null;
  const revalidate = revalidateOverHttp(shopUrl, plan.revalidateSecret.value);
  const services = await createSomeServices(plan.embedded, {
    dataDir,
    editorToken: plan.editorToken?.value,
    onContentChange: revalidate,
    searchAdminToken: plan.searchAdminToken?.value,
    orderAdminToken: plan.orderAdminToken?.value,
    // A price or stock change refreshes the pages that show the product.
    onProductChange: revalidate,
    userServiceToken: plan.userServiceToken?.value,
    outside: plan.outside,
    siteUrl: plan.siteUrl ?? undefined,
  });
  if (services.seeded) log(`seeded the demo shop into the empty databases of: ${services.seeded.seeded.join(', ')}`);
  return services;
}

/**
 * The embedded services of a shop that runs several worker processes (`WORKERS`, scripts/start.ts):
 * opened once, in the primary process, on a loopback port of their own (`/svc/<service>/...`), so
 * one process owns each SQLite database and its in-memory indexes. The workers reach them as real
 * services and forward the browser's `/svc/...` calls to them.
 */
export async function startServiceHost(options: {
  plan: LaunchPlan;
  dataDir: string;
  /** Where the shop answers, for the services' revalidation calls (any worker will do). */
  shopUrl: () => string;
  log: (line: string) => void;
}): Promise<{ origin: string; close(): Promise<void> }> {
  const services = await openServices(options.plan, options.dataDir, options.shopUrl, options.log);
  const listener = services ? getRequestListener(services.fetch) : null;
  serverLogger();
  await startErrorReporting();
  // The worker that forwarded the call logged its request line; lines logged here carry its id.
  const server = http.createServer((req, res) =>
    withRequestId(requestIdFrom(req.headers['x-request-id']), () => {
      if (listener) void listener(req, res);
      else noEmbeddedService(res, (req.url ?? '/').split('?')[0] ?? '/');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services?.close();
      await stopErrorReporting();
    },
  };
}

export async function startShop(options: ShopOptions): Promise<RunningShop> {
  const plan = options.plan ?? planLaunch(process.env);
  // The start-up lines stay plain text: operators' scripts and the launcher tests read them.
  const log = options.log ?? ((line: string) => process.stdout.write(`[start] ${line}\n`));
  const logger = serverLogger();
  await startErrorReporting();
  for (const line of describeLaunch(plan, options.dataDir)) log(line);
  // Before the services open and the build loads, so nothing they record at start is lost.
  const metrics = serveMetrics(plan.metricsToken);
  // The storefront reads the secret from the environment (astro:env) when the build loads, and
  // the embedded services send it: a generated one has to be there before the import below.
  process.env.REVALIDATE_SECRET = plan.revalidateSecret.value;
  // Where the storefront keeps what must outlive a restart (the sessions' database), read by the
  // build the same way.
  process.env.DATA_DIR = options.dataDir;
  // Where the storefront reads the built stylesheets to inline a page's first-screen CSS.
  process.env.CLIENT_DIR = `${options.distDir}/client`;

  // Known once the server listens; an editor cannot save before that.
  let selfUrl = '';
  const services = await openServices(plan, options.dataDir, () => selfUrl, log);
  if (services) registerEmbeddedFetch(services.fetch);
  // The node adapter would otherwise start its own server on import.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(`${options.distDir}/server/entry.mjs`).href;
  const astro: unknown = await import(entry);
  if (!hasHandler(astro)) {
    services?.close();
    throw new Error(`${entry} does not export the node adapter's handler; rebuild with \`npm run build\``);
  }
  const serviceListener = services ? getRequestListener(services.fetch) : null;
  // gzip/brotli for text (HTML, CSS, JS, SVG, JSON) above 1 KB: on a slow phone the bytes on the
  // wire matter more than the server's microseconds. A proxy in front may do it instead.
  // Its types ask for Express's request/response; at run time it needs only Node's own objects,
  // so it is applied as a plain function rather than cast to a Node middleware.
  const compressor = compression({ threshold: 1024 });
  const compress: NodeMiddleware = (req, res, next) => {
    Reflect.apply(compressor, undefined, [req, res, next]);
  };

  // Finished public pages as wire bytes, compressed once per encoding (src/server/cache/wireCache.ts);
  // the revalidation endpoint inside the build drops them through the registry.
  const wire = createWireServer({ maxBytes: WIRE_CACHE_BYTES, sharedCacheHeaders: plan.sharedCacheHeaders });
  registerWireInvalidation((tags, paths) => wire.invalidate(tags, paths));
  // /img's pixel work on worker threads (src/server/images/transformPool.ts).
  const stopTransforms = startTransformPool();
  const assets = loadAssets(`${options.distDir}/client`);
  const renderPage = (req: http.IncomingMessage, res: http.ServerResponse) => {
    void astro.handler(req, res);
  };

  // Decided once the server listens (SITE_URL, or the address it listens on).
  let origin = plan.siteUrl ?? defaultSiteUrl(options.host, options.port);
  /**
   * What this launcher decides once per request, before anything else reads it (DESIGN §7): the
   * client's address (TRUST_PROXY), set as the only X-Forwarded-For the services see and as the
   * storefront's CLIENT_ADDRESS_HEADER; and whether the Host is the site's. A client's own copies
   * of these headers are dropped first.
   */
  const decide = (req: http.IncomingMessage): { address: string; knownHost: boolean } => {
    const address = clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], plan.trustProxy);
    const knownHost = isSiteHost(req.headers.host, origin);
    dropLauncherHeaders(req);
    replaceRequestHeader(req, 'x-forwarded-for', address);
    replaceRequestHeader(req, CLIENT_ADDRESS_HEADER, address);
    if (!knownHost) replaceRequestHeader(req, UNKNOWN_HOST_HEADER, '1');
    return { address, knownHost };
  };

  // /healthz and /readyz (src/server/launcher/readiness.ts).
  const redisUrl = process.env['REDIS_URL']?.trim();
  const redis = redisUrl ? redisCheck(redisUrl) : null;
  const checks: ReadinessCheck[] = [
    ...(services ? [databasesCheck(services)] : []),
    ...remoteServiceChecks(plan.baseUrls),
    ...(redis ? [redis] : []),
  ];
  const probe = probes(() => readinessReport(checks));
  let stopping = false;

  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    for (const [name, value] of Object.entries(baseSecurityHeaders(isHttps(req, origin)))) res.setHeader(name, value);
    if (probe.handle((req.url ?? '/').split('?')[0] ?? '/', res, stopping)) return;
    if (metrics.handle((req.url ?? '/').split('?')[0] ?? '/', req, res)) return;
    // Astro sets its own policy (with script hashes) on pages; this one covers files and JSON.
    res.setHeader('Content-Security-Policy', fallbackCsp);
    // A public demo runs sandboxes anyone can use: no search engine may keep any of it.
    if (plan.demo) res.setHeader('X-Robots-Tag', DEMO_ROBOTS);
    const url = req.url ?? '/';
    if (!isDecodable(url)) {
      req.url = url.startsWith('/ua/') ? '/ua/__malformed-url__' : '/__malformed-url__';
    }
    if (serveAsset(assets, req, res)) return;
    const { knownHost } = decide(req);
    // /svc/ is the services' namespace even when none runs here: a client of the contract (an
    // island, a script) gets the contract's JSON error, never an HTML page.
    if (!url.startsWith('/svc/')) {
      const passThrough = () => compress(req, res, () => renderPage(req, res));
      // A Host that is not the site's is answered, but never from or into the shared caches.
      if (knownHost) wire.handle(req, res, renderPage, passThrough);
      else passThrough();
      return;
    }
    if (options.servicesOrigin) {
      forwardToServices(options.servicesOrigin, req, res);
      return;
    }
    compress(req, res, () => {
      if (serviceListener) void serviceListener(req, res);
      else noEmbeddedService(res, url.split('?')[0] ?? url);
    });
  };
  const server = http.createServer((req, res) => servedWithRequestLog(logger, req, res, () => serve(req, res)));
  const requests = trackRequests(server);
  // Longer than the idle timeout of what sits in front (load balancers and CDNs keep idle connections
  // about 60 s): a client that reuses a connection the server is closing at that moment gets a reset.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  selfUrl = `http://${options.host}:${port}`;
  origin = plan.siteUrl ?? defaultSiteUrl(options.host, port);
  registerDeployment({
    siteOrigin: origin,
    demo: plan.demo,
    auth: plan.authSettings,
    paymentPageOrigins: plan.paymentPageOrigins,
  });
  return {
    url: selfUrl,
    async close(graceMs = 0, notReadyMs = 0) {
      // Not ready first, still serving, so a load balancer stops sending before connections close.
      stopping = true;
      if (notReadyMs > 0) await new Promise((resolve) => setTimeout(resolve, notReadyMs));
      // Stop taking connections and let what is in flight finish (up to the grace), then close.
      await requests.drain(graceMs);
      redis?.close();
      registerWireInvalidation(null);
      registerDeployment(null);
      await stopTransforms();
      services?.close();
      await stopErrorReporting();
    },
  };
}
