import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../../src/server/launcher/launcherHeaders.ts';
import { createImageEndpoint, type ImageEndpoint } from '../../src/server/images/imageEndpoint.ts';
import { startTransformPool } from '../../src/server/images/transformPool.ts';
import type { TransformQueueLimits } from '../../src/server/images/transformQueue.ts';
import { renderProductPhoto } from '../../src/services/search/productPhoto.ts';

/**
 * /img over real HTTP on 127.0.0.1: the endpoint src/pages/img.ts answers with, the transform pool
 * the launcher starts (worker threads), a cache in a temporary directory, and an image host on
 * another local port whose answers the test can hold back, so the line of cold transforms stands
 * still while the test looks at it (no timing involved).
 */

const spec = { kind: 'tshirt', css: '#cc3344', code: '#cc3344', article: '7', index: 1, productId: 7 };

let photo: Uint8Array;
let hostUrl = '';
let hostServer: http.Server;
/** Sources asked for and still held back. */
let held = 0;
let releaseHost: () => void = () => undefined;
let hostOpen: Promise<void> = Promise.resolve();
const holdHost = (): void => {
  hostOpen = new Promise((resolve) => (releaseHost = resolve));
};

let stopPool: (() => Promise<void>) | undefined;
let cacheDir = '';
const running: { server: http.Server; endpoint: ImageEndpoint }[] = [];

const listen = async (server: http.Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening on a port');
  return `http://127.0.0.1:${address.port}`;
};

beforeAll(async () => {
  photo = await renderProductPhoto('image-service-test', spec);
  hostServer = http.createServer((_request, res) => {
    held += 1;
    void hostOpen.then(() => {
      held -= 1;
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.end(photo);
    });
  });
  hostUrl = await listen(hostServer);
  stopPool = startTransformPool();
}, 60_000);
afterAll(async () => {
  await stopPool?.();
  await new Promise((resolve) => hostServer.close(resolve));
});
afterEach(async () => {
  releaseHost();
  hostOpen = Promise.resolve();
  for (const { server, endpoint } of running.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
    endpoint.cache.disk.close();
    await endpoint.cache.disk.settled();
  }
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

/** /img served by a fresh endpoint over `cacheDir`; returns its base URL. */
async function startImages(options: { queueLimits: TransformQueueLimits; memoryMaxBytes?: number }): Promise<{
  url: string;
  endpoint: ImageEndpoint;
}> {
  const endpoint = createImageEndpoint({
    sourceOrigins: [hostUrl],
    cacheDir,
    cacheMaxBytes: 64 * 1024 * 1024,
    ...options,
  });
  const listener = getRequestListener((request) => endpoint.answer(request));
  const server = http.createServer((req, res) => void listener(req, res));
  running.push({ server, endpoint });
  return { url: await listen(server), endpoint };
}

/** The card picture of photo `n`, as a page spells it. */
const picture = (base: string, n: number, width = 160): string =>
  `${base}/img?src=${encodeURIComponent(`${hostUrl}/photos/${n}.jpg`)}&w=${width}&f=webp`;

/** GET as `client` (the address the launcher would have decided); the body is read to the end. */
async function get(url: string, client: string): Promise<{ status: number; headers: Headers; bytes: number }> {
  const response = await fetch(url, { headers: { [CLIENT_ADDRESS_HEADER]: client } });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { status: response.status, headers: response.headers, bytes };
}

/** Resolves once `check` holds, looking every few milliseconds (no deadline: the test's timeout is one). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('/img over HTTP', () => {
  it('answers the variants pages ask for and refuses any other quality', async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'bbs-img-service-'));
    const { url } = await startImages({ queueLimits: { running: 2, waiting: 8, waitingPerClient: 8 } });
    const made = await get(picture(url, 1), 'shopper');
    expect(made.status).toBe(200);
    expect(made.headers.get('content-type')).toBe('image/webp');
    for (const quality of ['40', '80', '75']) {
      const refused = await get(`${picture(url, 1)}&q=${quality}`, 'shopper');
      expect(refused.status).toBe(400);
    }
  });

  it('answers a shopper saving data at a lower quality under the same URL, and says so in Vary', async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'bbs-img-service-'));
    const { url } = await startImages({ queueLimits: { running: 2, waiting: 8, waitingPerClient: 8 } });
    const full = await get(picture(url, 2, 480), 'shopper');
    const saving = await fetch(picture(url, 2, 480), {
      headers: { [CLIENT_ADDRESS_HEADER]: 'shopper', 'Save-Data': 'on' },
    });
    const savingBytes = (await saving.arrayBuffer()).byteLength;
    expect(saving.status).toBe(200);
    expect(full.headers.get('vary')).toBe('Save-Data');
    expect(saving.headers.get('vary')).toBe('Save-Data');
    expect(saving.headers.get('etag')).not.toBe(full.headers.get('etag'));
    expect(savingBytes).toBeLessThan(full.bytes * 0.8);
  });

  describe.each([
    ['in memory', {}],
    ['on disk only', { memoryMaxBytes: 0 }],
  ])('a picture already cached %s', (_where, memory) => {
    it("is answered while a flood of cold ones waits, and another client's cold one is made after one of the flood's, not all", async () => {
      cacheDir = await mkdtemp(join(tmpdir(), 'bbs-img-service-'));
      const { url, endpoint } = await startImages({
        queueLimits: { running: 1, waiting: 64, waitingPerClient: 32 },
        ...memory,
      });
      const cached = picture(url, 0, 320);
      expect((await get(cached, 'shopper')).headers.get('server-timing')).toContain('made');

      holdHost();
      const done: string[] = [];
      const flood = Array.from({ length: 12 }, (_, i) =>
        get(picture(url, i + 1), 'flooder').then((answer) => {
          done.push(`flood-${i}`);
          return answer;
        }),
      );
      // One transform waits for its original, eleven in line behind it.
      await until(() => endpoint.queue.counts().waiting === 11 && held === 1);
      const shopperCold = get(picture(url, 100), 'shopper').then((answer) => {
        done.push('shopper');
        return answer;
      });
      await until(() => endpoint.queue.counts().waiting === 12);

      // The line cannot move (its original is held back), yet the cached picture is answered.
      const hit = await get(cached, 'shopper');
      expect(hit.status).toBe(200);
      expect(hit.headers.get('server-timing')).toContain('cached');
      expect(done).toEqual([]);

      releaseHost();
      const answers = await Promise.all([...flood, shopperCold]);
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 13 }, () => 200));
      // Turns: the flood's running one, its next, then the shopper's (first come, first served: last).
      expect(done.indexOf('shopper')).toBe(2);
    });
  });

  it('answers 503 with Retry-After past the bound of the line, per client and in all, and makes the rest', async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'bbs-img-service-'));
    const { url, endpoint } = await startImages({ queueLimits: { running: 1, waiting: 3, waitingPerClient: 2 } });
    const cached = picture(url, 0);
    expect((await get(cached, 'shopper')).status).toBe(200);

    holdHost();
    const flood = Array.from({ length: 6 }, (_, i) => get(picture(url, i + 1), 'flooder'));
    // One running and two waiting are the flooder's share; its other three are refused at once.
    await until(() => endpoint.queue.counts().waiting === 2 && held === 1);
    const shopperCold = get(picture(url, 100), 'shopper');
    await until(() => endpoint.queue.counts().waiting === 3);
    // The whole line is full now: a third client is refused too, a cached picture still answered.
    const third = await get(picture(url, 200), 'third');
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(third.headers.get('cache-control')).toBe('no-store');
    expect((await get(cached, 'third')).status).toBe(200);

    releaseHost();
    const statuses = (await Promise.all(flood)).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 503)).toHaveLength(3);
    expect((await shopperCold).status).toBe(200);
    // A refusal is not kept: asked again with room in the line, the picture is made.
    expect((await get(picture(url, 200), 'third')).status).toBe(200);
    await until(() => endpoint.queue.counts().running === 0);
    expect(endpoint.queue.counts()).toEqual({ running: 0, waiting: 0 });
  });
});
