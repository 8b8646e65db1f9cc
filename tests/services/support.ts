import { rmSync } from 'node:fs';
import type { z } from 'zod';
import { encodeQuery } from '../../src/api/queryString.ts';
import type { QueryValue } from '../../src/api/queryString.ts';
import { createServices } from '../../src/services/index.ts';
import type { Services } from '../../src/services/index.ts';
import { seededDataDir } from './serviceTemplates.ts';

/** A shop of its own in a temp directory; `dispose` closes it and deletes the files. */
export interface TestShop {
  services: Services;
  dataDir: string;
  dispose(): void;
}

/** The demo shop of `seed` with `products` products, a copy of the run's seeded template (serviceTemplates.ts). */
export async function createTestShop(products: number, seed = 42): Promise<TestShop> {
  const dataDir = await seededDataDir({ seed, products });
  const services = await createServices({ dataDir, seed: { seed, products } });
  return {
    services,
    dataDir,
    dispose: () => {
      services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function get(services: Services, path: string, init?: RequestInit): Promise<Response> {
  return services.fetch(new Request(`http://shop.test${path}`, init));
}

/** GETs `path` and parses the JSON body with `schema` (failing the test on a mismatch). */
export async function getJson<S extends z.ZodType>(services: Services, path: string, schema: S): Promise<z.output<S>> {
  const response = await get(services, path);
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return schema.parse(body);
}

export function productsPath(query: Record<string, QueryValue>): string {
  return `/svc/search/public/products?${encodeQuery(query)}`;
}
