import { DatabaseSync } from 'node:sqlite';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createHttpClient } from '../../src/api/http.ts';
import type { HttpClient } from '../../src/api/http.ts';
import type { Locale } from '../../src/api/schemas/common.ts';
import { productSchema } from '../../src/api/schemas/product.ts';
import { createServices } from '../../src/services/index.ts';
import type { Services } from '../../src/services/index.ts';
import { embeddedBaseUrls } from './endpointSupport.ts';
import { seededDataDir } from './serviceTemplates.ts';

/**
 * A demo shop for the basket check's tests: the five services on a copy of the run's seeded
 * template (files, so the tests can read the seeded catalogue and promotions with SQL to pick
 * their fixtures), the search admin API open to a known token, and the order service's clock fixed.
 */
export const ADMIN_TOKEN = 'basket-test-admin-token';
/** Mid-2025 in Kyiv: after OLDCODE and the expired certificate, before NEXTYEAR. */
export const TODAY = new Date('2025-06-15T09:00:00Z');

export interface BasketShop {
  services: Services;
  search: DatabaseSync;
  order: DatabaseSync;
  /** A client of the shop's services (the storefront's transport, routed in process). */
  client(locale?: Locale): HttpClient;
  /** Sends a raw basket check (`body` a string is sent as is). */
  post(body: unknown, query?: string): Promise<Response>;
  /** Changes a variant's prices and/or stock through the search admin API. */
  patchVariant(productId: number, variantId: number, change: unknown): Promise<void>;
  /** Leaves the variant exactly `quantity` units, in its first warehouse (or the main one). */
  setStock(productId: number, variantId: number, quantity: number): Promise<void>;
  dispose(): void;
}

export async function createBasketShop(products: number, seed = 42): Promise<BasketShop> {
  // A copy of the run's seeded template (serviceTemplates.ts).
  const dataDir = await seededDataDir({ seed, products });
  const services = await createServices({
    dataDir,
    seed: { seed, products },
    searchAdminToken: ADMIN_TOKEN,
    now: () => TODAY,
  });
  const search = new DatabaseSync(join(dataDir, 'search.db'), { readOnly: true });
  const order = new DatabaseSync(join(dataDir, 'order.db'), { readOnly: true });
  const url = (path: string): string => `http://shop.test${path}`;
  const patchVariant = async (productId: number, variantId: number, change: unknown): Promise<void> => {
    const response = await services.fetch(
      new Request(url(`/svc/search/admin/product/${productId}/variant/${variantId}`), {
        method: 'PATCH',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(change),
      }),
    );
    if (response.status !== 200) throw new Error(`admin change: ${response.status} ${await response.text()}`);
  };
  return {
    services,
    search,
    order,
    client: (locale = 'ru') =>
      createHttpClient({
        baseUrls: embeddedBaseUrls,
        locale,
        fetch: services.fetch,
      }),
    post: (body, query = '?locale=ru') =>
      services.fetch(
        new Request(url(`/svc/order/public/basket/check${query}`), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    patchVariant,
    setStock: async (productId, variantId, quantity) => {
      const response = await services.fetch(new Request(url(`/svc/search/public/products/${productId}`)));
      const product = productSchema.parse(await response.json());
      const warehouses = product.nomenclature.find((v) => v.id === variantId)?.warehouses ?? [];
      const [first, ...others] = warehouses.length > 0 ? warehouses.map((w) => w.id) : [1];
      await patchVariant(productId, variantId, {
        stock: [{ warehouseId: first, quantity }, ...others.map((warehouseId) => ({ warehouseId, quantity: 0 }))],
      });
    },
    dispose: () => {
      search.close();
      order.close();
      services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A variant of the catalogue as a basket names it. */
export interface Line {
  internalId: number;
  productId: number;
}

/** SQL over a seeded search database, from the point of view of a variant `v` of a product `p` in folder `f`. */
const VARIANT_FROM = `FROM variant v JOIN product p ON p.id = v.product_id JOIN category f ON f.id = p.folder_category_id`;
const STOCK = '(SELECT coalesce(sum(quantity), 0) FROM variant_stock s WHERE s.variant_id = v.id)';
/** A variant the shop sells now: live, priced, in stock, not a pre-order, not a certificate or service good. */
export const SELLABLE = `p.is_archival = 0 AND v.is_archival = 0 AND v.is_pre_order = 0
  AND v.price_recommended IS NOT NULL AND v.price_selling IS NOT NULL AND ${STOCK} >= 3
  AND f.slug NOT IN ('elektronnyi-podarochnyi-sertifikat', 'sluzhebnaya')`;

/** Hands out variants matching `where`, each once per shop, so tests that change one do not meet. */
export function variantPicker(search: DatabaseSync): (where: string, excluding?: readonly number[]) => Line {
  const taken = new Set<number>();
  return (where, excluding = []) => {
    const rows = search.prepare(`SELECT v.id, v.product_id ${VARIANT_FROM} WHERE ${where} ORDER BY v.id`).all();
    for (const row of rows) {
      const internalId = Number(row.id);
      const productId = Number(row.product_id);
      if (taken.has(internalId) || excluding.includes(productId)) continue;
      taken.add(internalId);
      return { internalId, productId };
    }
    throw new Error(`no variant left where ${where}`);
  };
}
