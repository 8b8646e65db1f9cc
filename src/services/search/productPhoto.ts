import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import encodeJpeg, { init as initJpegEncoder } from '@jsquash/jpeg/encode.js';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { renderProductSvg, type ImageSpec } from './productImage.ts';

/**
 * Full-size raster product photos for the demo catalogue: the product's drawing rendered into
 * pixels (resvg, WebAssembly) with a light fall-off and film grain, encoded as a baseline JPEG.
 * The grain is what makes them weigh like real photos (hundreds of KB), so that everything
 * downstream (resizing, re-encoding, choosing sizes) is measured on realistic bytes. Pure
 * WebAssembly and JavaScript: no native addon to rebuild when Node changes.
 */

/** Side of a full-size photo, in pixels (square, like the drawings and every layout that shows them). */
export const PHOTO_SIZE = 1200;

const require = createRequire(import.meta.url);
// @jsquash packages have no `exports`, so their files are found beside their package.json.
const packageFile = (name: string, file: string): string =>
  join(dirname(require.resolve(`${name}/package.json`)), file);

let codecsReady: Promise<void> | undefined;

/** Compiles the two WebAssembly modules once per process; the packages' own loaders `fetch` them, which Node cannot for files. */
function loadCodecs(): Promise<void> {
  codecsReady ??= (async () => {
    await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    await initJpegEncoder(
      await WebAssembly.compile(readFileSync(packageFile('@jsquash/jpeg', 'codec/enc/mozjpeg_enc.wasm'))),
    );
  })();
  return codecsReady;
}

/** A 32-bit seed from a string (FNV-1a), so every photo has its own grain and the same photo the same. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** A value in -1..1 fixed by a cell and the seed: the mottling of fabric or skin, coarser than the grain. */
function cellNoise(cx: number, cy: number, seed: number): number {
  let h = Math.imul(cx, 0x27d4eb2d) ^ Math.imul(cy, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h ^= h >>> 13;
  return ((h >>> 0) % 2001) / 1000 - 1;
}

/**
 * Adds a soft vignette, a coarse mottle (6 px cells, which survives downscaling as real texture
 * does) and fine grain, in place: a flat drawing compresses to a few KB, a photo does not.
 */
function addTexture(pixels: Uint8ClampedArray, size: number, seed: number): void {
  let state = seed || 1;
  const centre = size / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      // xorshift32: fast, deterministic, good enough for grain.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const grain = ((state >>> 0) % 21) - 10;
      const mottle = 9 * cellNoise(Math.floor(x / 6), Math.floor(y / 6), seed);
      const dx = (x - centre) / centre;
      const dy = (y - centre) / centre;
      const light = grain + mottle - 18 * (dx * dx + dy * dy);
      const at = (y * size + x) * 4;
      pixels[at] = (pixels[at] ?? 0) + light;
      pixels[at + 1] = (pixels[at + 1] ?? 0) + light;
      pixels[at + 2] = (pixels[at + 2] ?? 0) + light;
      pixels[at + 3] = 255;
    }
  }
}

/** Renders the full-size JPEG of one picture: same spec and name, same bytes. */
export async function renderProductPhoto(name: string, spec: ImageSpec): Promise<Uint8Array> {
  await loadCodecs();
  const svg = renderProductSvg(spec);
  const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: PHOTO_SIZE }, background: '#ffffff' }).render();
  const data = new Uint8ClampedArray(rendered.pixels);
  rendered.free();
  addTexture(data, PHOTO_SIZE, seedOf(name));
  // Baseline, no trellis: mozjpeg's slow passes would triple the first request for a few % of bytes.
  const jpeg = await encodeJpeg(
    { data, width: PHOTO_SIZE, height: PHOTO_SIZE, colorSpace: 'srgb' },
    {
      quality: 85,
      progressive: false,
      trellis_multipass: false,
      trellis_opt_zero: false,
      trellis_opt_table: false,
      trellis_loops: 1,
    },
  );
  return new Uint8Array(jpeg);
}
