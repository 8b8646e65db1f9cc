import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ImageWidth } from '../../src/domain/media/responsiveImage.ts';
import { createImageCache, type ImageCache } from '../../src/server/images/imageCache.ts';
import { resizeAndEncode } from '../../src/server/images/resizeEncode.ts';
import { renderProductPhoto } from '../../src/services/search/productPhoto.ts';

/**
 * The disk half of /img's cache with real pictures (the demo photo resized and encoded to WebP
 * in line) in a temporary directory: the byte cap, least recently used first, and what a restart
 * learns back from the directory.
 */

const spec = { kind: 'tshirt', css: '#cc3344', code: '#cc3344', article: '7', index: 1, productId: 7 };
const WIDTHS: readonly ImageWidth[] = [160, 240, 320, 480, 640];
/** The WebP of each width, made once for the whole file. */
const pictures = new Map<ImageWidth, Uint8Array>();
const key = (width: ImageWidth): string => `/photo.jpg|${width}|webp|75`;
const fileOf = (width: ImageWidth): string => createHash('sha1').update(key(width)).digest('hex');

let dir = '';
const caches: ImageCache[] = [];
beforeAll(async () => {
  const photo = await renderProductPhoto('disk-cache-test', spec);
  for (const width of WIDTHS) {
    const outcome = await resizeAndEncode(photo.slice().buffer, width, 'webp', 75);
    if (!('bytes' in outcome)) throw new Error(outcome.problem);
    pictures.set(width, outcome.bytes);
  }
}, 60_000);
afterEach(async () => {
  for (const cache of caches.splice(0)) {
    cache.disk.close();
    await cache.disk.settled();
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});
afterAll(() => pictures.clear());

const sizeOf = (width: ImageWidth): number => pictures.get(width)?.byteLength ?? 0;

/** A cache over `dir` that keeps nothing in memory, so every hit is a disk read. */
function diskOnly(maxBytes: number, now?: () => number): ImageCache {
  const cache = createImageCache(dir, { diskMaxBytes: maxBytes, memoryMaxBytes: 0, ...(now ? { now } : {}) });
  caches.push(cache);
  return cache;
}

/** Asks `cache` for the picture of `width`, made (as /img would) when it is not kept. */
async function ask(cache: ImageCache, width: ImageWidth): Promise<boolean> {
  const picture = pictures.get(width);
  if (!picture) throw new Error(`no picture of ${width}`);
  const { made } = await cache.get(key(width), () => Promise.resolve(picture));
  return made;
}

/** The picture files in the directory and their total size, as the file system has them. */
async function onDisk(): Promise<{ names: string[]; bytes: number }> {
  const names = (await readdir(dir)).filter((name) => /^[0-9a-f]{40}$/.test(name));
  const sizes = await Promise.all(names.map(async (name) => (await stat(join(dir, name))).size));
  return { names, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

describe("the image cache's disk", () => {
  it('removes the least recently used pictures past the cap, and keeps one read recently', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bbs-img-disk-'));
    // Room for three of the four, but not for 240 px beside the others.
    const cap = sizeOf(160) + sizeOf(320) + sizeOf(480) + 100;
    expect(sizeOf(240)).toBeGreaterThan(100);
    const cache = diskOnly(cap);
    await cache.disk.learnt;
    for (const width of [160, 240, 320] as const) expect(await ask(cache, width)).toBe(true);
    // Read back: 160 becomes the most recently used, 240 the least.
    expect(await ask(cache, 160)).toBe(false);
    expect(await ask(cache, 480)).toBe(true);
    await cache.disk.settled();
    const { names, bytes } = await onDisk();
    expect(names).not.toContain(fileOf(240));
    expect(names).toContain(fileOf(160));
    expect(names).toContain(fileOf(480));
    expect(bytes).toBeLessThanOrEqual(cap);
    expect(cache.usage()).toMatchObject({ diskBytes: bytes, diskFiles: names.length });
    // Gone from the disk, so made again; one still there is not.
    expect(await ask(cache, 240)).toBe(true);
    expect(await ask(cache, 480)).toBe(false);
  });

  it('counts the pictures served from memory as used, so the most asked for are not the first to go', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bbs-img-disk-'));
    const cap = sizeOf(160) + sizeOf(320) + sizeOf(480) + 100;
    const cache = createImageCache(dir, { diskMaxBytes: cap });
    caches.push(cache);
    await cache.disk.learnt;
    for (const width of [160, 240, 320] as const) await ask(cache, width);
    // A memory hit: the disk is not read, yet 160 is now the most recently used there too.
    expect(await ask(cache, 160)).toBe(false);
    await ask(cache, 480);
    await cache.disk.settled();
    const { names } = await onDisk();
    expect(names).toContain(fileOf(160));
    expect(names).not.toContain(fileOf(240));
  });

  it('keeps the total under the cap however many pictures come, and never one bigger than the cap', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bbs-img-disk-'));
    const cap = sizeOf(320) * 2;
    const cache = diskOnly(cap);
    await cache.disk.learnt;
    for (const width of WIDTHS) {
      await ask(cache, width);
      await cache.disk.settled();
      expect((await onDisk()).bytes).toBeLessThanOrEqual(cap);
    }
    // 640 px is bigger than the whole cap: answered, not kept.
    expect(sizeOf(640)).toBeGreaterThan(cap);
    expect((await onDisk()).names).not.toContain(fileOf(640));
  });

  it('learns what a restart finds on disk: its size, and which pictures were used last', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bbs-img-disk-'));
    // Another file in the directory is neither counted nor removed.
    await writeFile(join(dir, 'README.txt'), 'not a picture');
    let minutesLater = 0;
    const first = diskOnly(10 * 1024 * 1024, () => Date.now() + minutesLater * 60_000);
    await first.disk.learnt;
    for (const width of [160, 240, 320] as const) await ask(first, width);
    await first.disk.settled();
    // As if written hours ago, in this order (one write's mtime is often the next one's too).
    for (const [hoursAgo, width] of [
      [3, 160],
      [2, 240],
      [1, 320],
    ] as const) {
      const seconds = (Date.now() - hoursAgo * 3_600_000) / 1000;
      await utimes(join(dir, fileOf(width)), seconds, seconds);
    }
    // Two minutes later 160 is read again: its time stamp on disk is brought up to date.
    minutesLater = 2;
    expect(await ask(first, 160)).toBe(false);
    await first.disk.settled();
    first.disk.close();

    // Restarted with room for two of the three: the least recently used one (240) goes.
    const cap = sizeOf(160) + sizeOf(320) + 100;
    const second = diskOnly(cap);
    // Served before the directory is learnt: a read needs only the file's name.
    expect(await ask(second, 320)).toBe(false);
    await second.disk.learnt;
    await second.disk.settled();
    const { names, bytes } = await onDisk();
    expect(names.sort()).toEqual([fileOf(160), fileOf(320)].sort());
    expect(second.usage()).toMatchObject({ diskBytes: bytes, diskFiles: 2 });
    expect(await readdir(dir)).toContain('README.txt');
  });
});

describe("the image cache's memory", () => {
  it('stays within its budget', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bbs-img-disk-'));
    const budget = sizeOf(320) + sizeOf(240) + 100;
    const cache = createImageCache(dir, { diskMaxBytes: 10 * 1024 * 1024, memoryMaxBytes: budget });
    caches.push(cache);
    for (const width of WIDTHS) {
      await ask(cache, width);
      expect(cache.usage().memoryBytes).toBeLessThanOrEqual(budget);
    }
  });
});
