import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { productListSchema, productSchema } from '../../src/api/schemas/product.ts';
import { variantChangeResultSchema } from '../../src/api/schemas/searchAdmin.ts';
import { sitemapFileOf, sitemapProductsSchema, PRODUCTS_PER_SITEMAP } from '../../src/api/schemas/sitemap.ts';
import { productSitemapImages } from '../../src/domain/seo/productSitemapImages.ts';
import { createServices, type Services } from '../../src/services/index.ts';
import { sitemapEntryImages } from '../../src/server/pages/productSitemap.ts';

/** Issue 30: the sitemap call of the search service, which the product sitemap files are written from. */
const TOKEN = 'test-sitemap-admin-token';
const ORIGIN = 'https://shop.example';
let services: Services;
let dataDir: string;
const tags: string[][] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bbs-sitemap-'));
  services = await createServices({
    dataDir,
    seed: { seed: 7, products: 200 },
    searchAdminToken: TOKEN,
    onProductChange: (change) => {
      tags.push(change.tags);
    },
  });
});
afterAll(() => {
  services.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const response = await services.fetch(new Request(`http://shop.test/svc/search${path}`));
  expect(response.status, path).toBe(200);
  return schema.parse(await response.json());
}

const sitemapPart = (offset: number, limit: number) =>
  get(`/public/sitemap/products?offset=${offset}&limit=${limit}`, sitemapProductsSchema);

describe('GET /public/sitemap/products', () => {
  it('lists every product a page shows, in id order, parts joining without gaps', async () => {
    const listed = await get('/public/products?page=0&limit=1&withPrice=1&hasImage=0', productListSchema);
    const whole = await sitemapPart(0, 1000);
    const total = whole.total ?? -1;
    expect(total).toBe(listed.pagination.total);
    expect(whole.items).toHaveLength(total);
    const ids = whole.items.map((p) => p.id);
    expect(ids).toEqual(ids.toSorted((a, b) => a - b));
    // By place (where a file starts) and right after an id (the next part of a file): the same order.
    const byPlace = [...(await sitemapPart(0, 70)).items, ...(await sitemapPart(70, 70)).items];
    const after = await get(
      `/public/sitemap/products?after=${byPlace.at(-1)?.id ?? 0}&limit=1000`,
      sitemapProductsSchema,
    );
    expect(after.total).toBeNull();
    expect([...byPlace, ...after.items].map((p) => p.id)).toEqual(ids);
    expect((await sitemapPart(total, 10)).items).toEqual([]);
    expect((await sitemapPart(0, 0)).items).toEqual([]);
  });

  it('gives each entry the photos the product page shows, as the whole product gives them', async () => {
    const { items } = await sitemapPart(0, 1000);
    let pictured = 0;
    for (const entry of items) {
      const product = await get(`/public/products/${entry.id}?withPrice=1`, productSchema);
      expect(entry.slug).toBe(product.slug);
      const images = sitemapEntryImages(entry, ORIGIN);
      expect(images, product.slug).toEqual(productSitemapImages(product, ORIGIN));
      if (images.length > 0) pictured++;
    }
    expect(pictured).toBeGreaterThan(items.length / 2);
  });

  it('dates an entry by the day its price last changed, and tags the one file listing it', async () => {
    const { items } = await sitemapPart(0, 1000);
    const rank = 5;
    const entry = items[rank];
    const variant = entry?.nomenclature[0];
    if (!entry || !variant) throw new Error('no priced product to change');
    const today = new Date().toISOString().slice(0, 10);
    expect(entry.lastmod < today).toBe(true);
    const response = await services.fetch(
      new Request(`http://shop.test/svc/search/admin/product/${entry.id}/variant/${variant.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ price: { selling: (variant.probablyPriceSelling ?? 100) - 1 } }),
      }),
    );
    expect(variantChangeResultSchema.parse(await response.json()).tags).toContain(
      `sitemap:products:${sitemapFileOf(rank)}`,
    );
    const after = (await sitemapPart(rank, 1)).items[0];
    expect(after).toMatchObject({ id: entry.id, lastmod: today });
    expect(sitemapFileOf(PRODUCTS_PER_SITEMAP - 1)).toBe(1);
    expect(sitemapFileOf(PRODUCTS_PER_SITEMAP)).toBe(2);
  });

  it('refuses a part larger than the storefront asks for', async () => {
    const response = await services.fetch(
      new Request('http://shop.test/svc/search/public/sitemap/products?offset=0&limit=5000'),
    );
    expect(response.status).toBe(400);
  });
});
