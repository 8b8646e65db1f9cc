import { rmSync } from 'node:fs';
import type { FetchHandler } from '../../src/api/embedded.ts';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import { createSomeServices } from '../../src/services/index.ts';
import type { SomeServices } from '../../src/services/index.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';
import { seededDataDir } from './serviceTemplates.ts';

/**
 * The delivery service alone on a copy of the run's seeded delivery database (seed 42 unless
 * told; serviceTemplates.ts), for the delivery tests: raw HTTP helpers and the storefront's typed
 * client over it.
 */
export interface DeliveryShop {
  services: SomeServices;
  get(path: string): Promise<Response>;
  /** POSTs `body` (a string is sent as is) to `path`. */
  post(path: string, body: unknown): Promise<Response>;
  /** A client of the service; `fetch` wraps the in-process transport (to watch or break calls). */
  client(wrap?: (fetch: FetchHandler) => FetchHandler): HttpClient;
  dispose(): void;
}

export const KYIV = 9812;

export async function createDeliveryShop(seed = 42): Promise<DeliveryShop> {
  // Products are the search service's; delivery does not read them.
  const options = { seed, products: 1 };
  const dataDir = await seededDataDir(options, ['delivery']);
  const services = await createSomeServices(['delivery'], { dataDir, seed: options });
  const url = (path: string): string => `http://shop.test/svc/delivery${path}`;
  return {
    services,
    get: (path) => services.fetch(new Request(url(path))),
    post: (path, body) =>
      services.fetch(
        new Request(url(path), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    client: (wrap = (fetch) => fetch) =>
      createHttpClient({
        baseUrls: embeddedBaseUrls,
        locale: 'ru',
        fetch: wrap(services.fetch),
      }),
    dispose: () => {
      services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
