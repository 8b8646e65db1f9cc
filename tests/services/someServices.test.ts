import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { healthSchema, serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { contentBlockSchema, MAIN_PAGE_SLUGS } from '../../src/api/schemas/content.ts';
import { createServices, createSomeServices } from '../../src/services/index.ts';
import type { SomeServices } from '../../src/services/index.ts';

/**
 * The launchers start only the services without a `*_API_URL` (createSomeServices): the others get
 * no database file, no seed and no route, and the ones that run seed exactly what the whole demo
 * shop would, even when the data they refer to (the catalogue) lives in a service that is absent.
 */

const SEED = { seed: 11, products: 60 };
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bbs-some-services-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const get = (services: SomeServices, path: string) => services.fetch(new Request(`http://shop.test${path}`));

describe('createSomeServices', () => {
  it('with no service opens, seeds and creates nothing, and answers /svc/... with a JSON 404', async () => {
    const dataDir = join(tempDir(), 'not-created');
    const services = await createSomeServices([], { dataDir, seed: SEED });
    try {
      expect(existsSync(dataDir)).toBe(false);
      expect(services.running).toEqual([]);
      expect(services.seeded).toBeNull();
      const response = await get(services, '/svc/search/health');
      expect(response.status).toBe(404);
      expect(serviceErrorSchema.parse(await response.json()).message).toMatch(/does not run here/);
    } finally {
      services.close();
    }
  });

  it('opens, seeds and routes only the services it is given', async () => {
    const dataDir = tempDir();
    const services = await createSomeServices(['delivery', 'user'], { dataDir, seed: SEED });
    try {
      expect(services.running).toEqual(['user', 'delivery']);
      expect(services.seeded?.seeded).toEqual(['delivery']);
      expect(services.seeded?.products).toBe(0);
      expect(readdirSync(dataDir).filter((file) => file.endsWith('.db'))).toEqual(['delivery.db', 'user.db']);
      expect(Object.keys(services.apps).sort()).toEqual(['delivery', 'user']);
      const health = await get(services, '/svc/delivery/health');
      expect(healthSchema.parse(await health.json())).toEqual({ service: 'delivery', status: 'ok' });
      for (const name of ['search', 'content', 'order']) {
        expect((await get(services, `/svc/${name}/health`)).status).toBe(404);
      }
    } finally {
      services.close();
    }
    // A second start finds the data and seeds nothing.
    const again = await createSomeServices(['delivery', 'user'], { dataDir, seed: SEED });
    expect(again.seeded).toBeNull();
    again.close();
  });

  it('seeds the content of the whole shop without the search database it refers to', async () => {
    const whole = await createServices({ dataDir: ':memory:', seed: SEED });
    const contentOnly = await createSomeServices(['content'], { dataDir: ':memory:', seed: SEED });
    try {
      expect(contentOnly.seeded?.seeded).toEqual(['content']);
      expect(contentOnly.seeded?.reviews).toBe(whole.seeded?.reviews);
      expect(contentOnly.seeded?.promotions).toBe(whole.seeded?.promotions);
      for (const slug of Object.values(MAIN_PAGE_SLUGS)) {
        for (const path of [
          `/svc/content/public/content-block/bbs/${slug}/ru`,
          `/svc/content/public/slider/bbs/${slug}/uk`,
        ]) {
          const [a, b] = await Promise.all([get(whole, path), get(contentOnly, path)]);
          expect(b.status, path).toBe(a.status);
          expect(await b.text(), path).toBe(await a.text());
        }
      }
      const block = await get(
        contentOnly,
        `/svc/content/public/content-block/bbs/${MAIN_PAGE_SLUGS.firstProductSlider}/ru`,
      );
      expect(contentBlockSchema.parse(await block.json()).contentFormatted).toMatch(/productIds/);
    } finally {
      whole.close();
      contentOnly.close();
    }
  });
});
