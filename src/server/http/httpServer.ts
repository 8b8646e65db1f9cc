/**
 * Composition root of the running shop: one Node HTTP server that answers `/svc/<service>/...`
 * from the embedded reference services and everything else from the Astro build. It is the only
 * storefront-side code that imports `src/services`; pages, stores and `src/api` reach the services
 * through their HTTP contract (in-process via the registry in src/api/embedded.ts).
 *
 * Only the services without a `*_API_URL` run here (`planLaunch`): with all five set, no database
 * is opened, nothing is seeded and `/svc/...` answers a JSON 404.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import { z } from 'zod';
import { createSomeServices, revalidateOverHttp } from '../../services/index.ts';
import type { SomeServices } from '../../services/index.ts';
import {
  anyEmbedded,
  embeddedServices,
  redactUrl,
  serviceBaseUrls,
  SERVICE_NAMES,
  SERVICE_URL_ENV,
} from '../../api/config.ts';
import type { Env, ServiceBaseUrls, ServiceName } from '../../api/config.ts';
import { registerEmbeddedFetch } from '../../api/embedded.ts';
import type { ServiceErrorBody } from '../../api/schemas/common.ts';
import { baseSecurityHeaders, fallbackCsp } from './securityHeaders.ts';
import { forwardToServices } from './serviceProxy.ts';
import { loadAssets, serveAsset } from './staticAssets.ts';
import { createWireServer } from './wireServer.ts';
import { registerWireInvalidation } from './wireInvalidation.ts';
import { startTransformPool } from '../images/transformPool.ts';

/** A configuration the launchers refuse to start with; the message names every variable at fault. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Production is `NODE_ENV=production`: the variable hosting platforms and Node's Docker images
 * already set, so a production deployment is protected without remembering a shop-specific flag.
 */
export function isProduction(env: Env): boolean {
  return env.NODE_ENV === 'production';
}

export interface Secret {
  value: string;
  /** Made up for this run because the variable was unset: known only to this process. */
  generated: boolean;
}

/** A set value; blank or whitespace-only counts as unset (an empty secret is always a mistake). */
const secretValueSchema = z.string().refine((value) => value.trim() !== '');

/**
 * Reads the secrets a launcher needs. Outside production an unset one is generated per run (the
 * shop starts with no configuration); in production every unset one is collected and `check()`
 * refuses to go on, naming all of them in one message.
 */
export function secretReader(env: Env): {
  /** `optional`: production makes one up too (a secret only this process uses, never shared). */
  read(variable: string, purpose: string, options?: { optional?: boolean }): Secret;
  check(): void;
} {
  const production = isProduction(env);
  const missing: string[] = [];
  return {
    read(variable, purpose, options = {}) {
      const given = secretValueSchema.safeParse(env[variable]);
      if (given.success) return { value: given.data, generated: false };
      if (production && options.optional !== true) missing.push(`${variable} (${purpose})`);
      return { value: randomBytes(24).toString('base64url'), generated: true };
    },
    check() {
      if (missing.length === 0) return;
      throw new ConfigError(
        `refusing to start in production (NODE_ENV=production) without its secrets; set ${missing.join(', ')}`,
      );
    },
  };
}

/** What one start of the shop runs and with which secrets, decided before anything is built or opened. */
export interface LaunchPlan {
  production: boolean;
  baseUrls: ServiceBaseUrls;
  /** The services run in this process (no `*_API_URL`); the others are reached at their URL. */
  embedded: ServiceName[];
  /** Bearer secret of `POST /api/revalidate`. */
  revalidateSecret: Secret;
  /** The embedded content service's editor token; null when content runs elsewhere. */
  editorToken: Secret | null;
  /** The embedded search service's admin token; null when search runs elsewhere. */
  searchAdminToken: Secret | null;
  /**
   * The token between the order and the user service (bonus payments of orders); null when neither
   * runs here. Shared with the other side when only one of them runs here.
   */
  userServiceToken: Secret | null;
}

/**
 * The order service's token on the user service's internal calls: needed when either runs here.
 * With both here it never leaves this process, so one made up is as good (production too); with
 * one of them elsewhere both sides must be given the same value, so production insists on it.
 */
function userServiceToken(embedded: readonly ServiceName[], secrets: ReturnType<typeof secretReader>): Secret | null {
  const user = embedded.includes('user');
  const order = embedded.includes('order');
  if (!user && !order) return null;
  return secrets.read('USER_SERVICE_TOKEN', 'token between the order and the user service (bonus payments)', {
    optional: user && order,
  });
}

/**
 * Reads the launcher's configuration from `env`. Throws ConfigError for a malformed service URL or,
 * in production, for missing secrets: REVALIDATE_SECRET always, and the admin tokens of the
 * embedded content and search services only when those run here.
 */
export function planLaunch(env: Env): LaunchPlan {
  let baseUrls: ServiceBaseUrls;
  try {
    baseUrls = serviceBaseUrls(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const embedded = embeddedServices(baseUrls);
  const secrets = secretReader(env);
  const plan: LaunchPlan = {
    production: isProduction(env),
    baseUrls,
    embedded,
    revalidateSecret: secrets.read('REVALIDATE_SECRET', 'bearer secret of POST /api/revalidate'),
    editorToken: embedded.includes('content')
      ? secrets.read('CMS_EDITOR_TOKEN', 'editor token of the embedded content service')
      : null,
    searchAdminToken: embedded.includes('search')
      ? secrets.read('SEARCH_ADMIN_TOKEN', 'admin token of the embedded search service')
      : null,
    userServiceToken: userServiceToken(embedded, secrets),
  };
  secrets.check();
  return plan;
}

/**
 * The start-up lines that describe a plan. A secret that was given is named, never shown; a
 * generated admin token is shown in development because a developer needs it (to sign in at
 * /editor, to change a price) and nobody else knows it.
 */
export function describeLaunch(
  plan: LaunchPlan,
  dataDir: string,
  options: { caching: boolean } = { caching: true },
): string[] {
  const lines: string[] = plan.production ? ['production (NODE_ENV=production): every secret was given'] : [];
  const real = SERVICE_NAMES.filter((name) => !plan.baseUrls[name].embedded);
  if (plan.embedded.length === 0) {
    lines.push('all five services are real (*_API_URL set): no embedded service runs and DATA_DIR is not used');
  } else {
    lines.push(`embedded services: ${plan.embedded.join(', ')} (databases in ${dataDir})`);
  }
  if (real.length > 0) {
    lines.push(
      `real services: ${real.map((name) => `${name} at ${redactUrl(plan.baseUrls[name].url)} (${SERVICE_URL_ENV[name]})`).join(', ')}`,
    );
  }
  // Only a server with a route cache has pages to revalidate (the dev server caches nothing).
  if (options.caching && plan.revalidateSecret.generated) {
    lines.push(
      'REVALIDATE_SECRET is not set: one was generated for this run, known only to this process' +
        (real.length > 0 ? ' (the real services cannot revalidate pages until you set it on both sides)' : ''),
    );
  }
  const token = (secret: Secret | null, what: string, variable: string) => {
    if (secret === null) return;
    lines.push(
      secret.generated
        ? `${what}, generated for this run (set ${variable} to choose it): ${secret.value}`
        : `${what}: from ${variable}`,
    );
  };
  token(plan.editorToken, 'CMS editor token (sign in at /editor)', 'CMS_EDITOR_TOKEN');
  token(plan.searchAdminToken, 'search admin token (prices and stock)', 'SEARCH_ADMIN_TOKEN');
  // Nobody types this one: a given value is named, a generated one never shown.
  const shared = plan.userServiceToken;
  if (shared && !shared.generated) lines.push('user service token (bonus payments of orders): from USER_SERVICE_TOKEN');
  if (shared?.generated && (real.includes('user') || real.includes('order'))) {
    lines.push(
      'USER_SERVICE_TOKEN is not set: one was generated for this run, so orders paid with bonuses fail ' +
        'until you set it on both the order and the user service',
    );
  }
  return lines;
}

export interface ShopOptions {
  host: string;
  port: number;
  /** Where the embedded services keep their databases; untouched when none runs. */
  dataDir: string;
  /** Directory of the Astro build (contains server/entry.mjs). */
  distDir: string;
  /** What to run; by default read from `process.env` (throws ConfigError like `planLaunch`). */
  plan?: LaunchPlan;
  /** Start-up lines (default: console.log with a `[start]` prefix). */
  log?: (line: string) => void;
  /** A worker of a several-process shop: `/svc/...` is forwarded to the primary's services here. */
  servicesOrigin?: string | undefined;
}

export interface RunningShop {
  url: string;
  close(): Promise<void>;
}

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;

/** Upper bound of the wire cache's uncompressed page bytes (compressed copies add ~25 %). */
const WIRE_CACHE_BYTES = 256 * 1024 * 1024;
type NodeMiddleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

function isHttps(req: http.IncomingMessage): boolean {
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  return encrypted || req.headers['x-forwarded-proto'] === 'https';
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
    // A price or stock change refreshes the pages that show the product.
    onProductChange: revalidate,
    userServiceToken: plan.userServiceToken?.value,
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
  const server = http.createServer((req, res) => {
    if (listener) void listener(req, res);
    else noEmbeddedService(res, (req.url ?? '/').split('?')[0] ?? '/');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services?.close();
    },
  };
}

export async function startShop(options: ShopOptions): Promise<RunningShop> {
  const plan = options.plan ?? planLaunch(process.env);
  const log = options.log ?? ((line: string) => console.log(`[start] ${line}`));
  for (const line of describeLaunch(plan, options.dataDir)) log(line);
  // The storefront reads the secret from the environment (astro:env) when the build loads, and
  // the embedded services send it: a generated one has to be there before the import below.
  process.env.REVALIDATE_SECRET = plan.revalidateSecret.value;

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

  // Finished public pages as wire bytes, compressed once per encoding (src/server/http/wireCache.ts);
  // the revalidation endpoint inside the build drops them through the registry.
  const wire = createWireServer({ maxBytes: WIRE_CACHE_BYTES });
  registerWireInvalidation((tags, paths) => wire.invalidate(tags, paths));
  // /img's pixel work on worker threads (src/server/images/transformPool.ts).
  const stopTransforms = startTransformPool();
  const assets = loadAssets(`${options.distDir}/client`);
  const renderPage = (req: http.IncomingMessage, res: http.ServerResponse) => {
    void astro.handler(req, res);
  };

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(baseSecurityHeaders(isHttps(req)))) res.setHeader(name, value);
    // Astro sets its own policy (with script hashes) on pages; this one covers files and JSON.
    res.setHeader('Content-Security-Policy', fallbackCsp);
    const url = req.url ?? '/';
    if (!isDecodable(url)) {
      req.url = url.startsWith('/ua/') ? '/ua/__malformed-url__' : '/__malformed-url__';
    }
    // /svc/ is the services' namespace even when none runs here: a client of the contract (an
    // island, a script) gets the contract's JSON error, never an HTML page.
    if (serveAsset(assets, req, res)) return;
    if (!url.startsWith('/svc/')) {
      wire.handle(req, res, renderPage, () => compress(req, res, () => renderPage(req, res)));
      return;
    }
    // A caller from outside never chooses the address the services count it by (the user service's
    // per-address limits read X-Forwarded-For): it is the connection's own. The storefront's calls
    // to the services do not come through here and say the shopper's address themselves.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    if (options.servicesOrigin) {
      forwardToServices(options.servicesOrigin, req, res);
      return;
    }
    compress(req, res, () => {
      if (serviceListener) void serviceListener(req, res);
      else noEmbeddedService(res, url.split('?')[0] ?? url);
    });
  });
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
  return {
    url: selfUrl,
    async close() {
      registerWireInvalidation(null);
      await stopTransforms();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services?.close();
    },
  };
}
