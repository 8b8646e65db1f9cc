import { expect, test, type APIRequestContext } from './fixtures.ts';
import { productListSchema } from '../../src/api/schemas/product.ts';

/**
 * Issue 27: the HTML of the main, catalogue and product pages fits the first flight of a new
 * connection: ten segments of 1,460 bytes, the initial congestion window of RFC 6928. Measured as
 * the bytes on the wire (brotli, `Content-Length`) of a kept page once it has been read again and
 * recompressed at brotli's strongest setting (src/server/cache/wireCache.ts: the first reads get
 * quick bytes, ~1.7 KB more).
 *
 * The bytes with the first screen's CSS inline (2026-11-28, 2,000 seeded products, brotli 11):
 * main 13,886 (ru) / 13,801 (uk), catalogue folder 14,427 / 14,216, product 13,221 / 13,255.
 * With the files after the first picture, the cards' hearts made by script and the main page's
 * first strip as a fragment (fifteenth session, measured by hand on the same seed): main 12,243 /
 * 12,217, catalogue 14,266 / 14,045, product 13,620 / 13,639; headers 1,203–1,257.
 */
const FIRST_FLIGHT = 10 * 1460;

/**
 * The response's own bytes on HTTP/1.1 share the flight: 3.4 KB before the fifteenth session (the
 * shared cache's tags with no cache in front, a policy naming every inline script of the build),
 * ~1.2–1.3 KB since (src/server/request/ownHashes.ts, launchPlan.ts `sharedCacheHeaders`).
 */
const MOST_HEADER_BYTES = 1400;
const headerBytes = new Map<string, number>();

/** The bytes of a response's status line and headers as HTTP/1.1 sends them. */
const headBytes = (headers: { name: string; value: string }[]): number =>
  'HTTP/1.1 200 OK\r\n\r\n'.length + headers.reduce((sum, { name, value }) => sum + name.length + value.length + 4, 0);

/**
 * The bytes of `path` on the wire in brotli once they stop changing: the strongest compression runs
 * in the background after a kept page's second read (or already ran, when other tests read the page).
 * Without it the page stays at the quick bytes, over the limit.
 */
async function wireBytes(request: APIRequestContext, path: string): Promise<number> {
  const read = async (): Promise<number> => {
    const response = await request.get(path, { headers: { 'accept-encoding': 'br' } });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-encoding'], path).toBe('br');
    headerBytes.set(path, headBytes(response.headersArray()));
    return Number(response.headers()['content-length']);
  };
  let last = await read();
  let sameSince = Date.now();
  const until = Date.now() + 20_000;
  // Settled: the same bytes for 1.5 s (a second compression takes 80–160 ms, longer on a busy machine).
  while (Date.now() - sameSince < 1500 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const next = await read();
    if (next !== last) sameSince = Date.now();
    last = next;
  }
  return last;
}

async function productPath(request: APIRequestContext, locale: 'ru' | 'uk'): Promise<string> {
  const response = await request.get(
    '/svc/search/public/products?category=odezhda&page=0&limit=1&withPrice=1&hasImage=1',
  );
  const [product] = productListSchema.parse(await response.json()).items;
  if (!product) throw new Error('no product in odezhda');
  return `${locale === 'uk' ? '/ua' : ''}/product/${product.slug}`;
}

for (const locale of ['ru', 'uk'] as const) {
  const prefix = locale === 'uk' ? '/ua' : '';
  test(`the main, catalogue and product pages fit the first flight, ${FIRST_FLIGHT} bytes brotli (${locale})`, async ({
    request,
  }) => {
    const pages = [`${prefix}/`, `${prefix}/odezhda`, await productPath(request, locale)];
    const bytes = new Map<string, number>();
    for (const path of pages) bytes.set(path, await wireBytes(request, path));
    const figures = JSON.stringify({ body: Object.fromEntries(bytes), headers: Object.fromEntries(headerBytes) });
    for (const path of pages) {
      expect(bytes.get(path), `${path}: ${figures}`).toBeLessThanOrEqual(FIRST_FLIGHT);
      expect(headerBytes.get(path), `${path}: ${figures}`).toBeLessThanOrEqual(MOST_HEADER_BYTES);
    }
  });
}
