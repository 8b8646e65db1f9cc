import { log } from '../../log/log.ts';
import { report } from '../../log/report.ts';
import type http from 'node:http';
import {
  compress,
  createWireCache,
  entryBytes,
  isCompressible,
  matchesIfNoneMatch,
  negotiateEncoding,
  representationEtag,
  strongEtag,
} from './wireCache.ts';
import type { Encoding, WireCache, WireEntry, WirePage } from './wireCache.ts';

/**
 * The Node side of the wire cache (src/server/cache/wireCache.ts): which requests it answers, how a
 * render is captured, and how stored or fresh bytes are written with ETag, 304 and the negotiated
 * encoding. The launcher's server (httpServer.ts) hands every page request to `handle`.
 */

type Render = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Paths that are never pages: services, assets, endpoints and the editor's session screens. */
const NOT_PAGES = /^\/(?:svc|_astro|api|editor)(?:\/|$)/;

/**
 * What only a shared cache in front reads: lifetimes and tags (~1.5 KB on a listing). Without one
 * (no purge address configured) a browser would get them on every page, a tenth of the first flight.
 */
const SHARED_CACHE_HEADERS = ['surrogate-key', 'surrogate-control', 'cache-tag', 'cdn-cache-control'] as const;

/** Hop-by-hop and per-representation headers: recomputed for every answer, never stored. */
const NOT_STORED = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'etag',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
  'vary',
]);

interface CapturedPage extends WirePage {
  setCookie: string[];
}

function headerEntries(headers: unknown): [string, unknown][] {
  if (Array.isArray(headers)) {
    // writeHead also takes [[name, value], ...] or a flat [name, value, name, value].
    const pairs: [string, unknown][] = [];
    if (headers.every((item) => Array.isArray(item))) {
      for (const item of headers) if (Array.isArray(item)) pairs.push([String(item[0]), item[1]]);
    } else for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([String(headers[i]), headers[i + 1]]);
    return pairs;
  }
  return typeof headers === 'object' && headers !== null ? Object.entries(headers) : [];
}

/** Header values are strings, numbers or arrays of them (Node's OutgoingHttpHeaders). */
function headerText(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function addHeaders(into: CapturedPage, headers: unknown): void {
  for (const [rawName, value] of headerEntries(headers)) {
    if (value === undefined) continue;
    const name = rawName.toLowerCase();
    const values = (Array.isArray(value) ? value : [value]).map(headerText);
    if (name === 'set-cookie') into.setCookie.push(...values);
    else if (!NOT_STORED.has(name)) into.headers[name] = values.join(', ');
  }
}

/**
 * The CDN headers of a page, from what the page said in the surrogate headers that Astro's route
 * cache leaves alone (src/server/cache/pageCache.ts): `CDN-Cache-Control` (RFC 9213) and
 * `Cache-Tag` (Cloudflare's comma form; Fastly reads `Surrogate-Key` itself).
 */
function addCdnHeaders(page: CapturedPage): void {
  const control = page.headers['surrogate-control'];
  if (control !== undefined) page.headers['cdn-cache-control'] = `public, ${control}`;
  const keys = page.headers['surrogate-key'];
  if (keys !== undefined) page.headers['cache-tag'] = keys.split(' ').filter(Boolean).join(',');
}

function chunkBytes(chunk: unknown, encoding: unknown): Buffer | null {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}

function callback(args: unknown[]): (() => void) | null {
  const last = args.at(-1);
  if (typeof last !== 'function') return null;
  return () => {
    Reflect.apply(last, undefined, []);
  };
}

/**
 * Runs a render into memory instead of onto the socket: the response's status, headers and body
 * as Astro (or the static handler) wrote them. The headers the server had already set (security
 * headers, per request) are left out; they are set again on every answer.
 */
function capture(req: http.IncomingMessage, res: http.ServerResponse, render: Render): Promise<CapturedPage> {
  return new Promise((resolve) => {
    const preset = new Set(res.getHeaderNames());
    const page: CapturedPage = { status: 200, headers: {}, body: Buffer.alloc(0), setCookie: [] };
    let headed: unknown = null;
    const chunks: Buffer[] = [];
    const take = (args: unknown[]) => {
      const bytes = chunkBytes(args[0], args[1]);
      if (bytes) chunks.push(bytes);
      const done = callback(args);
      if (done) queueMicrotask(done);
    };
    // Own properties shadow the prototype's methods for this response only; deleting them restores it.
    Reflect.set(res, 'writeHead', (status: number, ...rest: unknown[]) => {
      page.status = status;
      headed = rest.at(-1) ?? null;
      return res;
    });
    Reflect.set(res, 'write', (...args: unknown[]) => {
      take(args);
      return true;
    });
    Reflect.set(res, 'end', (...args: unknown[]) => {
      take(args);
      for (const name of ['writeHead', 'write', 'end']) Reflect.deleteProperty(res, name);
      if (headed === null) page.status = res.statusCode;
      const own = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !preset.has(name)));
      for (const name of Object.keys(own)) res.removeHeader(name);
      addHeaders(page, own);
      addHeaders(page, headed);
      addCdnHeaders(page);
      page.body = Buffer.concat(chunks);
      resolve(page);
      return res;
    });
    render(req, res);
  });
}

async function bytesOf(page: WirePage, entry: WireEntry | null, encoding: Encoding): Promise<Buffer> {
  if (entry) return entryBytes(entry, encoding);
  return encoding === 'identity' ? page.body : compress(page.body, encoding, false);
}

/**
 * Writes a page: its own headers, a strong ETag per representation (when the page may be kept by
 * anyone), `Vary: Accept-Encoding`, and 304 when the request already holds these bytes.
 */
async function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: WirePage,
  entry: WireEntry | null,
  options: { setCookie?: string[]; sharedCacheHeaders: boolean },
): Promise<void> {
  const setCookie = options.setCookie ?? [];
  const compressible = isCompressible(page);
  let encoding: Encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
  const headers: Record<string, string | string[]> = { ...page.headers };
  // Kept with the page either way: the wire cache's own invalidation reads its tags.
  if (!options.sharedCacheHeaders) for (const name of SHARED_CACHE_HEADERS) delete headers[name];
  if (compressible) headers.vary = 'Accept-Encoding';
  if (setCookie.length > 0) headers['set-cookie'] = setCookie;
  const cacheable = page.status === 200 && !/no-store/i.test(page.headers['cache-control'] ?? '');
  const baseEtag = entry?.etag ?? (cacheable ? strongEtag(page.body) : null);
  if (baseEtag !== null && matchesIfNoneMatch(req.headers['if-none-match'], representationEtag(baseEtag, encoding))) {
    headers.etag = representationEtag(baseEtag, encoding);
    delete headers['content-type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let body: Buffer;
  try {
    body = await bytesOf(page, entry, encoding);
  } catch (error) {
    log.error('[wire] compression failed; sending the plain bytes', error);
    encoding = 'identity';
    body = page.body;
  }
  if (baseEtag !== null) headers.etag = representationEtag(baseEtag, encoding);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.length);
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export interface WireServer {
  /**
   * Answers a request that is not a service call: page requests through the wire cache, anything
   * else by `render` directly (`passThrough`, with the server's own streaming compression).
   */
  handle(req: http.IncomingMessage, res: http.ServerResponse, render: Render, passThrough: () => void): void;
  invalidate(tags: readonly string[], paths: readonly string[]): void;
  readonly cache: WireCache;
}

function stamp(entry: WireEntry, status: string): WirePage {
  return { ...entry, headers: { ...entry.headers, 'x-astro-cache': status } };
}

export function createWireServer(options: {
  maxBytes: number;
  now?: () => number;
  /** Whether answers carry the shared cache's headers (`SHARED_CACHE_HEADERS`): a CDN or Varnish is in front. */
  sharedCacheHeaders: boolean;
}): WireServer {
  const now = options.now ?? Date.now;
  const cache = createWireCache({ maxBytes: options.maxBytes, now });
  const sharedCacheHeaders = options.sharedCacheHeaders;

  async function page(req: http.IncomingMessage, res: http.ServerResponse, render: Render): Promise<void> {
    const key = req.url ?? '/';
    const entry = cache.get(key);
    if (entry && now() < entry.freshUntil) return send(req, res, stamp(entry, 'HIT'), entry, { sharedCacheHeaders });
    const captured = await capture(req, res, render);
    // stale-if-error (RFC 5861): a page that was served before stands in for a failed render.
    if (captured.status >= 500 && entry && now() < entry.staleUntil) {
      return send(req, res, stamp(entry, 'STALE-IF-ERROR'), entry, { sharedCacheHeaders });
    }
    // A copy the route cache served while it revalidates is not kept as fresh here.
    const stored = captured.headers['x-astro-cache'] === 'STALE' ? null : cache.put(key, captured);
    if (stored) return send(req, res, captured, stored, { sharedCacheHeaders });
    return send(req, res, captured, null, { setCookie: captured.setCookie, sharedCacheHeaders });
  }

  return {
    cache,
    handle(req, res, render, passThrough) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method !== 'GET' || NOT_PAGES.test(path)) {
        passThrough();
        return;
      }
      page(req, res, render).catch((error: unknown) => {
        log.error('[wire] a page could not be answered', error);
        report(error, { failure: 'page' });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      });
    },
    invalidate(tags, paths) {
      cache.invalidate(tags, paths);
    },
  };
}
