import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { EMBEDDED_ORIGIN, embeddedBaseUrl, perService, serviceBaseUrls } from '../api/config.ts';
import type { ServiceBaseUrls } from '../api/config.ts';
import type { FetchHandler } from '../api/embedded.ts';
import { findSettlementByRef } from '../api/delivery.ts';
import { createHttpClient } from '../api/http.ts';
import type { HttpClient } from '../api/http.ts';
import type { ServiceErrorBody } from '../api/schemas/common.ts';
import { createContentApp } from './content/contentApp.ts';
import { closeServiceDatabases, openSomeServiceDatabases, SERVICE_NAMES } from './db/serviceDatabases.ts';
import type { ServiceDatabases } from './db/serviceDatabases.ts';
import { createDeliveryApp } from './delivery/deliveryApp.ts';
import type { ServiceName } from './http/serviceApp.ts';
import { runStockNotifications } from '../api/stockNotifications.ts';
import { createOrderApp, orderHoldsFromEnv } from './order/orderApp.ts';
import { createSearchApp, searchIndexReady } from './search/searchApp.ts';
import { DEFAULT_SEED, seedEmptyDatabases } from './seed/seedAll.ts';
import type { SeedOptions, SeedReport } from './seed/seedAll.ts';
import { createUserApp } from './user/userApp.ts';
import { SANDBOX_WORLD } from './outside/outsideWorld.ts';
import type { OutsideWorld } from './outside/outsideWorld.ts';

/**
 * The embedded reference implementation of the five services (DESIGN §4). Mount `fetch` under
 * `/svc/<service>/...`, or serve each of `apps` on its own port. `createServices` runs all five;
 * `createSomeServices` only those a launcher has not been pointed elsewhere for.
 */
export type { ServiceName } from './http/serviceApp.ts';
export { seedAll, DEFAULT_SEED } from './seed/seedAll.ts';
export type { SeedOptions, SeedReport } from './seed/seedAll.ts';
export { readOutsideWorld, SANDBOX_WORLD } from './outside/outsideWorld.ts';
export type { OutsideWorld } from './outside/outsideWorld.ts';
export { SERVICE_NAMES } from './db/serviceDatabases.ts';

export interface SomeServices {
  /**
   * Routes `/svc/<service>/<path>` to that service's app as `/<path>`; anything else, including a
   * service that is not running here, is a JSON 404. A function property, not a method: it is
   * handed on unbound (to the in-process registry, to a Node request listener).
   */
  fetch: (request: Request) => Promise<Response>;
  /** The apps of the services that run here. */
  apps: Partial<Record<ServiceName, Hono>>;
  /** The services that run here, in SERVICE_NAMES order. */
  running: ServiceName[];
  /** What this start seeded into empty databases; null when every database already had its data. */
  seeded: SeedReport | null;
  /**
   * Whether every database of this process is open and answers a query, and the search service has
   * its first index (the shop's readiness).
   */
  databasesReady(): boolean;
  /** Closes the databases; the apps must not be used afterwards. */
  close(): void;
}

export interface Services extends SomeServices {
  apps: Record<ServiceName, Hono>;
}

/** A change the storefront should hear of: the cache tags and page paths it affects. */
export interface ChangeNotice {
  tags: string[];
  paths: string[];
}

export interface CreateServicesOptions {
  /** Directory of the database files, or `:memory:` for throw-away databases. */
  dataDir: string;
  /** Demo data used when the catalogue is empty (default: seed 42, 2,000 products). */
  seed?: SeedOptions | undefined;
  /**
   * Bearer token of the content service's editor API (`Authorization: Bearer <CMS_EDITOR_TOKEN>`).
   * Unset: the editor API refuses every call; the caller decides (the launcher prints a dev token).
   */
  editorToken?: string | undefined;
  /**
   * Called after every committed editor change with the cache tags and page paths it affects
   * (rules in src/api/contentChanges.ts). A failure is logged and never fails the edit.
   */
  onContentChange?: ((change: ChangeNotice) => void | Promise<void>) | undefined;
  /**
   * Bearer token of the search service's admin API for prices and stock
   * (`Authorization: Bearer <SEARCH_ADMIN_TOKEN>`). Unset: the admin API refuses every call.
   */
  searchAdminToken?: string | undefined;
  /**
   * Bearer token of the order service's admin API for order statuses
   * (`Authorization: Bearer <ORDER_ADMIN_TOKEN>`). Unset: the admin API refuses every call.
   */
  orderAdminToken?: string | undefined;
  /**
   * Runs the order service's scheduled job (repeat deliveries of subscriptions, owed bonus
   * give-backs). Default: a minute after the start, then every ORDER_JOB_INTERVAL_MS, stopped by
   * `close()`; a test hands in its own and runs the job when its clock says so.
   */
  orderSchedule?: ((job: () => Promise<void>) => void) | undefined;
  /**
   * Multiplies the user service's per-address limits (codes, lookups, wrong passwords): for shoppers
   * behind one address (a carrier's NAT), and the e2e run (every browser is 127.0.0.1). Default:
   * `USER_ADDRESS_LIMIT_FACTOR`, else 1.
   */
  userAddressLimitFactor?: number | undefined;
  /**
   * Called after every committed price or stock change with the cache tags and page paths it
   * affects (rules in src/services/search/productChangeTags.ts). A failure is logged and never
   * fails the change.
   */
  onProductChange?: ((change: ChangeNotice & { productId: number }) => void | Promise<void>) | undefined;
  /**
   * Where the services that do not run here live, for the calls one service makes of another (the
   * order service asks search for prices and stock, delivery for a city's methods, user who a
   * bearer is). A service that
   * runs here is always called in process. Default: the `*_API_URL` of `process.env`, read only when
   * a service the order or content service needs does not run here (the launchers' plans read the same).
   */
  serviceUrls?: ServiceBaseUrls | undefined;
  /** The order service's clock (codes' and promotions' dates); the system clock by default. */
  now?: (() => Date) | undefined;
  /**
   * The order service's sandbox bank (DESIGN §4: a stand-in for the bank's payment page, clearly
   * marked, disabled when real services are configured). Default: on exactly when the order service
   * in use is this embedded one, i.e. no real `ORDER_API_URL` is configured (`serviceUrls`, else
   * `process.env`); off, `/svc/order/sandbox/*` is a 404 and payments answer "no bank configured".
   */
  sandboxBank?: boolean | undefined;
  /**
   * The storefront's origin when the services run apart from it (`npm run services` with
   * STOREFRONT_URL): where the sandbox bank sends the shopper back. Unset: the bank shares the
   * storefront's origin (mounted under /svc/order).
   */
  storefrontUrl?: string | undefined;
  /**
   * The token the order service sends and the user service takes on their internal calls (the
   * bonus payments of orders). Default: `USER_SERVICE_TOKEN`, else one made for these services
   * (both embedded here share it; a service elsewhere must be given the same value).
   */
  userServiceToken?: string | undefined;
  /**
   * What stands in for the world outside (src/services/outside/outsideWorld.ts): the configured
   * SMS gateway, mailer, bot check, social providers and payment gateway, or the sandboxes. Default:
   * every channel is its sandbox (development and tests); the launchers read it from the
   * environment, and production without SHOP_DEMO=1 has no sandbox at all.
   */
  outside?: OutsideWorld | undefined;
  /**
   * The shop's public origin (SITE_URL), for every absolute link the services make: e-mails and
   * SMS, the payment gateway's return and callback addresses, social sign-in's redirect_uri.
   * Unset: links are paths of the origin the services are mounted on.
   */
  siteUrl?: string | undefined;
}

/** USER_ADDRESS_LIMIT_FACTOR: a whole number 1 … 1000 (a typo stops the start, it never lifts the limits silently). */
const addressLimitFactorSchema = z.coerce.number().int().min(1).max(1000).default(1);

const ROUTE = /^\/svc\/(search|user|content|order|delivery)(\/.*)?$/;

function isServiceName(value: string | undefined): value is ServiceName {
  return SERVICE_NAMES.some((name) => name === value);
}

function notFound(message: string): Response {
  const body: ServiceErrorBody = { code: 404, message };
  return Response.json(body, { status: 404 });
}

/** The user and order services' shared token: given, from the environment, or made for this start. */
function serviceToken(options: CreateServicesOptions): string {
  const given = options.userServiceToken ?? process.env['USER_SERVICE_TOKEN'];
  return given !== undefined && given.trim() !== '' ? given : randomBytes(24).toString('base64url');
}

/**
 * The sandbox bank runs while the order service in use is the embedded one (no real ORDER_API_URL),
 * sandboxes are allowed (not a real production) and no payment gateway is configured.
 */
function sandboxBank(options: CreateServicesOptions, outside: OutsideWorld): boolean {
  if (!outside.sandbox || outside.payments !== null) return false;
  return options.sandboxBank ?? (options.serviceUrls ?? serviceBaseUrls(process.env)).order.embedded;
}

/**
 * Services the order service calls: search (the catalogue), delivery (a city's methods) and user
 * (who the bearer of a signed-in call is, and the bonus payments of orders); the content service:
 * user (who writes a review) and search (which product it is about).
 */
const ORDER_UPSTREAM: readonly ServiceName[] = ['search', 'delivery', 'user'];
const CONTENT_UPSTREAM: readonly ServiceName[] = ['search', 'user'];
/** A saved location sent without our `cityId` is placed by the delivery service's data. */
const USER_UPSTREAM: readonly ServiceName[] = ['delivery'];
/** The order service's scheduled job: first a minute after the start, then every 10 minutes. */
const ORDER_JOB_FIRST_RUN_MS = 60_000;
const ORDER_JOB_INTERVAL_MS = 10 * 60_000;
/** How long a location's save waits for the delivery service. */
const SETTLEMENT_TIMEOUT_MS = 3000;

/**
 * The client the order and content services call other services with. A service running here answers through
 * `inProcess` (this process's own router: no TCP, and no need of the launcher's global registry);
 * one configured elsewhere is called at its URL. One that is neither (not running here, no URL) is
 * routed in process too, where it answers the JSON 404 "does not run here": the caller's fallback
 * or 503 follows, as for any outage.
 */
function upstreamClient(
  running: readonly ServiceName[],
  options: CreateServicesOptions,
  inProcess: FetchHandler,
  needs: readonly ServiceName[],
): HttpClient {
  const local = (service: ServiceName) => ({ url: embeddedBaseUrl(service), embedded: false });
  const elsewhere = needs.every((service) => running.includes(service))
    ? null
    : (options.serviceUrls ?? serviceBaseUrls(process.env));
  const baseUrls = perService((service) => {
    const configured = elsewhere?.[service];
    return running.includes(service) || !configured || configured.embedded ? local(service) : configured;
  });
  const inProcessPrefix = `${EMBEDDED_ORIGIN}/`;
  return createHttpClient({
    baseUrls,
    // Titles come in both languages whatever the locale; the client's locale is only sent along.
    locale: 'ru',
    fetch: (request) => (request.url.startsWith(inProcessPrefix) ? inProcess(request) : globalThis.fetch(request)),
  });
}

function createApp(
  name: ServiceName,
  dbs: Partial<ServiceDatabases>,
  options: CreateServicesOptions,
  upstream: (needs: readonly ServiceName[]) => HttpClient,
  userServiceToken: string,
  stockChanged: (productId: number) => Promise<void>,
  schedule: (job: () => Promise<void>) => void,
): Hono {
  const db = dbs[name];
  if (!db) throw new Error(`the ${name} database is not open`);
  const outside = options.outside ?? SANDBOX_WORLD;
  switch (name) {
    case 'search':
      return createSearchApp(db, {
        adminToken: options.searchAdminToken,
        // Issue 29: a product's change also sends its due «Повідомити про наявність» requests.
        onProductChange: async (change) => {
          await options.onProductChange?.(change);
          await stockChanged(change.productId);
        },
        photoDir: options.dataDir === ':memory:' ? null : join(options.dataDir, 'photos'),
      });
    case 'user': {
      const delivery = upstream(USER_UPSTREAM);
      return createUserApp(db, {
        addressLimitFactor:
          options.userAddressLimitFactor ?? addressLimitFactorSchema.parse(process.env['USER_ADDRESS_LIMIT_FACTOR']),
        serviceToken: userServiceToken,
        outside,
        shopUrl: options.siteUrl,
        settlementByRef: (name, ref) => findSettlementByRef(delivery, name, ref, { timeoutMs: SETTLEMENT_TIMEOUT_MS }),
      });
    }
    case 'content':
      return createContentApp(db, {
        editorToken: options.editorToken,
        onContentChange: options.onContentChange,
        upstream: upstream(CONTENT_UPSTREAM),
      });
    case 'order':
      return createOrderApp(db, {
        upstream: upstream(ORDER_UPSTREAM),
        now: options.now,
        sandboxBank: sandboxBank(options, outside),
        paymentGateway: outside.payments,
        shopUrl: options.storefrontUrl ?? options.siteUrl,
        userServiceToken,
        // ORDER_LINE_MAX, ORDER_OPEN_PER_PHONE, ORDER_PAYMENT_HOLD_MINUTES (docs/decisions.md "Orders:
        // bounded holds"): a malformed one stops the start, it never lifts a limit silently.
        holds: orderHoldsFromEnv(process.env),
        adminToken: options.orderAdminToken,
        schedule: options.orderSchedule ?? schedule,
      });
    case 'delivery':
      return createDeliveryApp(db);
  }
}

/**
 * Opens (and on first start seeds) the databases of `services` in `dataDir` and builds their apps.
 * A service not listed gets no database file, no seed and no route: it runs elsewhere. With an
 * empty list nothing is opened and `dataDir` is not even created.
 */
export function createSomeServices(
  services: readonly ServiceName[],
  options: CreateServicesOptions,
): Promise<SomeServices> {
  // Opening and seeding are synchronous (node:sqlite); the executor turns a failure into the
  // promise's rejection, as an async start would report it.
  return new Promise((resolve) => resolve(openSomeServices(services, options)));
}

function openSomeServices(services: readonly ServiceName[], options: CreateServicesOptions): SomeServices {
  const running = SERVICE_NAMES.filter((name) => services.includes(name));
  if (running.length > 0 && options.dataDir !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const dbs = openSomeServiceDatabases(options.dataDir, running);
  const apps: Partial<Record<ServiceName, Hono>> = {};
  const route = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const match = ROUTE.exec(url.pathname);
    const service = match?.[1];
    if (!match || !isServiceName(service)) return notFound(`No service answers ${url.pathname}`);
    const app = apps[service];
    if (!app) return notFound(`The ${service} service does not run here, so nothing answers ${url.pathname}`);
    url.pathname = match[2] ?? '/';
    const forwarded = new Request(url, request);
    // Where the app is mounted, for the links it gives browsers (the sandbox bank's page): always
    // set here, so a client's own header never reaches the app.
    forwarded.headers.set('x-forwarded-prefix', `/svc/${service}`);
    return app.fetch(forwarded);
  };
  const timers: ReturnType<typeof setTimeout>[] = [];
  // The job never keeps the process alive, and a slow run is never overlapped by the next.
  const schedule = (job: () => Promise<void>): void => {
    let running = false;
    const tick = (): void => {
      if (running) return;
      running = true;
      void job().finally(() => {
        running = false;
      });
    };
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, ORDER_JOB_INTERVAL_MS);
      every.unref();
      timers.push(every);
    }, ORDER_JOB_FIRST_RUN_MS);
    first.unref();
    timers.push(first);
  };
  let seeded: SeedReport | null;
  try {
    seeded = seedEmptyDatabases(dbs, options.seed ?? DEFAULT_SEED);
    const upstream = (needs: readonly ServiceName[]) => upstreamClient(running, options, route, needs);
    const userServiceToken = serviceToken(options);
    const stockChanged = async (productId: number): Promise<void> => {
      if (!apps.order) return;
      await runStockNotifications(upstream(['order']), userServiceToken, productId);
    };
    for (const name of running) {
      apps[name] = createApp(name, dbs, options, upstream, userServiceToken, stockChanged, schedule);
    }
  } catch (error) {
    for (const timer of timers) clearTimeout(timer);
    closeServiceDatabases(dbs);
    throw error;
  }
  return {
    apps,
    running,
    seeded,
    fetch: route,
    databasesReady: () =>
      running.every((name) => {
        const db = dbs[name];
        if (!db?.isOpen) return false;
        try {
          db.prepare('SELECT 1').get();
          return true;
        } catch {
          return false;
        }
      }) &&
      // Issue 30: a large catalogue's search index is built after the start; until then listings wait.
      (apps.search === undefined || searchIndexReady(apps.search)),
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      closeServiceDatabases(dbs);
    },
  };
}

/** Opens (and on first start seeds) the five databases in `dataDir` and builds the five apps. */
export async function createServices(options: CreateServicesOptions): Promise<Services> {
  const some = await createSomeServices(SERVICE_NAMES, options);
  const { search, user, content, order, delivery } = some.apps;
  if (!search || !user || !content || !order || !delivery) {
    some.close();
    throw new Error('not every embedded service started');
  }
  return { ...some, apps: { search, user, content, order, delivery } };
}

/**
 * The hook that tells a storefront about a change the way an external CMS or ERP would: over HTTP,
 * `POST <storefront>/api/revalidate` with the shared secret, before the change is answered (so an
 * editor who sees "saved" sees it live). `storefrontUrl` is read per call because the launcher
 * knows its own address only once it listens.
 */
export function revalidateOverHttp(
  storefrontUrl: () => string,
  secret: string,
): (change: ChangeNotice) => Promise<void> {
  return async (change) => {
    const response = await fetch(`${storefrontUrl()}/api/revalidate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tags: change.tags, paths: change.paths }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`${storefrontUrl()}/api/revalidate answered ${response.status}`);
  };
}
