import type { ImageFormat, ImageWidth } from '../../domain/media/responsiveImage.ts';
import { decodeJpegPixels, encodePixels } from './imageCodecs.ts';
import { downscale } from './downscale.ts';

/** The CPU part of a transform: what the worker threads run (transformWorker.ts). */

/** The transformed bytes, or why the original could not be used (the page answers 422). */
export type ResizeOutcome = { bytes: Uint8Array } | { problem: string };

const isJpeg = (bytes: ArrayBuffer): boolean => {
  const head = new Uint8Array(bytes, 0, Math.min(3, bytes.byteLength));
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
};

/** `original` at `width` (never wider than it is: enlarging only adds bytes) in `format`. */
export async function resizeAndEncode(
  original: ArrayBuffer,
  width: ImageWidth,
  format: ImageFormat,
  quality: number,
): Promise<ResizeOutcome> {
  if (!isJpeg(original)) return { problem: 'the original is not a JPEG' };
  const pixels = await decodeJpegPixels(original).catch(() => null);
  if (pixels === null) return { problem: 'the original could not be decoded' };
  const targetWidth = Math.min(width, pixels.width);
  const targetHeight = Math.max(1, Math.round((pixels.height * targetWidth) / pixels.width));
  const resized = targetWidth === pixels.width ? pixels : downscale(pixels, targetWidth, targetHeight);
  return { bytes: await encodePixels(resized, format, quality) };
}
