import { createHash } from 'node:crypto';
import { requestClientAddress } from '../request/requestAddress.ts';
import { createImageCache, type ImageCache } from './imageCache.ts';
import { parseImageQuery } from './imageRequest.ts';
import { asksToSaveData, pictureQuality } from '../../domain/media/responsiveImage.ts';
import { allowedSource, SourceError } from './imageSource.ts';
import { FORMAT_TYPES, transformImage } from './imageTransform.ts';
import { TRANSFORM_THREADS } from './transformPool.ts';
import { createTransformQueue, type TransformQueue, type TransformQueueLimits } from './transformQueue.ts';
import { timedTransform } from '../metrics/imageMetrics.ts';
import { recordMetric } from '../../log/metricEvents.ts';

/**
 * The image service: `/img?src=<original>&w=<width>&f=webp|avif`, our equivalent of Astro's image
 * endpoint (which needs sharp, a native addon), answered by src/pages/img.ts. Only the variants
 * pages ask for (imageRequest.ts) and sources from the configured hosts (imageSource.ts); bad
 * input is a 400. The format is in the URL, not negotiated from `Accept`, so every URL names one
 * picture: cacheable by browsers and a CDN for a year, varying only by `Save-Data` (a lower quality). A cached picture is
 * answered at once; a cold one waits its client's turn in a bounded line (transformQueue.ts), and
 * past the bound is a 503 at once rather than a wait of many seconds.
 */

/**
 * The line of cold transforms. One more running than there are threads, so the next original is
 * fetched while the threads encode. 48 waiting per client: behind an HTTP/2 proxy one browser asks
 * for every picture of a cold catalogue page at once (24 cards and their neighbours), and a shopper
 * must never see broken pictures for it; a client asking for more than two pages' worth of cold
 * variants is not browsing. 192 in all: a few shoppers on cold pages, or one shared address (a
 * carrier's NAT, a proxy not named in TRUST_PROXY) that is many shoppers.
 */
export const TRANSFORM_QUEUE_LIMITS: TransformQueueLimits = {
  running: TRANSFORM_THREADS + 1,
  waiting: 192,
  waitingPerClient: 48,
};

/**
 * A refused cold picture is asked again after this: about the time the line takes to move by one
 * client's bound on one thread. A browser does not retry an `<img>` itself; a CDN or crawler does.
 */
const RETRY_AFTER_SECONDS = 5;

export interface ImageEndpointOptions {
  sourceOrigins: readonly string[];
  cacheDir: string;
  cacheMaxBytes: number;
  /** Smaller in tests. */
  memoryMaxBytes?: number;
  queueLimits?: TransformQueueLimits;
}

export interface ImageEndpoint {
  /** The answer to `request`; `peer` is the connection's address (Astro's `clientAddress`), used only without the launcher. */
  answer(request: Request, peer?: () => string | undefined): Promise<Response>;
  readonly cache: ImageCache;
  readonly queue: TransformQueue;
}

/** The line was full: nothing was made, the client may ask again later. */
class LineFull extends Error {}

const text = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

export function createImageEndpoint(options: ImageEndpointOptions): ImageEndpoint {
  const cache = createImageCache(options.cacheDir, {
    diskMaxBytes: options.cacheMaxBytes,
    ...(options.memoryMaxBytes === undefined ? {} : { memoryMaxBytes: options.memoryMaxBytes }),
  });
  const queue = createTransformQueue(options.queueLimits ?? TRANSFORM_QUEUE_LIMITS);
  recordMetric({ name: 'imageCache', usage: () => cache.usage() });

  const answer = async (request: Request, peer: () => string | undefined = () => undefined): Promise<Response> => {
    const parsed = parseImageQuery(new URL(request.url).searchParams);
    if (!parsed.ok) return text(400, `Bad image request: ${parsed.problems}`);
    const { src, w, f } = parsed.query;
    const q = pictureQuality(f, asksToSaveData(request.headers.get('Save-Data')));
    const source = allowedSource(src, options.sourceOrigins);
    if (!source) return text(400, 'Bad image request: src is not an allowed image source');
    // The address the launcher decided (TRUST_PROXY), so shoppers behind one proxy are not one
    // client; one that cannot be told shares the line of the unknown.
    const client = requestClientAddress(request, peer) ?? '';
    const make = (): Promise<Uint8Array> => {
      const made = queue.run(client, () => timedTransform(() => transformImage(source, w, f, q)));
      if (!made) throw new LineFull();
      return made;
    };
    try {
      const started = performance.now();
      const { bytes, made } = await cache.get(`${src}|${w}|${f}|${q}`, make);
      const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`;
      const headers = {
        'Content-Type': FORMAT_TYPES[f],
        // Sources are versioned by name and never change: a year, for browsers and CDNs alike.
        'Cache-Control': 'public, max-age=31536000, immutable',
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
        // The one header that changes the bytes of a URL (a lower quality to save data, issue 27).
        Vary: 'Save-Data',
        'Server-Timing': `img;desc="${made ? 'made' : 'cached'}";dur=${(performance.now() - started).toFixed(1)}`,
      };
      if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
      return new Response(bytes.slice().buffer, { status: 200, headers });
    } catch (error) {
      if (error instanceof LineFull) {
        return text(503, 'Too many pictures are being made: ask again shortly', {
          'Retry-After': String(RETRY_AFTER_SECONDS),
        });
      }
      if (error instanceof SourceError) return text(error.status, `Image not available: ${error.message}`);
      throw error;
    }
  };

  return { answer, cache, queue };
}
