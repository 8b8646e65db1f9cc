import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  baseUrlSchema,
  embeddedServices,
  redactUrl,
  serviceBaseUrls,
  SERVICE_NAMES,
  SERVICE_URL_ENV,
} from '../../api/config.ts';
import type { Env, ServiceBaseUrls, ServiceName } from '../../api/config.ts';
import { readOutsideWorld } from '../../services/outside/outsideWorld.ts';
import type { OutsideWorld } from '../../services/outside/outsideWorld.ts';
import { DEFAULT_CAPTCHA_SCRIPT_URL } from '../../domain/auth/authSettings.ts';
import type { AuthSettings } from '../../domain/auth/authSettings.ts';
import { parseTrustProxy, TrustProxyError } from './clientAddress.ts';
import type { TrustProxy } from './clientAddress.ts';

/**
 * What one start of the shop runs, decided from the environment before anything is built, opened
 * or listened on (`npm start`, the dev server's embedded services, the workers of a several-process
 * shop). A configuration that cannot run is one ConfigError naming every variable at fault.
 */

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

/** The one message of a production start that lacks what it needs (secrets, SITE_URL, adapters). */
export function missingMessage(missing: readonly string[]): string {
  return `refusing to start in production (NODE_ENV=production) without its secrets and adapters; set ${missing.join(', ')}`;
}

/**
 * Reads the secrets a launcher needs. Outside production an unset one is generated per run (the
 * shop starts with no configuration); in production every unset one is collected and `missing()`
 * lists them, for the one message that names everything at fault.
 */
export function secretReader(env: Env): {
  /** `optional`: production makes one up too (a secret only this process uses, never shared). */
  read(variable: string, purpose: string, options?: { optional?: boolean }): Secret;
  missing(): string[];
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
    missing: () => [...missing],
  };
}

/** What one start of the shop runs and with which secrets, decided before anything is built or opened. */
export interface LaunchPlan {
  production: boolean;
  /** `SHOP_DEMO=1` in production: a public demo on purpose, sandboxes on, every page says so and is noindex. */
  demo: boolean;
  baseUrls: ServiceBaseUrls;
  /** The services run in this process (no `*_API_URL`); the others are reached at their URL. */
  embedded: ServiceName[];
  /**
   * `SITE_URL`: the shop's one public origin (src/server/request/siteOrigin.ts). Required in production;
   * null outside it, where the address the launcher listens on stands in.
   */
  siteUrl: string | null;
  /** `TRUST_PROXY`: which X-Forwarded-For entries are believed (src/server/launcher/clientAddress.ts). */
  trustProxy: TrustProxy;
  /** The embedded services' SMS gateway, mailer, bot check, social providers and bank, or their sandboxes. */
  outside: OutsideWorld;
  /** What the auth modal shows: the real bot check's widget (CAPTCHA_SITE_KEY) and the social providers. */
  authSettings: AuthSettings;
  /**
   * Origins of the bank's payment pages that pay forms are redirected to (CSP form-action):
   * `PAYMENT_PAGE_ORIGINS`, by default the payment gateway's own origin.
   */
  paymentPageOrigins: string[];
  /** Bearer secret of `POST /api/revalidate`. */
  revalidateSecret: Secret;
  /** The embedded content service's editor token; null when content runs elsewhere. */
  editorToken: Secret | null;
  /** The embedded search service's admin token; null when search runs elsewhere. */
  searchAdminToken: Secret | null;
  /** The embedded order service's admin token (order statuses); null when order runs elsewhere. */
  orderAdminToken: Secret | null;
  /**
   * The token between the order and the user service (bonus payments of orders); null when neither
   * runs here. Shared with the other side when only one of them runs here.
   */
  userServiceToken: Secret | null;
  /** `METRICS_TOKEN`: the bearer token of `/metrics`; null (unset) serves no metrics (src/server/metrics/). */
  metricsToken: string | null;
  /**
   * Whether public pages carry the shared cache's lifetimes and tags (`Surrogate-*`, `Cache-Tag`,
   * `CDN-Cache-Control`): only with a purge address (`CDN_PURGE_URL`), since a cache in front that
   * cannot be purged must not keep pages, and without one they are bytes a browser never reads.
   */
  sharedCacheHeaders: boolean;
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

/** `SITE_URL`: an origin (scheme, host, port), nothing after it; its path would be dropped silently otherwise. */
const siteUrlSchema = baseUrlSchema.refine((url) => new URL(url).origin === url, {
  error: 'must be an origin such as https://shop.example, with no path, query or credentials',
});

/** SITE_URL as given (null when unset), or a message naming what is wrong with it. */
function readSiteUrl(env: Env): { url: string | null; error: string | null } {
  const raw = env.SITE_URL?.trim();
  if (raw === undefined || raw === '') return { url: null, error: null };
  const parsed = siteUrlSchema.safeParse(raw);
  if (parsed.success) return { url: parsed.data, error: null };
  return { url: null, error: `SITE_URL ${parsed.error.issues[0]?.message ?? 'is not a URL'} (got ${redactUrl(raw)})` };
}

/**
 * The bot check the registration form shows. Whoever verifies the token (the embedded user service
 * with CAPTCHA_SECRET, or a real user service), the form needs the provider's site key; without it
 * the form shows the sandbox's checkbox, whose token only a sandbox accepts.
 */
function readCaptcha(env: Env, invalid: string[]): AuthSettings['captcha'] {
  const siteKey = env.CAPTCHA_SITE_KEY?.trim();
  if (siteKey === undefined || siteKey === '') {
    if (env.CAPTCHA_SECRET?.trim()) {
      invalid.push('CAPTCHA_SECRET is set but CAPTCHA_SITE_KEY is not: the registration form could not pass the check');
    }
    return null;
  }
  const script = env.CAPTCHA_SCRIPT_URL?.trim();
  const scriptUrl =
    script === undefined || script === '' ? DEFAULT_CAPTCHA_SCRIPT_URL : baseUrlSchema.safeParse(script);
  if (typeof scriptUrl !== 'string' && !scriptUrl.success) {
    invalid.push('CAPTCHA_SCRIPT_URL: must be an absolute http(s) URL');
    return null;
  }
  return { siteKey, scriptUrl: typeof scriptUrl === 'string' ? scriptUrl : scriptUrl.data };
}

/** PAYMENT_PAGE_ORIGINS (comma-separated origins), else the gateway's origin when there is one. */
function readPaymentPageOrigins(env: Env, outside: OutsideWorld, invalid: string[]): string[] {
  const listed = (env.PAYMENT_PAGE_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (listed.length === 0) return outside.payments ? [new URL(outside.payments.url).origin] : [];
  const origins: string[] = [];
  for (const item of listed) {
    const parsed = siteUrlSchema.safeParse(item);
    if (parsed.success) origins.push(parsed.data);
    else invalid.push(`PAYMENT_PAGE_ORIGINS: "${item}" is not an origin such as https://pay.example`);
  }
  return origins;
}

/**
 * Reads the launcher's configuration from `env`. Throws ConfigError for a malformed value (a service
 * URL, SITE_URL, TRUST_PROXY, an adapter's URL) or, in production, for what production insists on:
 * REVALIDATE_SECRET and SITE_URL always, the admin tokens of the embedded content, search and order
 * services, and an adapter for every outside channel of the embedded user and order services
 * unless `SHOP_DEMO=1` keeps their sandboxes on purpose. Every fault is named in one message.
 */
export function planLaunch(env: Env): LaunchPlan {
  let baseUrls: ServiceBaseUrls;
  try {
    baseUrls = serviceBaseUrls(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  const production = isProduction(env);
  const embedded = embeddedServices(baseUrls);
  const secrets = secretReader(env);
  const invalid: string[] = [];
  const site = readSiteUrl(env);
  if (site.error !== null) invalid.push(site.error);
  let trustProxy: TrustProxy = { kind: 'none' };
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    if (!(error instanceof TrustProxyError)) throw error;
    invalid.push(`TRUST_PROXY: ${error.message}`);
  }
  const outside = readOutsideWorld(env, { production, embedded });
  invalid.push(...outside.invalid);
  const captcha = readCaptcha(env, invalid);
  const paymentPageOrigins = readPaymentPageOrigins(env, outside.world, invalid);
  // A provider sends the shopper back, and a bank its callback, to absolute addresses on the site.
  const callbacks = [
    ...Object.keys(outside.world.oauth).map((provider) => `${provider.toUpperCase()}_CLIENT_ID`),
    ...(outside.world.payments ? ['PAYMENT_GATEWAY_URL'] : []),
  ];
  if (callbacks.length > 0 && site.url === null && site.error === null) {
    invalid.push(
      `${callbacks.join(', ')} ${callbacks.length === 1 ? 'needs' : 'need'} SITE_URL: the callbacks come back to it`,
    );
  }
  if (invalid.length > 0) throw new ConfigError(invalid.join('; '));

  const plan: LaunchPlan = {
    production,
    demo: outside.world.demo,
    baseUrls,
    embedded,
    siteUrl: site.url,
    trustProxy,
    outside: outside.world,
    authSettings: { captcha, social: outside.world.social },
    paymentPageOrigins,
    revalidateSecret: secrets.read('REVALIDATE_SECRET', 'bearer secret of POST /api/revalidate'),
    editorToken: embedded.includes('content')
      ? secrets.read('CMS_EDITOR_TOKEN', 'editor token of the embedded content service')
      : null,
    searchAdminToken: embedded.includes('search')
      ? secrets.read('SEARCH_ADMIN_TOKEN', 'admin token of the embedded search service')
      : null,
    orderAdminToken: embedded.includes('order')
      ? secrets.read('ORDER_ADMIN_TOKEN', 'admin token of the embedded order service')
      : null,
    userServiceToken: userServiceToken(embedded, secrets),
    metricsToken: secretValueSchema.safeParse(env.METRICS_TOKEN).data?.trim() ?? null,
    sharedCacheHeaders: (env.CDN_PURGE_URL?.trim() ?? '') !== '',
  };
  const missing = secrets.missing();
  if (production && site.url === null)
    missing.push('SITE_URL (the public origin of every canonical and absolute link)');
  missing.push(...outside.missing);
  // The registration form of a real shop shows the real check, whoever verifies it.
  if (production && !outside.world.sandbox && captcha === null) {
    missing.push('CAPTCHA_SITE_KEY (the bot check the registration form shows)');
  }
  if (missing.length > 0) throw new ConfigError(missingMessage(missing));
  return plan;
}

/** How TRUST_PROXY reads, for the start-up log. */
function describeTrust(trust: TrustProxy): string {
  if (trust.kind === 'none') return 'no proxy in front (TRUST_PROXY unset): each connection is its own client';
  if (trust.kind === 'hops') return `${trust.hops} prox${trust.hops === 1 ? 'y' : 'ies'} in front (TRUST_PROXY)`;
  return `proxies at ${trust.text} (TRUST_PROXY)`;
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
  const lines: string[] = [];
  if (plan.demo) {
    lines.push(
      'production PUBLIC DEMO (SHOP_DEMO=1): the sandboxes (SMS and e-mail outboxes, bank, social provider, bot check) are ON, every page says so and is noindex',
    );
  } else if (plan.production) lines.push('production (NODE_ENV=production): every secret and adapter was given');
  if (plan.siteUrl !== null) lines.push(`site: ${plan.siteUrl} (SITE_URL)`);
  lines.push(`client addresses: ${describeTrust(plan.trustProxy)}`);
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
  token(plan.orderAdminToken, 'order admin token (order statuses)', 'ORDER_ADMIN_TOKEN');
  if (plan.metricsToken !== null) lines.push('metrics: GET /metrics with the bearer token from METRICS_TOKEN');
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
