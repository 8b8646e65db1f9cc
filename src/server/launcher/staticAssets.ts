import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { compressibleFiles } from '../build/precompress.ts';
import { matchesIfNoneMatch, negotiateEncoding, representationEtag, strongEtag } from '../cache/wireCache.ts';
import type { Encoding } from '../cache/wireCache.ts';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { stylesheetHash, stylesheetsOfCombined } from '../styles/combinedStylesheet.ts';

/**
 * The build's hashed assets (`/_astro/*`), served from memory with the brotli and gzip copies the
 * build wrote (src/server/build/precompress.ts): immutable for a year (a new build has new names),
 * a strong ETag per representation, 304 on a conditional request. Anything not found here (a
 * file without copies, a path that is not an asset) goes on to the adapter's static handler.
 */

interface Asset {
  type: string;
  etag: string;
  bytes: Partial<Record<Encoding, Buffer>>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

export const ASSETS_PREFIX = '/_astro/';

/** The built offline worker (src/offline/serviceWorker.ts, named by Vite after its source). */
export const isOfflineWorker = (path: string): boolean => /^\/_astro\/serviceWorker-[\w-]+\.js$/u.test(path);

/** Reads the assets of `clientDir` that have precompressed copies, and every stylesheet; an empty map without a build. */
export function loadAssets(clientDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const dir = join(clientDir, '_astro');
  if (!existsSync(dir)) return assets;
  for (const file of compressibleFiles(dir)) {
    const type = TYPES[extname(file)];
    const compressed = existsSync(`${file}.br`) && existsSync(`${file}.gz`);
    // A stylesheet too small for copies is still loaded: a combined one may name it.
    if (type === undefined || (!compressed && extname(file) !== '.css')) continue;
    const identity = readFileSync(file);
    const path = ASSETS_PREFIX + relative(dir, file).split(sep).join('/');
    assets.set(path, {
      type,
      etag: strongEtag(identity),
      bytes: compressed ? { identity, br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) } : { identity },
    });
  }
  return assets;
}

/**
 * A page's stylesheets as one (src/server/styles/combinedStylesheet.ts): the named build files
 * concatenated in order, compressed once at brotli's strongest and kept (a page kind links one
 * set: a few dozen in all). Undefined when the path is not one or names a file the build does not
 * have. The kept ones are bounded, the oldest going first: a client inventing combinations costs
 * a compression each (17 ms for a catalogue's 23 KB here, like a page not yet cached), never memory.
 */
const combined = new Map<string, Asset>();
const MOST_COMBINED = 256;

/** Each loaded build stylesheet by its content hash; a hash two files share names neither. */
const byHash = new WeakMap<Map<string, Asset>, Map<string, string | undefined>>();

function stylesheetByHash(assets: Map<string, Asset>): Map<string, string | undefined> {
  let index = byHash.get(assets);
  if (index) return index;
  index = new Map();
  for (const path of assets.keys()) {
    const hash = stylesheetHash(path);
    if (hash !== undefined) index.set(hash, index.has(hash) ? undefined : path);
  }
  byHash.set(assets, index);
  return index;
}

function combinedStylesheet(assets: Map<string, Asset>, path: string): Asset | undefined {
  const kept = combined.get(path);
  if (kept) return kept;
  const index = stylesheetByHash(assets);
  const hrefs = stylesheetsOfCombined(path, (hash) => index.get(hash));
  if (hrefs === null) return undefined;
  const parts = hrefs.map((href) => assets.get(href)?.bytes.identity);
  if (parts.some((part) => part === undefined)) return undefined;
  const identity = Buffer.concat(parts.filter((part) => part !== undefined));
  const asset: Asset = {
    type: TYPES['.css'] ?? 'text/css',
    etag: strongEtag(identity),
    bytes: {
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    },
  };
  if (combined.size >= MOST_COMBINED) combined.delete(combined.keys().next().value ?? '');
  combined.set(path, asset);
  return asset;
}

/** Answers the request when it names a loaded asset; false lets the caller go on. */
export function serveAsset(assets: Map<string, Asset>, req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '').split('?')[0] ?? '';
  const asset = assets.get(path) ?? combinedStylesheet(assets, path);
  if (!asset) return false;
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const body = asset.bytes[encoding] ?? asset.bytes.identity;
  const used: Encoding = asset.bytes[encoding] ? encoding : 'identity';
  const etag = representationEtag(asset.etag, used);
  const headers: Record<string, string> = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    Vary: 'Accept-Encoding',
    // The offline worker lives under /_astro/ (a new name each build) but serves the whole site.
    ...(isOfflineWorker(path) ? { 'Service-Worker-Allowed': '/' } : {}),
  };
  if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': asset.type,
    'Content-Length': String(body?.length ?? 0),
    ...(used === 'identity' ? {} : { 'Content-Encoding': used }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
