import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { WireProduct } from '../../src/api/schemas/product.ts';
import { productDetailSchema } from '../../src/api/schemas/productDetail.ts';
import { createTestShop, get, getJson, productsPath } from './support.ts';
import type { TestShop } from './support.ts';

/** Videos and rotating (360°) frames in the product answers, and the frames as served pictures. */
let shop: TestShop;
let products: WireProduct[];

/** Every product of a folder, through the public listing (100 a page). */
async function folderProducts(category: string): Promise<WireProduct[]> {
  const all: WireProduct[] = [];
  for (let page = 0; ; page++) {
    const { items, pagination } = await getJson(
      shop.services,
      productsPath({ category, page, limit: 100 }),
      productListSchema,
    );
    all.push(...items);
    if (all.length >= pagination.total || items.length === 0) return all;
  }
}

beforeAll(async () => {
  shop = await createTestShop(1500);
  products = [
    ...(await folderProducts('igrushki')),
    ...(await folderProducts('kolyaski-i-avtokresla')),
    ...(await folderProducts('odezhda')),
  ];
});
afterAll(() => shop.dispose());

describe('rotating images', () => {
  it('are given to about a tenth of the toys, strollers and car seats, and to nothing else', () => {
    const turning = products.filter((p) => p.rotateImages.length > 0);
    const eligible = products.filter((p) => ['igrushki', 'kolyaski-i-avtokresla'].includes(p.folderCategory.slug));
    expect(turning.every((p) => eligible.includes(p))).toBe(true);
    expect(turning.length / eligible.length).toBeGreaterThan(0.05);
    expect(turning.length / eligible.length).toBeLessThan(0.16);
  });

  it('come as 12 ordered frames per colour of the product, with a hash, alt and title', () => {
    const turning = products.filter((p) => p.rotateImages.length > 0);
    for (const product of turning) {
      const colours = new Set(product.nomenclature.map((v) => v.colorPresentation?.slug ?? null));
      const sets = Map.groupBy(product.rotateImages, (frame) => frame.colorList[0] ?? null);
      // Every shown colour turns (a hidden archival colour may keep its set, as it keeps its pictures).
      for (const colour of colours) expect(sets.has(colour)).toBe(true);
      for (const frames of sets.values()) {
        expect(frames.map((f) => f.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        for (const frame of frames) {
          expect(frame.hash).toMatch(/^[\w-]{20}$/);
          expect(frame.alt).toContain('360°');
          expect(frame.title).toBe(frame.alt);
          expect(frame.link).toMatch(/^\/svc\/search\/public\/images\/p\d+-[a-z0-9-]+-360-\d+\.svg$/);
        }
        expect(new Set(frames.map((f) => f.hash)).size).toBe(12);
      }
    }
  });

  it('are served as pictures whose bytes hash to the frame hash, turned by 30° a frame', async () => {
    const product = products.find((p) => p.rotateImages.length > 0);
    if (!product) throw new Error('no product with rotating images in the sample');
    const svgs: string[] = [];
    for (const frame of product.rotateImages.slice(0, 12)) {
      const response = await get(shop.services, frame.link);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('etag')).toBe(`"${frame.hash}"`);
      const svg = await response.text();
      expect(svg).not.toMatch(/<script|on\w+=/i);
      svgs.push(svg);
    }
    expect(svgs[0]).toContain('scale(1 1)');
    expect(svgs[6]).toContain('scale(-1 1)');
    expect(new Set(svgs).size).toBe(12);
  });

  it('are in the product answer by id and by slug', async () => {
    const product = products.find((p) => p.rotateImages.length > 0);
    if (!product) throw new Error('no product with rotating images in the sample');
    for (const key of [product.id, product.slug]) {
      const detail = await getJson(shop.services, `/svc/search/public/products/${key}`, productDetailSchema);
      expect(detail.rotateImages).toEqual(product.rotateImages);
    }
  });

  it('answer 404 for a frame that does not exist', async () => {
    expect((await get(shop.services, '/svc/search/public/images/p100001-base-360-13.svg')).status).toBe(404);
  });
});

describe('videos', () => {
  it('are given to about one product in twenty, one or two each, linked to a video host', async () => {
    const sample = (await getJson(shop.services, productsPath({ page: 0, limit: 100 }), productListSchema)).items;
    const all = [...products, ...sample];
    const withVideos = products.filter((p) => p.videos.length > 0);
    expect(withVideos.length / products.length).toBeGreaterThan(0.02);
    expect(withVideos.length / products.length).toBeLessThan(0.09);
    for (const product of all.filter((p) => p.videos.length > 0)) {
      expect(product.videos.length).toBeLessThanOrEqual(2);
      for (const video of product.videos) {
        expect(video.link).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
        expect(video.title).toContain(product.titleUkr);
      }
    }
  });

  it('are in the product answer', async () => {
    const product = products.find((p) => p.videos.length > 0);
    if (!product) throw new Error('no product with videos in the sample');
    const detail = await getJson(shop.services, `/svc/search/public/products/${product.id}`, productDetailSchema);
    expect(detail.videos).toEqual(product.videos);
  });
});
