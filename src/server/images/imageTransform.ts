import type { ImageFormat, ImageWidth } from '../../domain/media/responsiveImage.ts';
import { fetchSource, SourceError, type ImageSource } from './imageSource.ts';
import { resizeAndEncode } from './resizeEncode.ts';
import { transformRunner } from './transformPool.ts';

/** MIME type of each output format. */
export const FORMAT_TYPES: Readonly<Record<ImageFormat, string>> = { webp: 'image/webp', avif: 'image/avif' };

/**
 * The original of `source` at `width` in `format`. The original is fetched here (the embedded
 * search service answers in this thread); the pixels are worked on a worker thread when the
 * launcher started the pool (transformPool.ts), in line otherwise (the dev server, unit tests).
 * Each picture is made once (imageCache.ts); docs/decisions.md has the measurements.
 */
export async function transformImage(
  source: ImageSource,
  width: ImageWidth,
  format: ImageFormat,
  quality: number,
): Promise<Uint8Array> {
  const original = await fetchSource(source);
  const outcome = await (transformRunner() ?? resizeAndEncode)(original, width, format, quality);
  if ('problem' in outcome) throw new SourceError(422, outcome.problem);
  return outcome.bytes;
}
