import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';

type ServicesModule = typeof import('../../services/index.ts');
type RegistryModule = typeof import('../../api/embedded.ts');
type LauncherModule = typeof import('./launchPlan.ts');
type LogModule = typeof import('../../log/serverLog.ts');

/** Imports a project file at run time through Node (not bundled with the config: the services read
 * their SQL migrations relative to their own location). */
const load = <T>(file: string): Promise<T> => import(/* @vite-ignore */ pathToFileURL(join(process.cwd(), file)).href);

/**
 * `npm run dev`: mounts the embedded services in Astro's dev server the way the production
 * launcher does (under /svc and in-process for src/api), so the dev shop has data. Like the
 * launcher it runs only the services without a `*_API_URL`, with the same admin tokens (given or
 * generated for the run). No revalidation hook: the dev server never caches. Loaded lazily (Node's
 * type stripping) so `astro build` never touches the services.
 */
export function embeddedServicesInDev(): AstroIntegration {
  return {
    name: 'bbs:embedded-services-dev',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        // The dev server's pages and services log through the same logger as `npm start`.
        (await load<LogModule>('src/log/serverLog.ts')).serverLogger();
        const { planLaunch, describeLaunch } = await load<LauncherModule>('src/server/launcher/launchPlan.ts');
        const plan = planLaunch(process.env);
        const dataDir = process.env.DATA_DIR ?? 'data';
        for (const line of describeLaunch(plan, dataDir, { caching: false })) logger.info(line);
        const { createSomeServices } = await load<ServicesModule>('src/services/index.ts');
        const { registerEmbeddedFetch } = await load<RegistryModule>('src/api/embedded.ts');
        const { getRequestListener } = await import('@hono/node-server');
        // With every service real this opens and creates nothing; its router still answers /svc/...
        // with the contract's JSON 404, as the production launcher does.
        const services = await createSomeServices(plan.embedded, {
          dataDir,
          editorToken: plan.editorToken?.value,
          searchAdminToken: plan.searchAdminToken?.value,
          orderAdminToken: plan.orderAdminToken?.value,
          userServiceToken: plan.userServiceToken?.value,
          outside: plan.outside,
          siteUrl: plan.siteUrl ?? undefined,
        });
        if (services.seeded) logger.info(`seeded the demo shop into: ${services.seeded.seeded.join(', ')}`);
        if (services.running.length > 0) registerEmbeddedFetch(services.fetch);
        const listener = getRequestListener(services.fetch);
        server.middlewares.use((req, res, next) => {
          if (req.url?.startsWith('/svc/')) void listener(req, res);
          else next();
        });
        server.httpServer?.once('close', () => services.close());
      },
    },
  };
}
