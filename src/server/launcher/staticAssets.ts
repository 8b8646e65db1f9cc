import { existsSync, readFileSync } from 'node:fs';
import type http from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { compressibleFiles } from '../build/precompress.ts';
import { matchesIfNoneMatch, negotiateEncoding, representationEtag, strongEtag } from '../cache/wireCache.ts';
import type { Encoding } from '../cache/wireCache.ts';

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

/** Reads the assets of `clientDir` that have precompressed copies; an empty map without a build. */
export function loadAssets(clientDir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const dir = join(clientDir, '_astro');
  if (!existsSync(dir)) return assets;
  for (const file of compressibleFiles(dir)) {
    const type = TYPES[extname(file)];
    if (type === undefined || !existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) continue;
    const identity = readFileSync(file);
    const path = ASSETS_PREFIX + relative(dir, file).split(sep).join('/');
    assets.set(path, {
      type,
      etag: strongEtag(identity),
      bytes: { identity, br: readFileSync(`${file}.br`), gzip: readFileSync(`${file}.gz`) },
    });
  }
  return assets;
}

/** Answers the request when it names a loaded asset; false lets the caller go on. */
export function serveAsset(assets: Map<string, Asset>, req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '').split('?')[0] ?? '';
  const asset = assets.get(path);
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
