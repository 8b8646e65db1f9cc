/**
 * `npm run services`: the five embedded services stand-alone, each on its own port, as the "real
 * services" of a storefront started with the five *_API_URL (or for debugging the contract).
 * Seeds the demo shop on first start.
 *   env: HOST (127.0.0.1), SEARCH_PORT 4401, USER_PORT 4402, CONTENT_PORT 4403, ORDER_PORT 4404,
 *        DELIVERY_PORT 4405 (0 = any free port), DATA_DIR (./data), CMS_EDITOR_TOKEN and
 *        SEARCH_ADMIN_TOKEN and ORDER_ADMIN_TOKEN (the admin tokens; generated per run outside production), USER_SERVICE_TOKEN
 *        (between the order and the user service; generated per run when unset), and
 *        STOREFRONT_URL + REVALIDATE_SECRET: where content, price and stock changes are announced
 *        (`POST <STOREFRONT_URL>/api/revalidate`, with the storefront's own secret).
 * The last line printed is the storefront's configuration: `ready: SEARCH_API_URL=… USER_API_URL=…`.
 */
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { z } from 'zod';
import { baseUrlSchema, redactUrl, SERVICE_URL_ENV } from '../src/api/config.ts';
import { isProduction, missingMessage, secretReader } from '../src/server/launcher/launchPlan.ts';
import { createServices, readOutsideWorld, revalidateOverHttp, SERVICE_NAMES } from '../src/services/index.ts';
import type { ServiceName } from '../src/services/index.ts';
import { requestIdFrom, serverLogger, withRequestId } from '../src/log/serverLog.ts';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  SEARCH_PORT: port(4401),
  USER_PORT: port(4402),
  CONTENT_PORT: port(4403),
  ORDER_PORT: port(4404),
  DELIVERY_PORT: port(4405),
  // Blank means unset, like the service URLs.
  STOREFRONT_URL: z.preprocess((value) => (value === '' ? undefined : value), baseUrlSchema.optional()),
  // The shop's public origin for the links the services make (e-mails, the bank's way back);
  // STOREFRONT_URL (where changes are announced, often an internal address) stands in when unset.
  SITE_URL: z.preprocess((value) => (value === '' ? undefined : value), baseUrlSchema.optional()),
});

function refuse(message: string): never {
  console.error(`[services] ${message}`);
  process.exit(2);
}

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) refuse(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
const env = parsed.data;
const ports: Record<ServiceName, number> = {
  search: env.SEARCH_PORT,
  user: env.USER_PORT,
  content: env.CONTENT_PORT,
  order: env.ORDER_PORT,
  delivery: env.DELIVERY_PORT,
};

function readSecrets() {
  const secrets = secretReader(process.env);
  const read = {
    editorToken: secrets.read('CMS_EDITOR_TOKEN', 'editor token of the content service'),
    searchAdminToken: secrets.read('SEARCH_ADMIN_TOKEN', 'admin token of the search service'),
    orderAdminToken: secrets.read('ORDER_ADMIN_TOKEN', 'admin token of the order service'),
    // All five run here, so the order service and the user service share one made up if unset.
    userServiceToken: secrets.read('USER_SERVICE_TOKEN', 'token between the order and the user service', {
      optional: true,
    }),
    revalidateSecret: env.STOREFRONT_URL
      ? secrets.read('REVALIDATE_SECRET', "the storefront's bearer secret of POST /api/revalidate")
      : null,
  };
  // The user and order services run here: production needs their outside world's adapters.
  const outside = readOutsideWorld(process.env, { production: isProduction(process.env), embedded: SERVICE_NAMES });
  if (outside.invalid.length > 0) refuse(outside.invalid.join('; '));
  const missing = [...secrets.missing(), ...outside.missing];
  if (missing.length > 0) refuse(missingMessage(missing));
  // A provider sends the shopper back, and a bank its callback, to absolute addresses on the shop.
  const calledBack = outside.world.payments !== null || Object.keys(outside.world.oauth).length > 0;
  if (calledBack && !env.SITE_URL && !env.STOREFRONT_URL) {
    refuse('the payment gateway and social providers call back to the shop: set SITE_URL (or STOREFRONT_URL)');
  }
  // Refused outside production too: a secret made up here is one the storefront does not know.
  if (read.revalidateSecret?.generated) {
    refuse("STOREFRONT_URL is set but REVALIDATE_SECRET is not: set it to the storefront's REVALIDATE_SECRET");
  }
  return { ...read, outside: outside.world };
}
const { editorToken, searchAdminToken, orderAdminToken, revalidateSecret, userServiceToken, outside } = readSecrets();
if (outside.demo) {
  console.log(
    '[services] production PUBLIC DEMO (SHOP_DEMO=1): the SMS and e-mail outboxes, bank and social provider are sandboxes',
  );
}

for (const [secret, line, variable] of [
  [editorToken, 'CMS editor token', 'CMS_EDITOR_TOKEN'],
  [searchAdminToken, 'search admin token (prices and stock)', 'SEARCH_ADMIN_TOKEN'],
  [orderAdminToken, 'order admin token (order statuses)', 'ORDER_ADMIN_TOKEN'],
] as const) {
  // A given secret is named, never shown; a generated one is the only way for a developer to know it.
  console.log(
    secret.generated
      ? `[services] ${line}, generated for this run (set ${variable} to choose it): ${secret.value}`
      : `[services] ${line}: from ${variable}`,
  );
}
const storefrontUrl = env.STOREFRONT_URL;
const announce =
  storefrontUrl && revalidateSecret ? revalidateOverHttp(() => storefrontUrl, revalidateSecret.value) : undefined;
console.log(
  storefrontUrl
    ? `[services] content, price and stock changes are announced to ${redactUrl(storefrontUrl)}/api/revalidate`
    : '[services] STOREFRONT_URL is not set: content, price and stock changes are announced to no storefront',
);

// The services' own lines: JSON or readable, at LOG_LEVEL, with the caller's X-Request-Id.
serverLogger();
const services = await createServices({
  dataDir: resolve(env.DATA_DIR),
  editorToken: editorToken.value,
  searchAdminToken: searchAdminToken.value,
  orderAdminToken: orderAdminToken.value,
  userServiceToken: userServiceToken.value,
  onContentChange: announce,
  onProductChange: announce,
  storefrontUrl,
  outside,
  siteUrl: env.SITE_URL ?? storefrontUrl,
});
if (services.seeded) {
  console.log(`[services] seeded the demo shop into the empty databases of: ${services.seeded.seeded.join(', ')}`);
}

const listening = await Promise.all(
  SERVICE_NAMES.map(
    (name) =>
      new Promise<{ name: ServiceName; server: ServerType; url: string }>((ready, fail) => {
        const app = services.apps[name];
        const fetch = (request: Request) =>
          withRequestId(requestIdFrom(request.headers.get('x-request-id') ?? undefined), () => app.fetch(request));
        const server = serve({ fetch, hostname: env.HOST, port: ports[name] }, (info) => {
          ready({ name, server, url: `http://${env.HOST}:${info.port}` });
        });
        server.once('error', fail);
      }),
  ),
);
const servers = listening.map((entry) => entry.server);
for (const { name, url } of listening) console.log(`[services] ${name.padEnd(8)} ${url}/health`);
console.log(`[services] ready: ${listening.map(({ name, url }) => `${SERVICE_URL_ENV[name]}=${url}`).join(' ')}`);

let closing = false;
function shutdown(signal: string): void {
  if (closing) return;
  closing = true;
  console.log(`[services] ${signal}: closing the services`);
  let open = servers.length;
  for (const server of servers) {
    server.close(() => {
      if (--open === 0) {
        services.close();
        process.exit(0);
      }
    });
  }
  // Keep-alive connections would hold close() open; do not wait for them forever.
  setTimeout(() => {
    services.close();
    process.exit(0);
  }, 3000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
