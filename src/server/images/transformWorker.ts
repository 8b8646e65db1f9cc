import { move } from 'piscina';
import type { ImageFormat, ImageWidth } from '../../domain/media/responsiveImage.ts';
import { resizeAndEncode } from './resizeEncode.ts';

/**
 * Worker-thread entry of transformPool.ts. Loaded by Node itself (type stripping), never by the
 * Astro bundle. The result's buffer is moved back, not copied (Piscina moves only a top-level
 * value: bytes inside an object would arrive as its wrapper).
 */
export default async function transformInWorker(job: {
  original: ArrayBuffer;
  width: ImageWidth;
  format: ImageFormat;
  quality: number;
}): Promise<unknown> {
  const outcome = await resizeAndEncode(job.original, job.width, job.format, job.quality);
  return 'bytes' in outcome ? move(outcome.bytes) : outcome;
}
