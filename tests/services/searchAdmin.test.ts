import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { brandDetailSchema } from '../../src/api/schemas/brandDetail.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { productListSchema, productSchema } from '../../src/api/schemas/product.ts';
import type { WireProduct, WireVariant } from '../../src/api/schemas/product.ts';
import { variantChangeResultSchema } from '../../src/api/schemas/searchAdmin.ts';
import { closeServiceDatabases, openServiceDatabases } from '../../src/services/db/serviceDatabases.ts';
import { createServices } from '../../src/services/index.ts';
import type { Services } from '../../src/services/index.ts';
import { createProductWriter } from '../../src/services/search/productWrites.ts';
import { buildSearchIndex, withProductListing } from '../../src/services/search/searchIndex.ts';
import { seedEmptyDatabases } from '../../src/services/seed/seedAll.ts';
import { productsPath } from './support.ts';

/** The search service's admin API for prices and stock: token, validation, persistence, index, change hook. */
const TOKEN = 'test-search-admin-token';
const SEED = { seed: 42, products: 300 };
type Change = { productId: number; tags: string[]; paths: string[] };
const changes: Change[] = [];
let services: Services;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bbs-search-admin-'));
  services = await open();
});
afterAll(() => {
  services.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  changes.length = 0;
});

function open(): Promise<Services> {
  return createServices({
    dataDir,
    seed: SEED,
    searchAdminToken: TOKEN,
    onProductChange: (change) => {
      changes.push(change);
    },
  });
}

const url = (path: string): string => `http://shop.test/svc/search${path}`;
const variantPath = (productId: number, variantId: number): string =>
  `/admin/product/${productId}/variant/${variantId}`;

function patch(
  path: string,
  body: unknown,
  token: string | null = TOKEN,
  target: Services = services,
): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  return target.fetch(
    new Request(url(path), {
      method: 'PATCH',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

async function read<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return schema.parse(body);
}

async function publicJson<S extends z.ZodType>(
  path: string,
  schema: S,
  target: Services = services,
): Promise<z.output<S>> {
  return read(await target.fetch(new Request(url(path))), 200, schema);
}

/** `/public/products?…` relative to the search service. */
const listPath = (query: Parameters<typeof productsPath>[0]): string => productsPath(query).slice('/svc/search'.length);

const productById = (id: number, target: Services = services): Promise<WireProduct> =>
  publicJson(`/public/products/${id}`, productSchema, target);

/** Listed products (priced, with a picture) of the seeded shop that are in a sub-category and have a brand. */
async function listedProducts(): Promise<WireProduct[]> {
  const { items } = await publicJson(listPath({ page: 0, limit: 100, withPrice: 1, hasImage: 1 }), productListSchema);
  return items.filter((p) => p.category !== null && p.brand !== null && p.nomenclature.length > 0);
}

/**
 * A listed product not used by another test (each test changes its own), as the product call shows
 * it, with a variant that has both prices and stock (the first variant when none has).
 */
let nextProduct = 0;
async function freshProduct(): Promise<{ product: WireProduct; variant: WireVariant }> {
  const listed = (await listedProducts())[nextProduct++];
  if (!listed) throw new Error('the seed ran out of listed products');
  const product = await productById(listed.id);
  const variant =
    product.nomenclature.find(
      (v) => v.probablyPriceRecommended !== null && v.probablyPriceSelling !== null && v.warehouses.length > 0,
    ) ?? product.nomenclature[0];
  if (!variant) throw new Error(`product ${product.id} has no variants`);
  return { product, variant };
}

describe('the admin token', () => {
  const body = { price: { selling: 100 } };

  it.each([
    ['no Authorization header', null],
    ['a wrong token', 'wrong-token'],
    ['an empty token', ''],
  ])('refuses a call with %s (401)', async (_, token) => {
    const { product, variant } = await freshProduct();
    const response = await patch(variantPath(product.id, variant.id), body, token);
    const error = await read(response, 401, serviceErrorSchema);
    expect(error.code).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await productById(product.id)).nomenclature).toEqual(product.nomenclature);
    expect(changes).toEqual([]);
  });

  it('refuses a Basic credential carrying the right token', async () => {
    const { product, variant } = await freshProduct();
    const response = await services.fetch(
      new Request(url(variantPath(product.id, variant.id)), {
        method: 'PATCH',
        headers: { authorization: `Basic ${TOKEN}` },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(401);
  });

  it('checks the token before looking at the body', async () => {
    expect((await patch(variantPath(1, 1), 'not json', 'wrong')).status).toBe(401);
  });

  it('refuses every admin call when no token is configured', async () => {
    const bare = await createServices({ dataDir: ':memory:', seed: { seed: 1, products: 20 } });
    try {
      const error = await read(await patch(variantPath(1, 1), body, 'undefined', bare), 401, serviceErrorSchema);
      expect(error.message).toMatch(/disabled/);
    } finally {
      bare.close();
    }
  });
});

describe('validation', () => {
  it.each([
    ['not JSON', 'price=100'],
    ['an empty object', {}],
    ['an empty price', { price: {} }],
    ['an unknown field', { price: { selling: 100 }, colour: 'red' }],
    ['an unknown price', { price: { wholesale: 100 } }],
    ['a price as text', { price: { selling: '100' } }],
    ['a zero price', { price: { selling: 0 } }],
    ['a negative price', { price: { recommended: -5 } }],
    ['a price in tenths of a kopeck', { price: { selling: 10.005 } }],
    ['a price above the limit', { price: { selling: 10_000_001 } }],
    ['an empty stock list', { stock: [] }],
    ['a negative quantity', { stock: [{ warehouseId: 1, quantity: -1 }] }],
    ['a fractional quantity', { stock: [{ warehouseId: 1, quantity: 1.5 }] }],
    [
      'a warehouse twice',
      {
        stock: [
          { warehouseId: 1, quantity: 1 },
          { warehouseId: 1, quantity: 2 },
        ],
      },
    ],
    ['a warehouse id of 0', { stock: [{ warehouseId: 0, quantity: 1 }] }],
    ['stock as an object', { stock: { 1: 5 } }],
  ])('answers 400 to %s, and changes nothing', async (_, body) => {
    const { product, variant } = await freshProduct();
    const error = await read(await patch(variantPath(product.id, variant.id), body), 400, serviceErrorSchema);
    expect(error.code).toBe(400);
    expect(error.message).toMatch(/^(Invalid body|The body must be JSON)/);
    expect((await productById(product.id)).nomenclature).toEqual(product.nomenclature);
    expect(changes).toEqual([]);
  });

  it.each([
    ['a product id that is not a number', '/admin/product/abc/variant/1'],
    ['a product id of 0', '/admin/product/0/variant/1'],
    ['a variant id that is not a number', '/admin/product/1/variant/x1'],
  ])('answers 400 to %s', async (_, path) => {
    expect((await patch(path, { price: { selling: 100 } })).status).toBe(400);
  });

  it('answers 404 for an unknown product, and for a variant of another product', async () => {
    const [first, second] = await listedProducts();
    if (!first || !second) throw new Error('the seed has too few products');
    const other = second.nomenclature[0];
    if (!other) throw new Error('a product without variants');
    expect((await patch(variantPath(999_999_999, other.id), { price: { selling: 100 } })).status).toBe(404);
    expect((await patch(variantPath(first.id, other.id), { price: { selling: 100 } })).status).toBe(404);
    expect((await productById(second.id)).nomenclature).toEqual(second.nomenclature);
  });
});

describe('a price change', () => {
  it('is stored and shown by GET /public/products/{id}, with the discount recomputed', async () => {
    const { product, variant } = await freshProduct();
    const result = await read(
      await patch(variantPath(product.id, variant.id), { price: { recommended: 2000, selling: 1500 } }),
      200,
      variantChangeResultSchema,
    );
    expect(result.changed).toBe(true);
    const shown = await productById(product.id);
    expect(result.product).toEqual(shown);
    const changed = shown.nomenclature.find((v) => v.id === variant.id);
    expect(changed).toMatchObject({ probablyPriceRecommended: 2000, probablyPriceSelling: 1500, discountRate: 25 });
    // Nothing else of the variant moved.
    expect({ ...changed, probablyPriceRecommended: 0, probablyPriceSelling: 0, discountRate: 0 }).toEqual({
      ...variant,
      probablyPriceRecommended: 0,
      probablyPriceSelling: 0,
      discountRate: 0,
    });
  });

  it('keeps prices the body leaves out, and removes a price sent as null', async () => {
    const { product, variant } = await freshProduct();
    await read(
      await patch(variantPath(product.id, variant.id), { price: { subscription: null } }),
      200,
      variantChangeResultSchema,
    );
    const after = (await productById(product.id)).nomenclature.find((v) => v.id === variant.id);
    expect(after?.probablyPriceSubscriptionDiscount).toBeNull();
    expect(after?.probablyPriceSelling).toBe(variant.probablyPriceSelling);
    expect(after?.probablyPriceRecommended).toBe(variant.probablyPriceRecommended);
  });

  it('moves the product in listings at once: price filters and the price sort follow', async () => {
    const { product, variant } = await freshProduct();
    const folder = product.folderCategory.slug;
    const cheapest = async () =>
      (
        await publicJson(
          listPath({
            page: 0,
            limit: 1,
            folderCategory: folder,
            orderBy: 'price',
            order: 'asc',
            withPrice: 1,
            hasImage: 1,
          }),
          productListSchema,
        )
      ).items[0]?.id;
    expect(await cheapest()).not.toBe(product.id);
    await read(
      await patch(variantPath(product.id, variant.id), { price: { recommended: 3, selling: 1 } }),
      200,
      variantChangeResultSchema,
    );
    expect(await cheapest()).toBe(product.id);
    const inRange = await publicJson(
      listPath({ page: 0, limit: 5, folderCategory: folder, priceTo: 1, withPrice: 1 }),
      productListSchema,
    );
    expect(inRange.items.map((p) => p.id)).toContain(product.id);
  });

  it('notifies the product and the price-ordered listings of its categories, brand and search, never every listing', async () => {
    const { product, variant } = await freshProduct();
    const brandSlug = product.brand?.slug ?? '';
    const brand = await publicJson(`/public/brand/${brandSlug}`, brandDetailSchema);
    const priceChange = async (selling: number) => {
      changes.length = 0;
      const result = await read(
        await patch(variantPath(product.id, variant.id), { price: { selling } }),
        200,
        variantChangeResultSchema,
      );
      expect(changes.map((c) => c.tags)).toEqual([result.tags]);
      expect(changes[0]?.paths).toEqual([`/product/${product.slug}`, `/ua/product/${product.slug}`]);
      return result.tags;
    };
    const selling = variant.probablyPriceSelling ?? 100;
    const first = await priceChange(selling - 1);
    expect(first).toEqual(
      expect.arrayContaining([
        `product:${product.id}`,
        `by-price:category:${product.folderCategory.slug}`,
        `by-price:category:${product.category?.slug ?? ''}`,
        `by-price:brand:${brand.id}`,
        'by-price:search',
      ]),
    );
    // Not the listings as such: those showing the product carry its own tag.
    for (const broad of ['catalog', `category:${product.folderCategory.slug}`, `brand:${brand.id}`, 'search']) {
      expect(first).not.toContain(broad);
    }
    expect(first.filter((tag) => tag.startsWith('by-stock:'))).toEqual([]);
    // The first change of the day moves the product's <lastmod>, so its sitemap file; the next one does not.
    expect(first.filter((tag) => tag.startsWith('sitemap:'))).toEqual(['sitemap:products:1']);
    const second = await priceChange(selling - 2);
    expect(second.filter((tag) => tag.startsWith('sitemap:'))).toEqual([]);
    expect(second).toContain(`by-price:category:${product.folderCategory.slug}`);
  });

  it('a product going off sale (its last price removed) drops every listing and the sitemaps', async () => {
    const { product } = await freshProduct();
    for (const v of product.nomenclature) {
      await read(
        await patch(variantPath(product.id, v.id), { price: { selling: null } }),
        200,
        variantChangeResultSchema,
      );
    }
    const last = changes.at(-1)?.tags ?? [];
    expect(last).toEqual(
      expect.arrayContaining(['catalog', `category:${product.folderCategory.slug}`, `product:${product.id}`]),
    );
    expect(changes.slice(0, -1).flatMap((c) => c.tags)).not.toContain('catalog');
  });

  it('writes and notifies nothing when the body repeats the stored prices', async () => {
    const { product, variant } = await freshProduct();
    const same = { price: { recommended: variant.probablyPriceRecommended, selling: variant.probablyPriceSelling } };
    const result = await read(await patch(variantPath(product.id, variant.id), same), 200, variantChangeResultSchema);
    expect(result).toMatchObject({ changed: false, tags: [] });
    expect(changes).toEqual([]);
  });

  it('survives a restart: it is in SQLite, not only in memory', async () => {
    const { product, variant } = await freshProduct();
    await read(
      await patch(variantPath(product.id, variant.id), { price: { selling: 777.5 } }),
      200,
      variantChangeResultSchema,
    );
    services.close();
    services = await open();
    const after = (await productById(product.id)).nomenclature.find((v) => v.id === variant.id);
    expect(after?.probablyPriceSelling).toBe(777.5);
  });
});

describe('a stock change', () => {
  const stockOf = (product: WireProduct, variantId: number) =>
    product.nomenclature.find((v) => v.id === variantId)?.warehouses ?? [];

  it('sets the listed warehouses only, and a quantity change in stocked warehouses notifies the product alone', async () => {
    const { product, variant } = await freshProduct();
    const stocked = variant.warehouses[0];
    if (!stocked) throw new Error('the first listed variant has no stock');
    const result = await read(
      await patch(variantPath(product.id, variant.id), {
        stock: [{ warehouseId: stocked.id, quantity: stocked.quantity + 5 }],
      }),
      200,
      variantChangeResultSchema,
    );
    const expected = variant.warehouses.map((w) => (w.id === stocked.id ? { ...w, quantity: w.quantity + 5 } : w));
    expect(stockOf(result.product, variant.id)).toEqual(expected);
    const shown = (await productById(product.id)).nomenclature.find((v) => v.id === variant.id);
    expect(shown?.warehouses).toEqual(expected);
    expect(shown?.totalAmount).toBe(variant.totalAmount + 5);
    expect(changes.map((c) => c.tags)).toEqual([[`product:${product.id}`]]);
  });

  it('puts the product into a warehouse filter and takes it out again, notifying the warehouse-filtered listings', async () => {
    const { product, variant } = await freshProduct();
    const warehouse = 4242;
    const inWarehouse = async () =>
      (await publicJson(listPath({ page: 0, limit: 10, warehouses: warehouse }), productListSchema)).items.map(
        (p) => p.id,
      );
    expect(await inWarehouse()).toEqual([]);

    await read(
      await patch(variantPath(product.id, variant.id), { stock: [{ warehouseId: warehouse, quantity: 3 }] }),
      200,
      variantChangeResultSchema,
    );
    expect(await inWarehouse()).toEqual([product.id]);
    await read(
      await patch(variantPath(product.id, variant.id), { stock: [{ warehouseId: warehouse, quantity: 0 }] }),
      200,
      variantChangeResultSchema,
    );
    expect(await inWarehouse()).toEqual([]);
    expect(stockOf(await productById(product.id), variant.id)).toEqual(variant.warehouses);
    expect(changes).toHaveLength(2);
    for (const change of changes) {
      expect(change.tags).toEqual(
        expect.arrayContaining([`by-stock:category:${product.folderCategory.slug}`, 'by-stock:search']),
      );
      expect(change.tags).not.toContain('catalog');
    }
  });
});

describe('the change hook', () => {
  it('never fails the change when it throws; the failure is logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = await createServices({
      dataDir: ':memory:',
      seed: { seed: 3, products: 40 },
      searchAdminToken: TOKEN,
      onProductChange: () => {
        throw new Error('cache is down');
      },
    });
    try {
      const { items } = await publicJson('/public/products?page=0&limit=1&withPrice=1', productListSchema, failing);
      const product = items[0];
      const variant = product?.nomenclature[0];
      if (!product || !variant) throw new Error('no product');
      const response = await patch(variantPath(product.id, variant.id), { price: { selling: 99 } }, TOKEN, failing);
      expect(response.status).toBe(200);
      expect(log).toHaveBeenCalledWith(expect.stringContaining(`product:${product.id}`), 'cache is down');
      const shown = (await productById(product.id, failing)).nomenclature.find((v) => v.id === variant.id);
      expect(shown?.probablyPriceSelling).toBe(99);
    } finally {
      log.mockRestore();
      failing.close();
    }
  });
});

describe('the in-memory listing index', () => {
  it('after any series of changes equals the index rebuilt from the database', () => {
    const dbs = openServiceDatabases(':memory:');
    try {
      seedEmptyDatabases(dbs, { seed: 7, products: 150 });
      const db = dbs.search;
      const writer = createProductWriter(db);
      let index = buildSearchIndex(db);
      const variants = db
        .prepare('SELECT id, product_id FROM variant ORDER BY id')
        .all()
        .map((row) => ({ id: Number(row.id), productId: Number(row.product_id) }));
      // A deterministic walk: every 7th variant gets a new price, loses one, or gains and loses stock.
      for (let i = 0; i < variants.length; i += 7) {
        const v = variants[i];
        if (!v) continue;
        const step = (i / 7) % 4;
        const change =
          step === 0
            ? { price: { recommended: 500 + i, selling: 300 + i } }
            : step === 1
              ? { price: { selling: null } }
              : step === 2
                ? { stock: [{ warehouseId: 900 + (i % 3), quantity: 2 }] }
                : { stock: [{ warehouseId: 900 + ((i - 7) % 3), quantity: 0 }], price: { recommended: 1 } };
        const result = writer.changeVariant(v.productId, v.id, change);
        if (result?.changed) index = withProductListing(index, result.listing);
      }
      expect(index).toEqual(buildSearchIndex(db));
    } finally {
      closeServiceDatabases(dbs);
    }
  });
});
