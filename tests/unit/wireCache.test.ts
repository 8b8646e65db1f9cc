import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  createWireCache,
  entryBytes,
  isStorable,
  matchesIfNoneMatch,
  negotiateEncoding,
  representationEtag,
} from '../../src/server/cache/wireCache.ts';
import type { WirePage } from '../../src/server/cache/wireCache.ts';

const html = (text: string, headers: Record<string, string> = {}): WirePage => ({
  status: 200,
  headers: {
    'content-type': 'text/html',
    'cache-control': 'public, max-age=0, must-revalidate',
    'cdn-cache-control': 'public, max-age=300, stale-while-revalidate=3600, stale-if-error=600',
    'cache-tag': 'product:1,catalog,slider:nav-banners:ru',
    ...headers,
  },
  body: Buffer.from(text.repeat(200)),
});

describe('what the wire cache keeps', () => {
  it('keeps a public page with a shared-cache lifetime', () => {
    expect(isStorable(html('a'))).toBe(true);
  });
  it.each([
    ['no shared lifetime', { 'cdn-cache-control': '' }],
    ['no-store', { 'cache-control': 'no-store' }],
    ['private', { 'cache-control': 'private, max-age=0' }],
    ['not public', { 'cache-control': 'max-age=0' }],
  ])('never keeps a page with %s', (_label, headers) => {
    expect(isStorable(html('a', headers))).toBe(false);
  });
  it('never keeps an error or a page that sets a cookie', () => {
    expect(isStorable({ ...html('a'), status: 503 })).toBe(false);
    expect(isStorable({ ...html('a'), setCookie: ['shop_session=x'] })).toBe(false);
  });
});

describe('entries, lifetimes and invalidation', () => {
  it('answers within the shared lifetime and may stand in for an error a while longer', () => {
    let now = 1_000_000;
    const cache = createWireCache({ maxBytes: 10_000_000, now: () => now });
    const entry = cache.put('/p', html('a'));
    expect(entry?.freshUntil).toBe(now + 300_000);
    expect(entry?.staleUntil).toBe(now + 900_000);
    now += 1;
    expect(cache.get('/p')).toBe(entry);
  });

  it('drops entries by any of their tags, or by exactly their path and query', () => {
    const cache = createWireCache({ maxBytes: 10_000_000 });
    cache.put('/a', html('a'));
    cache.put('/b', html('b', { 'cache-tag': 'product:2' }));
    cache.put('/b?page=2', html('c', { 'cache-tag': 'product:3' }));
    expect(cache.invalidate(['product:1'], [])).toBe(1);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.invalidate([], ['/b'])).toBe(1);
    expect(cache.get('/b?page=2')).toBeDefined();
    expect(cache.size).toBe(1);
  });

  it('compares tags in their header form, so a tag with spaces or Cyrillic is dropped too', () => {
    const cache = createWireCache({ maxBytes: 10_000_000 });
    cache.put('/x', html('x', { 'cache-tag': 'category:%D0%BE%D0%B4%D1%8F%D0%B3' }));
    expect(cache.invalidate(['category:одяг'], [])).toBe(1);
  });

  it('forgets the least recently used pages beyond its byte budget', () => {
    const one = html('a').body.length;
    const cache = createWireCache({ maxBytes: one * 2 });
    cache.put('/1', html('a'));
    cache.put('/2', html('b'));
    cache.get('/1');
    cache.put('/3', html('c'));
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.get('/1')).toBeDefined();
    expect(cache.get('/3')).toBeDefined();
  });
});

describe('encodings and validators', () => {
  it('compresses each encoding once and returns the same bytes afterwards', async () => {
    const cache = createWireCache({ maxBytes: 10_000_000 });
    const entry = cache.put('/p', html('Привет, мир! '));
    if (!entry) throw new Error('not stored');
    const br = await entryBytes(entry, 'br');
    expect(brotliDecompressSync(br).equals(entry.body)).toBe(true);
    expect(await entryBytes(entry, 'br')).toBe(br);
    expect(gunzipSync(await entryBytes(entry, 'gzip')).equals(entry.body)).toBe(true);
    expect(br.length).toBeLessThan(entry.body.length / 10);
  });

  it('compresses a page read twice again at brotli’s strongest setting: smaller bytes of the same page from then on', async () => {
    const cache = createWireCache({ maxBytes: 10_000_000 });
    const words = Array.from({ length: 4000 }, (_, i) => `<li class="card c${i % 37}">Товар ${(i * 7919) % 1000}</li>`);
    const entry = cache.put('/p', html(words.join('')));
    if (!entry) throw new Error('not stored');
    const quick = await entryBytes(entry, 'br');
    // The second read still gets the quick bytes, and starts the strong compression.
    expect(await entryBytes(entry, 'br')).toBe(quick);
    let smallest = quick;
    for (let i = 0; i < 200 && smallest === quick; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      smallest = await entryBytes(entry, 'br');
    }
    expect(smallest.length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(smallest).equals(entry.body)).toBe(true);
    // Once: a third read does not start another.
    expect(await entryBytes(entry, 'br')).toBe(smallest);
    expect(entry.refined).toBe(true);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['', 'identity'],
    [undefined, 'identity'],
    ['identity', 'identity'],
  ] as const)('Accept-Encoding %j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('gives every representation its own strong tag and matches If-None-Match lists', () => {
    const etag = '"abc"';
    expect(representationEtag(etag, 'br')).toBe('"abc-br"');
    expect(representationEtag(etag, 'identity')).toBe('"abc"');
    expect(matchesIfNoneMatch('"x", "abc-br"', '"abc-br"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', '"abc-br"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"abc"')).toBe(false);
  });
});
