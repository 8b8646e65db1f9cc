import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema } from '../../src/api/schemas/product.ts';
import type { WireProduct } from '../../src/api/schemas/product.ts';
import { createTestShop, get, getJson, productsPath } from './support.ts';
import type { TestShop } from './support.ts';

let shop: TestShop;
let products: WireProduct[];

beforeAll(async () => {
  shop = await createTestShop(80);
  products = (await getJson(shop.services, productsPath({ limit: 100, hasImage: 1 }), productListSchema)).items;
});
afterAll(() => shop.dispose());

/** The drawing a picture's photo is made from: the same name under `.svg`. */
const drawing = (link: string): string => link.replace(/\.jpg$/, '.svg');

describe('GET /public/images/<name>.svg', () => {
  it('serves every linked image as a cacheable SVG', async () => {
    const links = products.flatMap((p) => p.images.map((i) => drawing(i.link))).slice(0, 40);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const response = await get(shop.services, link);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      const svg = await response.text();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.length).toBeLessThan(4000);
      expect(svg).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('draws each colour of a product in that colour and answers the same bytes every time', async () => {
    // A product with two colours, one of them a plain hex swatch (not a gradient), which the picture must show.
    const swatch = (product: WireProduct, colour: string | undefined): string =>
      product.nomenclature.find((v) => v.colorPresentation?.slug === colour)?.colorPresentation?.additionalConfig
        ?.cssBackground ?? '';
    const sample = products
      .map((product) => {
        const byColour = [...new Map(product.images.map((i) => [i.colorList[0], i])).values()];
        const a = byColour.find((i) => /^#[0-9a-f]{6}$/i.test(swatch(product, i.colorList[0])));
        const b = byColour.find((i) => i !== a);
        return a && b ? { product, a, b, css: swatch(product, a.colorList[0]) } : null;
      })
      .find((found) => found !== null);
    if (!sample) throw new Error('no product in the sample with two colours, one of them a hex swatch');
    const { product, a, b, css } = sample;
    const svgA = await (await get(shop.services, drawing(a.link))).text();
    const svgB = await (await get(shop.services, drawing(b.link))).text();
    expect(svgA).not.toBe(svgB);
    expect(svgA).toContain(css);
    expect(await (await get(shop.services, drawing(a.link))).text()).toBe(svgA);
    expect(svgA).toContain(String(product.id));
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const link = products[0]?.images[0]?.link ?? '';
    const etag = (await get(shop.services, link)).headers.get('etag') ?? '';
    const again = await get(shop.services, link, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    'p1-base-1.svg',
    'p999999-rozovyy-1.svg',
    'p100001-base-1.png',
    'p100001-base-1.jpeg',
    'nonsense.svg',
    '..%2F..%2Fsearch.db',
    'p100001-base-1.svg%00',
    'P100001-BASE-1.svg',
  ])('answers 404 for %s', async (name) => {
    const response = await get(shop.services, `/svc/search/public/images/${name}`);
    expect(response.status).toBe(404);
  });
});

describe('GET /public/images/<name>.jpg', () => {
  it('serves a full-size photo of hundreds of KB, the same bytes every time', async () => {
    const link = products[1]?.images[0]?.link ?? '';
    expect(link).toMatch(/\.jpg$/);
    const first = await get(shop.services, link);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = new Uint8Array(await first.arrayBuffer());
    // A JPEG (SOI marker) of 1200×1200 (the SOF0 frame header holds height then width).
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    const sof = bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xc0);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect([view.getUint16(sof + 5), view.getUint16(sof + 7)]).toEqual([1200, 1200]);
    expect(bytes.byteLength).toBeGreaterThan(150_000);
    expect(bytes.byteLength).toBeLessThan(600_000);
    const again = await get(shop.services, link);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const notModified = await get(shop.services, link, {
      headers: { 'If-None-Match': first.headers.get('etag') ?? '' },
    });
    expect(notModified.status).toBe(304);
  });
});
