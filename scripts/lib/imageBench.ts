import { productListSchema } from '../../src/api/schemas/product.ts';

/**
 * One line of `npm run bench` on photos: the search service's full-size photo (first request makes
 * it), then the image service's card picture (320 px WebP): the first transform and a cached hit.
 * Run with a fresh IMAGE_CACHE_DIR so the first transform is a real one.
 */
export async function imageEndpointReport(shopUrl: string): Promise<string> {
  const list = productListSchema.parse(
    await (await fetch(`${shopUrl}/svc/search/public/products?page=3&limit=1&hasImage=1`)).json(),
  );
  const link = list.items[0]?.images[0]?.link;
  if (!link) return 'photos: no product with a picture';
  const timed = async (url: string): Promise<{ ms: number; bytes: number; type: string }> => {
    const started = performance.now();
    const response = await fetch(url);
    const bytes = (await response.arrayBuffer()).byteLength;
    return { ms: performance.now() - started, bytes, type: response.headers.get('content-type') ?? '' };
  };
  const original = await timed(`${shopUrl}${link}`);
  const card = `${shopUrl}/img?src=${encodeURIComponent(link)}&w=320&f=webp`;
  const first = await timed(card);
  const cached = await timed(card);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  return (
    `photos: original ${kb(original.bytes)} KB ${original.type} (made in ${original.ms.toFixed(0)} ms); ` +
    `card 320w ${kb(first.bytes)} KB ${first.type}: first transform ${first.ms.toFixed(0)} ms, cached ${cached.ms.toFixed(1)} ms`
  );
}
