import type { APIRoute } from 'astro';
import { createHash } from 'node:crypto';
import { imageConfig } from '../server/config.ts';
import { createImageCache } from '../server/images/imageCache.ts';
import { parseImageQuery } from '../server/images/imageRequest.ts';
import { allowedSource, SourceError } from '../server/images/imageSource.ts';
import { FORMAT_TYPES, transformImage } from '../server/images/imageTransform.ts';

/**
 * The image service: `/img?src=<original>&w=<width>&f=webp|avif[&q=<quality>]`, our equivalent of
 * Astro's image endpoint (which needs sharp, a native addon). Only widths from a fixed list and
 * sources from the configured hosts (imageSource.ts); bad input is a 400. The format is in the URL,
 * not negotiated from `Accept`, so every URL names one set of bytes: cacheable by browsers and a
 * CDN for a year without `Vary`.
 */

const cache = createImageCache(imageConfig.cacheDir);

const text = (status: number, message: string): Response =>
  new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

export const GET: APIRoute = async ({ url, request }) => {
  const parsed = parseImageQuery(url.searchParams);
  if (!parsed.ok) return text(400, `Bad image request: ${parsed.problems}`);
  const { src, w, f, q } = parsed.query;
  const source = allowedSource(src, imageConfig.sourceOrigins);
  if (!source) return text(400, 'Bad image request: src is not an allowed image source');
  try {
    const started = performance.now();
    const { bytes, made } = await cache.get(`${src}|${w}|${f}|${q}`, () => transformImage(source, w, f, q));
    const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`;
    const headers = {
      'Content-Type': FORMAT_TYPES[f],
      // Sources are versioned by name and never change: a year, for browsers and CDNs alike.
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Server-Timing': `img;desc="${made ? 'made' : 'cached'}";dur=${(performance.now() - started).toFixed(1)}`,
    };
    if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
    return new Response(bytes.slice().buffer, { status: 200, headers });
  } catch (error) {
    if (error instanceof SourceError) return text(error.status, `Image not available: ${error.message}`);
    throw error;
  }
};
