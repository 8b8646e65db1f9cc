import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { headerTag } from '../../api/cacheTags.ts';

/**
 * The wire cache: finished public pages as the bytes that go on the wire, in front of Astro.
 *
 * Why a second cache beside Astro's route cache: a route-cache hit still goes through the node
 * adapter (Node request → Web Request → render pipeline → Web Response → Node response) and the
 * compressor compressed the same page again on every hit, which made a hit cost ~7× what sending
 * the bytes costs (issue 13). Here a page is compressed once per encoding, on first demand, and
 * every later hit writes stored bytes. Entries carry the page's cache tags (its `Cache-Tag`
 * header), so `POST /api/revalidate` drops them together with the route cache's.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** A response as it will be replayed: the status, Astro's headers and the uncompressed body. */
export interface WirePage {
  status: number;
  /** Lower-case names; never content-length, content-encoding, set-cookie or etag. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface WireEntry extends WirePage {
  /** Strong validator of the identity bytes; the encoded variants add a suffix. */
  etag: string;
  tags: readonly string[];
  /** Epoch ms until which the entry answers hits. */
  freshUntil: number;
  /** Epoch ms until which the entry may stand in for a failed render (stale-if-error). */
  staleUntil: number;
  variants: Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>;
  /** Whether the smallest brotli of the page has been asked for (entryBytes: on its second read). */
  refined: boolean;
}

/** Reads a `Cache-Control` directive's seconds (`s-maxage=300` → 300), or null. */
export function directiveSeconds(cacheControl: string, name: string): number | null {
  const match = new RegExp(`(?:^|,)\\s*${name}=(\\d+)`, 'i').exec(cacheControl);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/**
 * Whether a response may be kept: a 200 that the page marked public for browsers and gave a
 * shared-cache lifetime (`CDN-Cache-Control: max-age=…`, RFC 9213), that sets no cookie.
 * Personal pages are `no-store` and never match.
 */
export function isStorable(page: WirePage & { setCookie?: readonly string[] }): boolean {
  const cacheControl = page.headers['cache-control'] ?? '';
  const shared = page.headers['cdn-cache-control'] ?? '';
  return (
    page.status === 200 &&
    (page.setCookie?.length ?? 0) === 0 &&
    /(?:^|,)\s*public\s*(?:,|$)/i.test(cacheControl) &&
    !/no-store|private/i.test(cacheControl) &&
    directiveSeconds(shared, 'max-age') !== null
  );
}

export function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The ETag of one representation: encodings are different bytes, so each has its own strong tag. */
export function representationEtag(etag: string, encoding: Encoding): string {
  return encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

export function isCompressible(page: WirePage): boolean {
  return COMPRESSIBLE.test(page.headers['content-type'] ?? '') && page.body.length >= 1024;
}

/**
 * The encoding to answer with: brotli when accepted, then gzip, otherwise the plain bytes
 * (`q=0` refuses one). Enough of RFC 9110 §12.5.3 for browsers, CDNs and curl.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Brotli's strongest setting, for a kept page read a second time. Measured on the main, catalogue
 * and product pages (130–160 KB of HTML, 2026-11-28): quality 5 gives 16.2/16.8/15.2 KB in ~1.5 ms,
 * 11 gives 14.5/14.4/13.8 KB in 80–160 ms (10: 14.6/14.6/13.9 KB in 27–47 ms). The ~1.7 KB is what
 * separates a page that arrives in the first round trip (~14.6 KB) from one that needs a second
 * (issue 27); the time is spent once per kept page, in the thread pool, never while anyone waits.
 */
const SMALLEST_BROTLI = 11;

/** Compresses in libuv's thread pool, so the event loop keeps answering hits meanwhile. */
export function compress(
  body: Buffer,
  encoding: Exclude<Encoding, 'identity'>,
  stored: boolean,
  smallest = false,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result));
    if (encoding === 'br') {
      // Quality 5: a stored page is compressed on its first request, which a shopper (or a crawler
      // walking 4,000 uncached pages) waits for; quality 9 cost ~10× the time for ~8 % fewer bytes.
      const quality = smallest ? SMALLEST_BROTLI : stored ? 5 : 4;
      brotliCompress(
        body,
        { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
        done,
      );
    } else gzip(body, { level: 6 }, done);
  });
}

/**
 * The bytes of one representation of an entry, compressing on first demand. A page read a second
 * time in brotli is compressed again at the strongest setting, in the background: later reads get
 * the smaller bytes, and a page read once (a crawler's walk) costs nothing more. The two decode to
 * the same page, so the representation keeps its ETag: a holder of either may be answered 304.
 */
export function entryBytes(entry: WireEntry, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity') return Promise.resolve(entry.body);
  const variant = entry.variants.get(encoding);
  if (!variant) {
    const made = compress(entry.body, encoding, true);
    entry.variants.set(encoding, made);
    return made;
  }
  if (encoding === 'br' && !entry.refined) {
    entry.refined = true;
    compress(entry.body, 'br', true, true).then(
      (smallest) => entry.variants.set('br', Promise.resolve(smallest)),
      // The quick bytes stay: they are correct, only larger.
      () => undefined,
    );
  }
  return variant;
}

/** Whether `If-None-Match` names this representation (or `*`). Weak comparison, RFC 9110 §13.1.2. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === '*' || bare(tag) === etag);
}

export interface WireCacheOptions {
  /** Upper bound of the uncompressed bytes kept (LRU beyond it). */
  maxBytes: number;
  now?: () => number;
}

export interface WireCache {
  /** The entry for a key, fresh or not (callers decide with `freshUntil` / `staleUntil`). */
  get(key: string): WireEntry | undefined;
  /** Keeps a storable page; returns the entry (or null when it is not storable). */
  put(key: string, page: WirePage & { setCookie?: readonly string[] }): WireEntry | null;
  /** Drops the entries carrying any of `tags` and those stored under any of `paths`. */
  invalidate(tags: readonly string[], paths: readonly string[]): number;
  readonly size: number;
}

/** Default stale-if-error window when the page names none (seconds). */
const DEFAULT_STALE_IF_ERROR_S = 24 * 60 * 60;

export function createWireCache(options: WireCacheOptions): WireCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, WireEntry>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry) {
        // Map order is the LRU order: a hit moves the entry to the young end.
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    put(key, page) {
      if (!isStorable(page)) return null;
      // The wire cache is the first shared cache: it keeps a page as long as a CDN would.
      const shared = page.headers['cdn-cache-control'] ?? '';
      const fresh = directiveSeconds(shared, 'max-age') ?? 0;
      const stale = directiveSeconds(shared, 'stale-if-error') ?? DEFAULT_STALE_IF_ERROR_S;
      const at = now();
      const tags = (page.headers['cache-tag'] ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== '');
      drop(key);
      const entry: WireEntry = {
        status: page.status,
        headers: page.headers,
        body: page.body,
        etag: strongEtag(page.body),
        tags,
        freshUntil: at + fresh * 1000,
        staleUntil: at + (fresh + stale) * 1000,
        variants: new Map(),
        refined: false,
      };
      entries.set(key, entry);
      bytes += page.body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= options.maxBytes) break;
        drop(oldest);
      }
      return entry;
    },
    invalidate(tags, paths) {
      const wanted = new Set(tags.map(headerTag));
      let dropped = 0;
      for (const [key, entry] of entries) {
        // A path is exactly a path and query, as in the route cache (src/pages/api/revalidate.ts).
        if (paths.includes(key) || entry.tags.some((tag) => wanted.has(tag))) {
          drop(key);
          dropped += 1;
        }
      }
      return dropped;
    },
    get size() {
      return entries.size;
    },
  };
}
