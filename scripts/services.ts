/**
 * Runs the five embedded services stand-alone, each on its own port (for debugging the contract or
 * pointing a storefront at them with *_API_URL). Seeds the demo shop on first start.
 *   npm run services      env: HOST (127.0.0.1), SEARCH_PORT 4401, USER_PORT 4402, CONTENT_PORT 4403,
 *                         ORDER_PORT 4404, DELIVERY_PORT 4405, DATA_DIR (./data)
 */
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { z } from 'zod';
import { createServices, SERVICE_NAMES } from '../src/services/index.ts';
import type { ServiceName } from '../src/services/index.ts';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  SEARCH_PORT: port(4401),
  USER_PORT: port(4402),
  CONTENT_PORT: port(4403),
  ORDER_PORT: port(4404),
  DELIVERY_PORT: port(4405),
});
const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  console.error(`services: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(2);
}
const env = parsed.data;
const ports: Record<ServiceName, number> = {
  search: env.SEARCH_PORT,
  user: env.USER_PORT,
  content: env.CONTENT_PORT,
  order: env.ORDER_PORT,
  delivery: env.DELIVERY_PORT,
};

const services = await createServices({ dataDir: resolve(env.DATA_DIR) });
const servers: ServerType[] = await Promise.all(
  SERVICE_NAMES.map(
    (name) =>
      new Promise<ServerType>((ready, fail) => {
        const server = serve({ fetch: services.apps[name].fetch, hostname: env.HOST, port: ports[name] }, () => {
          console.log(`${name.padEnd(8)} http://${env.HOST}:${ports[name]}/health`);
          ready(server);
        });
        server.once('error', fail);
      }),
  ),
);

let closing = false;
function shutdown(signal: string): void {
  if (closing) return;
  closing = true;
  console.log(`${signal}: closing the services`);
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
