import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import encodeAvif, { init as initAvifEncoder } from '@jsquash/avif/encode.js';
import decodeJpeg, { init as initJpegDecoder } from '@jsquash/jpeg/decode.js';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import type { ImageFormat } from '../../domain/media/responsiveImage.ts';

/**
 * The WebAssembly codecs of the image service (Squoosh's, packaged by @jsquash): no native addon,
 * so nothing breaks when Node changes. Their own loaders `fetch` the .wasm next to the module,
 * which Node cannot do for a file, so each module is compiled here from the package's file, once,
 * on first use.
 */

const require = createRequire(import.meta.url);
// @jsquash packages have no `exports`, so their files are found beside their package.json.
const wasm = async (name: string, file: string): Promise<WebAssembly.Module> =>
  WebAssembly.compile(await readFile(join(dirname(require.resolve(`${name}/package.json`)), file)));

let jpegReady: Promise<unknown> | undefined;
let webpReady: Promise<unknown> | undefined;
let avifReady: Promise<unknown> | undefined;

/** RGBA pixels of a JPEG. */
export async function decodeJpegPixels(bytes: ArrayBuffer): Promise<ImageData> {
  jpegReady ??= wasm('@jsquash/jpeg', 'codec/dec/mozjpeg_dec.wasm').then((module) => initJpegDecoder(module));
  await jpegReady;
  return decodeJpeg(bytes);
}

/** Encodes RGBA pixels; `quality` is the codec's 0–100 scale. */
export async function encodePixels(pixels: ImageData, format: ImageFormat, quality: number): Promise<Uint8Array> {
  if (format === 'avif') {
    avifReady ??= wasm('@jsquash/avif', 'codec/enc/avif_enc.wasm').then((module) => initAvifEncoder(module));
    await avifReady;
    // Speed 8 of 10: the slowest settings cost seconds per picture in WASM for a few % of bytes.
    return new Uint8Array(await encodeAvif(pixels, { quality: Math.round(quality * 0.7), speed: 8 }));
  }
  // Node has WebAssembly SIMD, and the encoder then loads its SIMD build: compile that one.
  webpReady ??= wasm('@jsquash/webp', 'codec/enc/webp_enc_simd.wasm').then((module) => initWebpEncoder(module));
  await webpReady;
  return new Uint8Array(await encodeWebp(pixels, { quality }));
}
