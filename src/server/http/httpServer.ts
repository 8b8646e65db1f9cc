/**
 * Composition root of the running shop: one Node HTTP server that answers `/svc/<service>/...`
 * from the embedded reference services and everything else from the Astro build. It is the only
 * storefront-side code that imports `src/services`; pages, stores and `src/api` reach the services
 * through their HTTP contract (in-process via the registry in src/api/embedded.ts).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import { createServices } from '../../services/index.ts';
import { registerEmbeddedFetch } from '../../api/embedded.ts';
import { baseSecurityHeaders, fallbackCsp } from './securityHeaders.ts';

export interface ShopOptions {
  host: string;
  port: number;
  dataDir: string;
  /** Directory of the Astro build (contains server/entry.mjs). */
  distDir: string;
}

export interface RunningShop {
  url: string;
  close(): Promise<void>;
}

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type NodeMiddleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

function isHttps(req: http.IncomingMessage): boolean {
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  return encrypted || req.headers['x-forwarded-proto'] === 'https';
}

function hasHandler(module: unknown): module is { handler: NodeHandler } {
  return typeof module === 'object' && module !== null && 'handler' in module && typeof module.handler === 'function';
}

/** A path whose percent-encoding is broken is a page that cannot exist: answer the 404 page, not 400/500. */
function isDecodable(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

export async function startShop(options: ShopOptions): Promise<RunningShop> {
  // The services and the CMS authenticate to POST /api/revalidate with this secret; without a
  // configured one each start makes its own, known only to this process.
  process.env.REVALIDATE_SECRET ||= randomBytes(24).toString('base64url');
  const revalidateSecret = process.env.REVALIDATE_SECRET;
  const editorToken = process.env.CMS_EDITOR_TOKEN || randomBytes(18).toString('base64url');
  if (!process.env.CMS_EDITOR_TOKEN) console.log(`[start] CMS editor token for this run: ${editorToken}`);
  const searchAdminToken = process.env.SEARCH_ADMIN_TOKEN || randomBytes(18).toString('base64url');
  if (!process.env.SEARCH_ADMIN_TOKEN) console.log(`[start] search admin token for this run: ${searchAdminToken}`);

  // Known once the server listens; an editor cannot save before that.
  let selfUrl = '';
  // A change reaches the route cache the way an external CMS or ERP would: through the
  // revalidation endpoint, over HTTP, with the shared secret.
  const revalidate = async (change: { tags: string[]; paths: string[] }): Promise<void> => {
    const response = await fetch(`${selfUrl}/api/revalidate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${revalidateSecret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tags: change.tags, paths: change.paths }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`revalidate answered ${response.status}`);
  };
  const services = await createServices({
    dataDir: options.dataDir,
    editorToken,
    onContentChange: revalidate,
    searchAdminToken,
    // A price or stock change refreshes the pages that show the product.
    onProductChange: revalidate,
  });
  registerEmbeddedFetch(services.fetch);
  // The node adapter would otherwise start its own server on import.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = pathToFileURL(`${options.distDir}/server/entry.mjs`).href;
  const astro: unknown = await import(entry);
  if (!hasHandler(astro))
    throw new Error(`${entry} does not export the node adapter's handler; rebuild with \`npm run build\``);
  const serviceListener = getRequestListener(services.fetch);
  // gzip/brotli for text (HTML, CSS, JS, SVG, JSON) above 1 KB: on a slow phone the bytes on the
  // wire matter more than the server's microseconds. A proxy in front may do it instead.
  // Its types ask for Express's request/response; at run time it needs only Node's own objects.
  const compress = compression({ threshold: 1024 }) as unknown as NodeMiddleware;

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(baseSecurityHeaders(isHttps(req)))) res.setHeader(name, value);
    // Astro sets its own policy (with script hashes) on pages; this one covers files and JSON.
    res.setHeader('Content-Security-Policy', fallbackCsp);
    const url = req.url ?? '/';
    if (!isDecodable(url)) {
      req.url = url.startsWith('/ua/') ? '/ua/__malformed-url__' : '/__malformed-url__';
    }
    compress(req, res, () => {
      if (url.startsWith('/svc/')) void serviceListener(req, res);
      else astro.handler(req, res);
    });
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  selfUrl = `http://${options.host}:${port}`;
  return {
    url: selfUrl,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services.close();
    },
  };
}
