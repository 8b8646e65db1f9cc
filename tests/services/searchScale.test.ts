import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { getPriority } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { categorySearchResultSchema } from '../../src/api/schemas/categorySearch.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { databaseFile, openServiceDatabase } from '../../src/services/db/serviceDatabases.ts';
import { num } from '../../src/services/db/rows.ts';
import { startWorkerBuild } from '../../src/services/search/indexHolder.ts';
import type { BuildListeners, BuiltIndex } from '../../src/services/search/indexHolder.ts';
import { createSearchApp } from '../../src/services/search/searchApp.ts';
import { seededDataDir } from './serviceTemplates.ts';

/**
 * Issue 30: index updates that never block, and the quick search's bounded cost. The search app on
 * a copy of the seeded database, with another connection playing the outside writer (an import, a
 * bulk price load) and a small quick-search cap so that a 300-product shop reaches it.
 */
const TOKEN = 'test-search-scale-token';
const CAP = 10;
let dataDir: string;
let db: DatabaseSync;
let outside: DatabaseSync;
let app: Hono;

beforeAll(async () => {
  dataDir = await seededDataDir({ seed: 42, products: 300 }, ['search']);
  db = openServiceDatabase(dataDir, 'search');
  app = createSearchApp(db, { adminToken: TOKEN, quickMatchCap: CAP });
  outside = new DatabaseSync(databaseFile(dataDir, 'search'), { timeout: 5000 });
});
afterAll(() => {
  outside.close();
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function json<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const response = await app.request(`http://search.test${path}`);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return schema.parse(body);
}

const pricedFrom = async (from: number, to: number): Promise<number> =>
  (await json(`/public/products?limit=1&priceFrom=${from}&priceTo=${to}`, productListSchema)).pagination.total;

/** Asks until `read` answers `wanted` (a rebuild runs on a worker thread), at most 10 s. */
async function eventually<T>(read: () => Promise<T>, wanted: T): Promise<T> {
  const until = Date.now() + 10_000;
  let last = await read();
  while (last !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await read();
  }
  return last;
}

/** A listed product (not archival, with a picture and a price) and one of its variants. */
function listedProduct(offset: number): { id: number; variant: number } {
  const row = outside
    .prepare(
      `SELECT p.id, min(v.id) AS variant FROM product p JOIN variant v ON v.product_id = p.id AND v.is_archival = 0
       WHERE p.is_archival = 0 AND p.has_image = 1 AND p.has_price = 1 GROUP BY p.id ORDER BY p.id LIMIT 1 OFFSET ?`,
    )
    .get(offset);
  if (!row) throw new Error('no listed product');
  return { id: num(row, 'id'), variant: num(row, 'variant') };
}

async function patchPrice(
  productId: number,
  variantId: number,
  selling: number,
  recommended = selling,
): Promise<Response> {
  return await app.request(`http://search.test/admin/product/${productId}/variant/${variantId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ price: { recommended, selling } }),
  });
}

describe('index updates', () => {
  it('answers from the index it has while an outside write is rebuilt off the request path, then from the new one', async () => {
    const priced = () => pricedFrom(9_000_000, 9_999_999);
    expect(await priced()).toBe(0);
    const { id } = listedProduct(0);
    outside.prepare('UPDATE product SET min_price = 9000001 WHERE id = ?').run(id);
    // This request notices the write and starts the rebuild; it is not held for it: the old index answers.
    expect(await priced()).toBe(0);
    expect(await eventually(priced, 1)).toBe(1);
  });

  it('lets V8’s helper threads, which collect the build’s garbage, yield to the threads answering requests (Linux)', () => {
    // A thread may end between the listing and the read (the runner's own come and go): it is no helper.
    const nameOf = (task: string) => {
      try {
        return readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim();
      } catch {
        return '';
      }
    };
    const helpers = readdirSync('/proc/self/task').filter((task) => nameOf(task) === 'V8Worker');
    expect(helpers.length).toBeGreaterThan(0);
    // V8's helper threads live as long as the isolate: each one listed is there to be asked.
    for (const task of helpers) expect(getPriority(Number(task)), `thread ${task}`).toBe(10);
    expect(getPriority()).toBe(0);
  });

  it('makes a write through the service searchable at once', async () => {
    // The lowest price of the shop: the product's lowest price, whatever its other variants cost.
    const { id, variant } = listedProduct(1);
    expect(await pricedFrom(1, 1)).toBe(0);
    expect((await patchPrice(id, variant, 1)).status).toBe(200);
    expect(await pricedFrom(1, 1)).toBe(1);
  });
});

/**
 * A real build on a worker thread whose answer is held until the test lets it through: the index
 * it carries was read before anything the test writes meanwhile.
 */
interface HeldBuild {
  /** Resolves when the worker has answered (and its answer is held). */
  answered: Promise<void>;
  release(): void;
}

function holdBuild(file: string, holder: BuildListeners): HeldBuild {
  let built: BuiltIndex | undefined;
  const answered = new Promise<void>((resolve, reject) => {
    startWorkerBuild(file, {
      built(answer) {
        built = answer;
        resolve();
      },
      failed: reject,
      // The holder's `ended` only ends the build, which the answer does too.
      ended: () => undefined,
    });
  });
  return {
    answered,
    release() {
      if (built === undefined) throw new Error('release() before the worker answered');
      holder.built(built);
    },
  };
}

describe('a write through the service while an index is rebuilt', () => {
  let heldDir: string;
  let heldDb: DatabaseSync;
  let heldOutside: DatabaseSync;
  const builds: HeldBuild[] = [];

  beforeAll(async () => {
    heldDir = await seededDataDir({ seed: 43, products: 300 }, ['search']);
    heldDb = openServiceDatabase(heldDir, 'search');
    heldOutside = new DatabaseSync(databaseFile(heldDir, 'search'), { timeout: 5000 });
  });
  afterAll(() => {
    heldOutside.close();
    heldDb.close();
    rmSync(heldDir, { recursive: true, force: true });
  });

  it('survives the swap: the new index, read before it, gets the write applied again', async () => {
    const held = createSearchApp(heldDb, {
      adminToken: TOKEN,
      indexHolder: {
        startBuild: (file, holder) => builds.push(holdBuild(file, holder)),
      },
    });
    const count = async (from: number, to: number): Promise<number> => {
      const response = await held.request(`http://search.test/public/products?limit=1&priceFrom=${from}&priceTo=${to}`);
      expect(response.status).toBe(200);
      return productListSchema.parse(await response.json()).pagination.total;
    };
    const row = heldOutside
      .prepare(
        `SELECT p.id, min(v.id) AS variant FROM product p JOIN variant v ON v.product_id = p.id AND v.is_archival = 0
         WHERE p.is_archival = 0 AND p.has_image = 1 AND p.has_price = 1 GROUP BY p.id ORDER BY p.id LIMIT 2`,
      )
      .all();
    const [theirs, own] = row;
    if (!theirs || !own) throw new Error('fewer than two listed products');
    const [outsideId, ownId, ownVariant] = [num(theirs, 'id'), num(own, 'id'), num(own, 'variant')];
    expect(await count(8_000_000, 8_999_999)).toBe(0);
    expect(await count(2, 2)).toBe(0);

    // An outside write; the next request starts a rebuild, and the worker reads and answers.
    heldOutside.prepare('UPDATE product SET min_price = 8000001 WHERE id = ?').run(outsideId);
    expect(await count(8_000_000, 8_999_999)).toBe(0);
    expect(builds).toHaveLength(1);
    const [build] = builds;
    if (!build) throw new Error('no build started');
    await build.answered;

    // A write through the service after the build's snapshot, before its swap: served at once.
    const patched = await held.request(`http://search.test/admin/product/${ownId}/variant/${ownVariant}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ price: { recommended: 2, selling: 2 } }),
    });
    expect(patched.status).toBe(200);
    expect(await count(2, 2)).toBe(1);

    // The swap: the outside write is served, and the own write made during the build is still there.
    build.release();
    expect(await count(8_000_000, 8_999_999)).toBe(1);
    expect(await count(2, 2)).toBe(1);
    // No further build was needed: the own write moved no data_version.
    expect(builds).toHaveLength(1);
  });
});

describe('quick search', () => {
  const common = 'project=bbs&locale=ru&hasImage=1&withPrice=1&page=0';
  /** A prefix with more listed matches than the cap. */
  const PREFIX = 'ко';

  it('walks at most the cap of matches (quick=1), and then gives no category counts it did not make', async () => {
    const full = await json(`/public/products?${common}&limit=10&title=${PREFIX}`, productListSchema);
    expect(full.pagination.total).toBeGreaterThan(3 * CAP);
    const quick = await json(`/public/products?${common}&limit=10&quick=1&title=${PREFIX}`, productListSchema);
    expect(quick.items.length).toBeGreaterThan(0);
    // Titles and attribute matches, each cut at the cap.
    expect(quick.pagination.total).toBeLessThanOrEqual(2 * CAP);
    for (const product of quick.items) expect(`${product.title} ${product.titleUkr}`.toLowerCase()).toMatch(/ко/u);

    const counted = await json(`/public/category?${common}&limit=5&titleAgg=${PREFIX}`, categorySearchResultSchema);
    expect(counted.items.every((c) => c.count !== null && c.count > 0)).toBe(true);
    const quickCategories = await json(
      `/public/category?${common}&limit=5&quick=1&titleAgg=${PREFIX}`,
      categorySearchResultSchema,
    );
    expect(quickCategories.items.length).toBeGreaterThan(0);
    expect(quickCategories.items.every((c) => c.count === null)).toBe(true);
  });

  const quickProducts = (title: string) =>
    json(`/public/products?${common}&limit=10&quick=1&title=${encodeURIComponent(title)}`, productListSchema);
  const sellingOf = async (title: string, productId: number): Promise<number | null | undefined> =>
    (await quickProducts(title)).items.find((p) => p.id === productId)?.nomenclature[0]?.probablyPriceSelling;

  it('keeps a prefix’s answer briefly, and drops it after a write through the service', async () => {
    const title = 'бод';
    const [first] = (await quickProducts(title)).items;
    if (!first) throw new Error(`nothing found for ${title}`);
    const variant = first.nomenclature[0];
    if (!variant) throw new Error('a listed product without a shown variant');
    const before = variant.probablyPriceSelling;
    // Written behind the service's back and not yet seen by its index: the kept answer still shows the old price.
    outside.prepare('UPDATE variant SET price_selling = price_selling + 1 WHERE id = ?').run(variant.id);
    expect(await sellingOf(title, first.id)).toBe(before);
    // Once the rebuild is swapped in, the answers made from the old index are gone.
    expect(await eventually(() => sellingOf(title, first.id), (before ?? 0) + 1)).toBe((before ?? 0) + 1);

    const recommended = variant.probablyPriceRecommended ?? 1000;
    expect((await patchPrice(first.id, variant.id, recommended - 3, recommended)).status).toBe(200);
    expect(await sellingOf(title, first.id)).toBe(recommended - 3);
  });
});
