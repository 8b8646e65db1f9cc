import { afterEach, describe, expect, it } from 'vitest';
import { startTransformPool, transformRunner } from '../../src/server/images/transformPool.ts';
import { resizeAndEncode } from '../../src/server/images/resizeEncode.ts';
import { renderProductPhoto } from '../../src/services/search/productPhoto.ts';

const spec = { kind: 'tshirt', css: '#cc3344', code: '#cc3344', article: '7', index: 1, productId: 7 };
const isWebp = (bytes: Uint8Array): boolean =>
  new TextDecoder().decode(bytes.subarray(0, 4)) === 'RIFF' &&
  new TextDecoder().decode(bytes.subarray(8, 12)) === 'WEBP';

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('the image transform pool', () => {
  it('is registered only while it runs', async () => {
    expect(transformRunner()).toBeUndefined();
    stop = startTransformPool();
    expect(transformRunner()).toBeTypeOf('function');
    await stop();
    stop = undefined;
    expect(transformRunner()).toBeUndefined();
  });

  it('makes the same WebP on a worker thread as in line, and moves the original away', async () => {
    const photo = await renderProductPhoto('pool-test', spec);
    stop = startTransformPool();
    const run = transformRunner();
    if (!run) throw new Error('no runner registered');
    const original = photo.slice().buffer;
    const pooled = await run(original, 240, 'webp', 75);
    // Transferred to another thread, not copied: the caller's buffer is detached.
    expect(original.byteLength).toBe(0);
    if (!('bytes' in pooled)) throw new Error(pooled.problem);
    expect(isWebp(pooled.bytes)).toBe(true);
    const inLine = await resizeAndEncode(photo.slice().buffer, 240, 'webp', 75);
    if (!('bytes' in inLine)) throw new Error(inLine.problem);
    expect(Buffer.from(pooled.bytes).equals(Buffer.from(inLine.bytes))).toBe(true);
  });

  it('answers why an original that is not a JPEG cannot be used', async () => {
    stop = startTransformPool();
    const run = transformRunner();
    if (!run) throw new Error('no runner registered');
    expect(await run(new TextEncoder().encode('<svg/>').buffer, 240, 'webp', 75)).toEqual({
      problem: 'the original is not a JPEG',
    });
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).buffer;
    expect(await run(broken, 240, 'avif', 75)).toEqual({ problem: 'the original could not be decoded' });
  });
});
