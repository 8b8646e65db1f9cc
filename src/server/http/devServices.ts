import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';

type ServicesModule = typeof import('../../services/index.ts');
type RegistryModule = typeof import('../../api/embedded.ts');

/** Imports a project file at run time through Node (not bundled with the config: the services read
 * their SQL migrations relative to their own location). */
const load = <T>(file: string): Promise<T> => import(/* @vite-ignore */ pathToFileURL(join(process.cwd(), file)).href);

/**
 * `npm run dev`: mounts the embedded services in Astro's dev server the way the production
 * launcher does (under /svc and in-process for src/api), so the dev shop has data. Loaded lazily
 * (Node's type stripping) so `astro build` never touches the services.
 */
export function embeddedServicesInDev(): AstroIntegration {
  return {
    name: 'bbs:embedded-services-dev',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        const { createServices } = await load<ServicesModule>('src/services/index.ts');
        const { registerEmbeddedFetch } = await load<RegistryModule>('src/api/embedded.ts');
        const { getRequestListener } = await import('@hono/node-server');
        const dataDir = process.env.DATA_DIR ?? 'data';
        const services = await createServices({ dataDir });
        registerEmbeddedFetch(services.fetch);
        const listener = getRequestListener(services.fetch);
        server.middlewares.use((req, res, next) => {
          if (req.url?.startsWith('/svc/')) void listener(req, res);
          else next();
        });
        server.httpServer?.once('close', () => services.close());
        logger.info(`embedded services mounted under /svc (data in ${dataDir})`);
      },
    },
  };
}
