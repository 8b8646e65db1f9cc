import http from 'node:http';
import { productListSchema } from '../../src/api/schemas/product.ts';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from '../../src/domain/media/responsiveImage.ts';

/** Cold variants in the flood: what a script asking for every picture of a listing sends at once. */
const FLOOD_SIZE = 120;
/** How often the cached card is timed while the flood runs. */
const SAMPLE_EVERY_MS = 250;
/** Another shopper: another loopback address, so another client for /img's line. */
const SHOPPER_ADDRESS = '127.0.0.2';

/** Milliseconds until the whole answer to `url` arrived, asked from `localAddress`, and its status. */
function timedFrom(url: string, localAddress: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress }, (response) => {
        response.resume();
        response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
      })
      .on('error', reject);
  });
}

/**
 * Two lines of `npm run bench` on photos: the search service's full-size photo (first request makes
 * it), then the image service's card picture (320 px WebP): the first transform and a cached hit;
 * then the same card and another shopper's cold one under a flood of cold variants. Run with a
 * fresh IMAGE_CACHE_DIR so the first transform is a real one.
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
    `card 320w ${kb(first.bytes)} KB ${first.type}: first transform ${first.ms.toFixed(0)} ms, cached ${cached.ms.toFixed(1)} ms\n` +
    (await floodReport(shopUrl, card))
  );
}

/**
 * The cached card's time while a flood of cold variants (other photos, every width and format)
 * is asked for at once by one client (issue 23: a flood made a real picture take 7.4 s instead of
 * 0.6 s). Cold requests past /img's line are refused (503) at once; the cached card must not wait
 * for the line at all.
 */
async function floodReport(shopUrl: string, cachedUrl: string): Promise<string> {
  const list = productListSchema.parse(
    await (await fetch(`${shopUrl}/svc/search/public/products?page=4&limit=40&hasImage=1`)).json(),
  );
  const links = list.items.flatMap((item) => item.images.map((image) => image.link));
  const cold = links
    .flatMap((link) =>
      IMAGE_FORMATS.flatMap((format) =>
        IMAGE_WIDTHS.map((width) => `${shopUrl}/img?src=${encodeURIComponent(link)}&w=${width}&f=${format}`),
      ),
    )
    .slice(0, FLOOD_SIZE);
  const started = performance.now();
  const statuses = new Map<number, number>();
  let floodDone = false;
  const flood = Promise.all(
    cold.map(async (url) => {
      const response = await fetch(url);
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }),
  ).then(() => (floodDone = true));
  // A real page's cold picture, asked by another shopper once the flood is in line.
  const shopperList = productListSchema.parse(
    await (await fetch(`${shopUrl}/svc/search/public/products?page=7&limit=1&hasImage=1`)).json(),
  );
  const shopperLink = shopperList.items[0]?.images[0]?.link ?? '';
  const shopper = new Promise((resolve) => setTimeout(resolve, 500)).then(() =>
    timedFrom(`${shopUrl}/img?src=${encodeURIComponent(shopperLink)}&w=320&f=webp`, SHOPPER_ADDRESS),
  );
  const samples: number[] = [];
  while (!floodDone || samples.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    const sampled = performance.now();
    await (await fetch(cachedUrl)).arrayBuffer();
    samples.push(performance.now() - sampled);
  }
  await flood;
  const drained = performance.now() - started;
  const shopperAnswer = await shopper;
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? 0;
  const answers = [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
  return (
    `photos under a flood of ${cold.length} cold variants: cached card ${median.toFixed(1)} ms median, ` +
    `${(samples.at(-1) ?? 0).toFixed(1)} ms max (${samples.length} samples); another shopper's cold card ` +
    `${(shopperAnswer.ms / 1000).toFixed(2)} s (${shopperAnswer.status}); flood answered ${answers}, done in ${(drained / 1000).toFixed(1)} s`
  );
}
