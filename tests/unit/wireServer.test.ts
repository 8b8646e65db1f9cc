import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWireServer } from '../../src/server/cache/wireServer.ts';

/**
 * The wire cache through real HTTP: a Node server whose "render" writes the way Astro's node
 * adapter does (writeHead with the page's headers, then the body in chunks), counting renders.
 */

const PUBLIC_HEADERS = {
  'Content-Type': 'text/html',
  'Cache-Control': 'public, max-age=0, must-revalidate',
  'Surrogate-Control': 'max-age=300, stale-while-revalidate=3600, stale-if-error=600',
  'Surrogate-Key': 'product:7 catalog',
};

interface Page {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

let clock = 0;
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(pageFor: (url: string) => Page, sharedCacheHeaders = true) {
  clock = 1_000_000;
  const wire = createWireServer({ maxBytes: 10_000_000, now: () => clock, sharedCacheHeaders });
  const renders: string[] = [];
  const render = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const page = pageFor(req.url ?? '/');
    renders.push(req.url ?? '/');
    res.writeHead(page.status, page.headers);
    const half = Math.floor(page.body.length / 2);
    res.write(page.body.slice(0, half));
    setTimeout(() => res.end(page.body.slice(half)), 1);
  };
  const server = http.createServer((req, res) => {
    res.setHeader('X-Frame-Options', 'DENY');
    wire.handle(req, res, render, () => render(req, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, renders, wire };
}

const page = (text: string, headers: Record<string, string | string[]> = PUBLIC_HEADERS, status = 200): Page => ({
  status,
  headers,
  body: `<!doctype html><title>${text}</title>${'<p>детские товары</p>'.repeat(300)}`,
});

describe('the wire cache in front of the renderer', () => {
  it('renders a public page once, then answers stored bytes with the CDN headers and an ETag', async () => {
    const { base, renders } = await serve(() => page('one'));
    const first = await fetch(`${base}/product/x`, { headers: { 'Accept-Encoding': 'br' } });
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    const second = await fetch(`${base}/product/x`, { headers: { 'Accept-Encoding': 'br' } });
    expect(renders).toEqual(['/product/x']);
    expect(second.headers.get('x-astro-cache')).toBe('HIT');
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(second.headers.get('vary')).toBe('Accept-Encoding');
    expect(second.headers.get('cdn-cache-control')).toBe(
      'public, max-age=300, stale-while-revalidate=3600, stale-if-error=600',
    );
    expect(second.headers.get('cache-tag')).toBe('product:7,catalog');
    expect(second.headers.get('x-frame-options')).toBe('DENY');
    expect(second.headers.get('etag')).toMatch(/^"[\w-]+-br"$/);
    expect(await second.text()).toContain('<title>one</title>');
  });

  it('sends no shared-cache headers without a cache in front, and still drops the page by its tags', async () => {
    const { base, renders, wire } = await serve(() => page('one'), false);
    await fetch(`${base}/product/x`);
    const kept = await fetch(`${base}/product/x`);
    expect(kept.headers.get('x-astro-cache')).toBe('HIT');
    for (const name of ['surrogate-key', 'surrogate-control', 'cache-tag', 'cdn-cache-control'])
      expect(kept.headers.get(name), name).toBeNull();
    expect(kept.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    wire.invalidate(['product:7'], []);
    await fetch(`${base}/product/x`);
    expect(renders).toEqual(['/product/x', '/product/x']);
  });

  it('answers 304 to a conditional request for the same representation', async () => {
    const { base } = await serve(() => page('one'));
    const first = await fetch(`${base}/a`);
    const etag = first.headers.get('etag') ?? '';
    const conditional = await fetch(`${base}/a`, { headers: { 'If-None-Match': etag } });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get('etag')).toBe(etag);
    expect(await conditional.text()).toBe('');
    const otherEncoding = await fetch(`${base}/a`, { headers: { 'If-None-Match': etag, 'Accept-Encoding': 'br' } });
    expect(otherEncoding.status).toBe(200);
  });

  it('serves the stored page instead of a failed render until stale-if-error runs out', async () => {
    let failing = false;
    const { base } = await serve(() => (failing ? page('down', { 'Cache-Control': 'no-store' }, 503) : page('up')));
    await fetch(`${base}/c`);
    failing = true;
    clock += 301_000;
    const stale = await fetch(`${base}/c`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-astro-cache')).toBe('STALE-IF-ERROR');
    expect(await stale.text()).toContain('<title>up</title>');
    clock += 600_000;
    expect((await fetch(`${base}/c`)).status).toBe(503);
  });

  it('drops a page on invalidation by tag, so the next request renders again', async () => {
    let version = 1;
    const { base, renders, wire } = await serve(() => page(`v${version}`));
    await fetch(`${base}/p`);
    version = 2;
    wire.invalidate(['product:7'], []);
    expect(await (await fetch(`${base}/p`)).text()).toContain('<title>v2</title>');
    expect(renders).toHaveLength(2);
  });

  it('never stores a personal page, and passes its cookie on', async () => {
    const personal = {
      'Content-Type': 'text/html',
      'Cache-Control': 'no-store',
      'Set-Cookie': ['shop_session=abc; HttpOnly'],
    };
    const { base, renders } = await serve(() => page('mine', personal));
    const first = await fetch(`${base}/checkout`, { headers: { 'Accept-Encoding': 'br' } });
    expect(first.headers.get('set-cookie')).toBe('shop_session=abc; HttpOnly');
    expect(first.headers.get('etag')).toBeNull();
    // fetch decodes the brotli body itself.
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(await first.text()).toContain('mine');
    await fetch(`${base}/checkout`);
    expect(renders).toHaveLength(2);
  });

  it('leaves services, assets, endpoints and HEAD requests to the server', async () => {
    const { base, renders } = await serve(() => page('x'));
    for (const path of ['/api/revalidate', '/_astro/a.js', '/editor']) {
      await fetch(`${base}${path}`);
      await fetch(`${base}${path}`);
    }
    await fetch(`${base}/h`, { method: 'HEAD' });
    await fetch(`${base}/h`, { method: 'HEAD' });
    expect(renders).toHaveLength(8);
  });
});
