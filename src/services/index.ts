import { mkdirSync } from 'node:fs';
import type { Hono } from 'hono';
import type { ServiceErrorBody } from '../api/schemas/common.ts';
import { createContentApp } from './content/contentApp.ts';
import { closeServiceDatabases, openServiceDatabases, SERVICE_NAMES } from './db/serviceDatabases.ts';
import { createDeliveryApp } from './delivery/deliveryApp.ts';
import type { ServiceName } from './http/serviceApp.ts';
import { createOrderApp } from './order/orderApp.ts';
import { createSearchApp } from './search/searchApp.ts';
import { DEFAULT_SEED, seedEmptyDatabases } from './seed/seedAll.ts';
import type { SeedOptions } from './seed/seedAll.ts';
import { createUserApp } from './user/userApp.ts';

/**
 * The embedded reference implementation of the five services (DESIGN §4). Mount `fetch` under
 * `/svc/<service>/...`, or serve each of `apps` on its own port.
 */
export type { ServiceName } from './http/serviceApp.ts';
export { seedAll, DEFAULT_SEED } from './seed/seedAll.ts';
export type { SeedOptions, SeedReport } from './seed/seedAll.ts';
export { SERVICE_NAMES } from './db/serviceDatabases.ts';

export interface Services {
  /** Routes `/svc/<service>/<path>` to that service's app as `/<path>`; anything else is a JSON 404. */
  fetch(request: Request): Promise<Response>;
  apps: Record<ServiceName, Hono>;
  /** Closes the databases; the apps must not be used afterwards. */
  close(): void;
}

export interface CreateServicesOptions {
  /** Directory of the five database files, or `:memory:` for throw-away databases. */
  dataDir: string;
  /** Demo data used when the catalogue is empty (default: seed 42, 2,000 products). */
  seed?: SeedOptions;
  /**
   * Bearer token of the content service's editor API (`Authorization: Bearer <CMS_EDITOR_TOKEN>`).
   * Unset: the editor API refuses every call; the caller decides (the launcher prints a dev token).
   */
  editorToken?: string;
  /**
   * Called after every committed editor change with the cache tags and page paths it affects
   * (rules in src/domain/content/changeTags.ts). A failure is logged and never fails the edit.
   */
  onContentChange?: (change: { tags: string[]; paths: string[] }) => void | Promise<void>;
  /**
   * Bearer token of the search service's admin API for prices and stock
   * (`Authorization: Bearer <SEARCH_ADMIN_TOKEN>`). Unset: the admin API refuses every call.
   */
  searchAdminToken?: string;
  /**
   * Called after every committed price or stock change with the cache tags and page paths it
   * affects (rules in src/domain/catalog/productChangeTags.ts). A failure is logged and never
   * fails the change.
   */
  onProductChange?: (change: { productId: number; tags: string[]; paths: string[] }) => void | Promise<void>;
}

const ROUTE = /^\/svc\/(search|user|content|order|delivery)(\/.*)?$/;

function isServiceName(value: string | undefined): value is ServiceName {
  return SERVICE_NAMES.some((name) => name === value);
}

function notFound(path: string): Response {
  const body: ServiceErrorBody = { code: 404, message: `No service answers ${path}` };
  return Response.json(body, { status: 404 });
}

/** Opens (and on first start seeds) the databases in `dataDir` and builds the five apps. */
export async function createServices(options: CreateServicesOptions): Promise<Services> {
  if (options.dataDir !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const dbs = openServiceDatabases(options.dataDir);
  try {
    seedEmptyDatabases(dbs, options.seed ?? DEFAULT_SEED);
  } catch (error) {
    closeServiceDatabases(dbs);
    throw error;
  }
  const apps: Record<ServiceName, Hono> = {
    search: createSearchApp(dbs.search, {
      adminToken: options.searchAdminToken,
      onProductChange: options.onProductChange,
    }),
    user: createUserApp(dbs.user),
    content: createContentApp(dbs.content, {
      editorToken: options.editorToken,
      onContentChange: options.onContentChange,
    }),
    order: createOrderApp(dbs.order),
    delivery: createDeliveryApp(dbs.delivery),
  };
  return {
    apps,
    fetch: async (request) => {
      const url = new URL(request.url);
      const match = ROUTE.exec(url.pathname);
      const service = match?.[1];
      if (!match || !isServiceName(service)) return notFound(url.pathname);
      url.pathname = match[2] ?? '/';
      return apps[service].fetch(new Request(url, request));
    },
    close: () => closeServiceDatabases(dbs),
  };
}
