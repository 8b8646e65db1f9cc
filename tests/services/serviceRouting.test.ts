import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthSchema, serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { migrate, openDatabase } from '../../src/services/db/database.ts';
import { migrationsDir } from '../../src/services/db/serviceDatabases.ts';
import { SERVICE_NAMES, createServices } from '../../src/services/index.ts';
import { createTestShop, get } from './support.ts';
import type { TestShop } from './support.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop(50);
});
afterAll(() => shop.dispose());

describe('service routing', () => {
  it.each(SERVICE_NAMES)('%s answers /health through /svc/%s', async (name) => {
    const response = await get(shop.services, `/svc/${name}/health`);
    expect(response.status).toBe(200);
    expect(healthSchema.parse(await response.json())).toEqual({ service: name, status: 'ok' });
    // The apps themselves serve the unprefixed path (stand-alone ports).
    const direct = await shop.services.apps[name].fetch(new Request('http://localhost/health'));
    expect(await direct.json()).toEqual({ service: name, status: 'ok' });
  });

  it.each([
    '/svc/search/public/no-such-route',
    '/svc/search',
    '/svc/unknown/health',
    '/svc/searchx/health',
    '/public/products',
    '/',
  ])('answers 404 JSON for %s', async (path) => {
    const response = await get(shop.services, path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(serviceErrorSchema.parse(await response.json()).code).toBe(404);
  });

  it('answers 404 for a known path with the wrong method', async () => {
    const response = await get(shop.services, '/svc/search/public/products', { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });

  it('answers 500 JSON without a stack trace when a handler fails', async () => {
    const broken = await createTestShop(20);
    broken.services.close();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await get(broken.services, '/svc/search/public/category-config');
      expect(response.status).toBe(500);
      const body = serviceErrorSchema.parse(await response.json());
      expect(body).toEqual({ code: 500, message: 'Internal error' });
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
      broken.dispose();
    }
  });

  it('runs in memory as well', async () => {
    const services = await createServices({ dataDir: ':memory:', seed: { seed: 7, products: 30 } });
    try {
      const response = await services.fetch(new Request('http://x/svc/search/public/products?limit=5'));
      expect(response.status).toBe(200);
    } finally {
      services.close();
    }
  });
});

describe('migrations', () => {
  it('apply numbered files once, in order, and record them', () => {
    for (const name of SERVICE_NAMES) {
      const db = openDatabase(':memory:', { synchronous: 'NORMAL' });
      const first = migrate(db, migrationsDir(name));
      expect(first.length).toBeGreaterThan(0);
      expect(first.map((m) => m.version)).toEqual([...first.map((m) => m.version)].sort((a, b) => a - b));
      expect(migrate(db, migrationsDir(name))).toEqual([]);
      const recorded = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
      expect(recorded.map((r) => r.version)).toEqual(first.map((m) => m.version));
      db.close();
    }
  });

  it('open the files with WAL, foreign keys and the durability each service needs', () => {
    const pragma = (service: 'order' | 'search', name: string): unknown => {
      const db = openDatabase(`${shop.dataDir}/${service}.db`, {
        synchronous: service === 'order' ? 'FULL' : 'NORMAL',
      });
      const value = Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
      db.close();
      return value;
    };
    expect(pragma('order', 'journal_mode')).toBe('wal');
    expect(pragma('order', 'foreign_keys')).toBe(1);
    expect(pragma('order', 'synchronous')).toBe(2);
    expect(pragma('search', 'synchronous')).toBe(1);
  });
});
