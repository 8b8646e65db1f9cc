import { DatabaseSync } from 'node:sqlite';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSchema, settlementSchema } from '../../src/api/schemas/delivery.ts';
import { createDeliveryRepository } from '../../src/services/delivery/deliveryRepository.ts';
import { DEFAULT_SEED, seedAll } from '../../src/services/index.ts';
import { createTestShop, get } from './support.ts';

/** The default demo shop (seed 42, 2,000 products), built once with the seed script's function. */
let dataDir: string;
let search: DatabaseSync;
let delivery: DatabaseSync;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bbs-seed-'));
  // How long this takes is a bench figure (`npm run bench` prints it), not a test: a busy machine is slow.
  seedAll(dataDir, DEFAULT_SEED);
  search = new DatabaseSync(join(dataDir, 'search.db'), { readOnly: true });
  delivery = new DatabaseSync(join(dataDir, 'delivery.db'), { readOnly: true });
});
afterAll(() => {
  search.close();
  delivery.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = (db: DatabaseSync, sql: string, ...params: (string | number)[]): number =>
  Number(db.prepare(sql).get(...params)?.n);

describe('the default demo catalogue', () => {
  it('has at least 1,500 products and 6,000 variants', () => {
    expect(count(search, 'SELECT count(*) AS n FROM product')).toBe(2000);
    expect(count(search, 'SELECT count(*) AS n FROM variant')).toBeGreaterThanOrEqual(6000);
  });

  it('has at least 8 folder categories, 40 sub-categories and 50 brands', () => {
    expect(count(search, 'SELECT count(*) AS n FROM category WHERE parent_id IS NULL')).toBeGreaterThanOrEqual(8);
    expect(count(search, 'SELECT count(*) AS n FROM category WHERE parent_id IS NOT NULL')).toBeGreaterThanOrEqual(40);
    expect(count(search, 'SELECT count(*) AS n FROM brand')).toBeGreaterThanOrEqual(50);
    expect(count(search, "SELECT count(*) AS n FROM category WHERE slug = 'elektronnyi-podarochnyi-sertifikat'")).toBe(
      1,
    );
  });

  it('varies the products the way a real shop does', () => {
    const some = (where: string): number => count(search, `SELECT count(*) AS n FROM variant WHERE ${where}`);
    expect(some('color_id IS NOT NULL AND size_id IS NOT NULL')).toBeGreaterThan(100);
    expect(some('color_id IS NOT NULL AND size_id IS NULL')).toBeGreaterThan(100);
    expect(some('color_id IS NULL AND size_id IS NOT NULL')).toBeGreaterThan(100);
    expect(some('color_id IS NULL AND size_id IS NULL')).toBeGreaterThan(100);
    expect(some('is_archival = 1')).toBeGreaterThan(50);
    expect(some('is_pre_order = 1 AND expectation_date IS NOT NULL')).toBeGreaterThan(10);
    expect(some('bonus_accrual_rate IS NULL')).toBeGreaterThan(100);
    expect(some('bonus_max_payment_percent = 0')).toBeGreaterThan(100);
    expect(some('price_selling < price_recommended')).toBeGreaterThan(500);
    expect(some('price_subscription IS NOT NULL')).toBeGreaterThan(10);
    expect(
      some('discount_rate <> CAST(round((price_recommended - price_selling) * 100.0 / price_recommended) AS INTEGER)'),
    ).toBe(0);
    expect(count(search, 'SELECT count(*) AS n FROM product WHERE is_archival = 1')).toBeGreaterThan(5);
    expect(count(search, 'SELECT count(*) AS n FROM product WHERE allow_subscription = 1')).toBeGreaterThan(20);
    expect(
      count(search, "SELECT count(*) AS n FROM product WHERE slug NOT GLOB '[a-z0-9]*' OR slug GLOB '*[^a-z0-9-]*'"),
    ).toBe(0);
    const stockedIn = search
      .prepare('SELECT DISTINCT warehouse_id AS id FROM variant_stock ORDER BY id')
      .all()
      .map((r) => Number(r.id));
    const shops = delivery
      .prepare('SELECT id FROM shop ORDER BY id')
      .all()
      .map((r) => Number(r.id));
    expect(stockedIn).toEqual(shops);
  });
});

describe('the delivery data', () => {
  const repository = (): ReturnType<typeof createDeliveryRepository> => createDeliveryRepository(delivery);

  it('has at least 100 settlements with Kyiv among them', () => {
    expect(count(delivery, 'SELECT count(*) AS n FROM settlement')).toBeGreaterThanOrEqual(100);
    const [kyiv] = repository().findSettlements('київ', 5);
    expect(settlementSchema.parse(kyiv)).toMatchObject({ id: 9812, name: 'Киев', nameUkr: 'Київ', districtName: null });
    expect(
      repository()
        .findSettlements('Льв', 5)
        .map((s) => s.nameUkr),
    ).toContain('Львів');
    expect(
      repository()
        .findSettlements('ивано', 5)
        .map((s) => s.name),
    ).toContain('Ивано-Франковск');
  });

  it('offers carrier branches: several in big cities, a few in small ones', () => {
    const kyiv = 9812;
    for (const slug of ['np-warehouse', 'justin-warehouse', 'u-warehouse', 'np-postbox']) {
      expect(repository().branches(kyiv, { deliverySlug: slug, page: 0, limit: 500 }).total).toBeGreaterThanOrEqual(5);
    }
    const small = repository().findSettlements('Яремче', 1)[0];
    const smallTotal = repository().branches(small?.id ?? 0, { page: 0, limit: 500 }).total;
    expect(smallTotal).toBeGreaterThan(0);
    expect(smallTotal).toBeLessThan(15);
    const page = repository().branches(kyiv, { deliverySlug: 'np-warehouse', page: 1, limit: 10 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0]?.number).toBe(11);
  });

  it('offers the im-courier in Kyiv only and np/meest couriers outside it', () => {
    const methods = (id: number): string[] =>
      repository()
        .deliveryMethods(id)
        .map((m) => m.slug);
    expect(methods(9812)).toContain('im-courier');
    expect(methods(9812)).not.toContain('np-courier');
    const lviv = repository().findSettlements('Львів', 1)[0]?.id ?? 0;
    expect(methods(lviv)).toEqual(expect.arrayContaining(['np-courier', 'meest-courier', 'pick-and-collect']));
    expect(methods(lviv)).not.toContain('im-courier');
    expect(repository().oftenUsedSettlements(3)[0]?.nameUkr).toBe('Київ');
  });

  it('has the shop’s own pickup points and warehouses', () => {
    const shops = repository()
      .shops()
      .map((s) => shopSchema.parse(s));
    expect(shops.filter((s) => s.cityId === 9812).length).toBeGreaterThanOrEqual(3);
    expect(shops.some((s) => s.additionalConfig.type === 'warehouse')).toBe(true);
    expect(shops.some((s) => !s.pickupEnable)).toBe(true);
    expect(shops.some((s) => s.hasWeightLimit) && shops.some((s) => !s.hasWeightLimit)).toBe(true);
    expect(shops.some((s) => s.isChicco) && shops.some((s) => s.isMa)).toBe(true);
    const configs = repository().shopConfigs();
    expect(configs.partnerShopList.every((s) => s.additionalConfig.type === 'partner')).toBe(true);
    expect(configs.warehouseList.length + configs.partnerShopList.length).toBe(shops.length);
    expect(repository().streets(9812, 'шевч', 5)[0]?.nameUkr).toBe('Шевченка');
  });
});

/** Hash of every table's rows in primary-key order, except the migration timestamps. */
function contentHash(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  const hash = createHash('sha256');
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'product_fts%' AND name <> 'schema_migrations' ORDER BY name",
    )
    .all()
    .map((r) => String(r.name));
  for (const table of tables) {
    hash.update(table);
    // Table names come from sqlite_schema, not from input.
    for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY 1, 2`).all()) hash.update(JSON.stringify(row));
  }
  db.close();
  return hash.digest('hex');
}

describe('determinism', () => {
  it('builds identical databases from the same seed', () => {
    const other = mkdtempSync(join(tmpdir(), 'bbs-seed-'));
    try {
      seedAll(other, { seed: 42, products: 2000 });
      for (const name of ['search', 'delivery']) {
        expect(contentHash(join(other, `${name}.db`))).toBe(contentHash(join(dataDir, `${name}.db`)));
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('answers identical category-config and first page for the same seed, and a different page for another seed', async () => {
    const a = await createTestShop(200, 7);
    const b = await createTestShop(200, 7);
    const c = await createTestShop(200, 8);
    try {
      const text = async (shop: typeof a, path: string): Promise<string> => (await get(shop.services, path)).text();
      const config = '/svc/search/public/category-config';
      const page = '/svc/search/public/products?page=0&limit=24&hasImage=1&withPrice=1';
      expect(await text(a, config)).toBe(await text(b, config));
      expect(await text(a, page)).toBe(await text(b, page));
      expect(await text(a, page)).not.toBe(await text(c, page));
    } finally {
      a.dispose();
      b.dispose();
      c.dispose();
    }
  });
});
