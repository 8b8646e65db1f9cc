import { z } from 'zod';

/**
 * Where the five services live. Each base URL comes from an environment variable; an unset one
 * means "embedded": the in-process reference implementation answers under a fixed internal origin
 * (DESIGN §1, §4), so the storefront runs on any machine with no configuration.
 */

export type ServiceName = 'search' | 'user' | 'content' | 'order' | 'delivery';

export const SERVICE_NAMES: readonly ServiceName[] = ['search', 'user', 'content', 'order', 'delivery'];

/** The shop's project code, sent as `project` where the spec says so. */
export const PROJECT_CODE = 'bbs';

/** Per-call timeout when the caller sets none (Node's fetch has no timeout by default). */
export const DEFAULT_TIMEOUT_MS = 5000;

/** Internal origin of the embedded services; requests to it never leave the process. */
export const EMBEDDED_ORIGIN = 'http://embedded.local';

/** Environment variable holding each service's base URL. */
export const SERVICE_URL_ENV: Readonly<Record<ServiceName, string>> = {
  search: 'SEARCH_API_URL',
  user: 'USER_API_URL',
  content: 'CONTENT_API_URL',
  order: 'ORDER_API_URL',
  delivery: 'DELIVERY_API_URL',
};

export interface ServiceBase {
  /** Base URL without a trailing slash; call paths (`/public/...`) are appended to it. */
  url: string;
  /** True when the service is the in-process embedded implementation. */
  embedded: boolean;
}

export type ServiceBaseUrls = Readonly<Record<ServiceName, ServiceBase>>;

export type Env = Readonly<Record<string, string | undefined>>;

/** An absolute http(s) base URL, without its trailing slashes (service URLs, the storefront's URL). */
export const baseUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

/**
 * `url` fit for a log line or an error message: credentials in it (`https://user:password@host`)
 * are masked, since whatever the launchers were given must never reach their output.
 */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][\w+.-]*:\/\/)[^/@]*@/i, '$1***@');
}

/** Base URL of an embedded service: `http://embedded.local/svc/<name>`. */
export function embeddedBaseUrl(service: ServiceName): string {
  return `${EMBEDDED_ORIGIN}/svc/${service}`;
}

/** The base URL of every service, each made by `base`. */
export function perService(base: (service: ServiceName) => ServiceBase): ServiceBaseUrls {
  return {
    search: base('search'),
    user: base('user'),
    content: base('content'),
    order: base('order'),
    delivery: base('delivery'),
  };
}

/**
 * Reads the base URL of every service from `env` (usually `process.env`). Unset or blank means
 * embedded. A set but malformed value throws at startup, naming the variable: a typo must not
 * silently fall back to the demo services.
 */
export function serviceBaseUrls(env: Env): ServiceBaseUrls {
  const base = (service: ServiceName): ServiceBase => {
    const variable = SERVICE_URL_ENV[service];
    const raw = env[variable]?.trim();
    if (!raw) return { url: embeddedBaseUrl(service), embedded: true };
    const parsed = baseUrlSchema.safeParse(raw);
    if (!parsed.success) {
      throw new Error(`${variable} ${parsed.error.issues[0]?.message ?? 'is invalid'}: got "${redactUrl(raw)}"`);
    }
    return { url: parsed.data, embedded: false };
  };
  return perService(base);
}

/**
 * True when at least one service runs embedded. The launchers ask this first: when it is false
 * they open no database, seed nothing, touch no DATA_DIR and mount nothing under /svc.
 */
export function anyEmbedded(baseUrls: ServiceBaseUrls): boolean {
  return SERVICE_NAMES.some((service) => baseUrls[service].embedded);
}

/** The services that run embedded (no `*_API_URL`), in SERVICE_NAMES order: the ones a launcher starts. */
export function embeddedServices(baseUrls: ServiceBaseUrls): ServiceName[] {
  return SERVICE_NAMES.filter((service) => baseUrls[service].embedded);
}
