import type { ImageFormat, ImageWidth } from '../../domain/media/responsiveImage.ts';
import { decodeJpegPixels, encodePixels } from './imageCodecs.ts';
import { downscale } from './downscale.ts';
import { fetchSource, SourceError, type ImageSource } from './imageSource.ts';

/** MIME type of each output format. */
export const FORMAT_TYPES: Readonly<Record<ImageFormat, string>> = { webp: 'image/webp', avif: 'image/avif' };

const isJpeg = (bytes: ArrayBuffer): boolean => {
  const head = new Uint8Array(bytes, 0, Math.min(3, bytes.byteLength));
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
};

/**
 * The original of `source` at `width` (never wider than the original: enlarging only adds bytes)
 * in `format`. Runs on the calling thread: a card picture costs tens of milliseconds here and each
 * is made once (see imageCache.ts); docs/decisions.md has the measurements.
 */
export async function transformImage(
  source: ImageSource,
  width: ImageWidth,
  format: ImageFormat,
  quality: number,
): Promise<Uint8Array> {
  const original = await fetchSource(source);
  if (!isJpeg(original)) throw new SourceError(422, 'the original is not a JPEG');
  const pixels = await decodeJpegPixels(original).catch(() => {
    throw new SourceError(422, 'the original could not be decoded');
  });
  const targetWidth = Math.min(width, pixels.width);
  const targetHeight = Math.max(1, Math.round((pixels.height * targetWidth) / pixels.width));
  const resized = targetWidth === pixels.width ? pixels : downscale(pixels, targetWidth, targetHeight);
  return encodePixels(resized, format, quality);
}
