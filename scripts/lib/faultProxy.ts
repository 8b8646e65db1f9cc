import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A fault-injecting HTTP proxy in front of one service (issue 13): passes requests through, or
 * fails them the ways a real service fails — the connection refused or reset (`down`), no answer
 * at all (`hang`), an error status (`error`), or a 200 whose body is not the contract (`garbage`).
 */
export type FaultMode = 'pass' | 'down' | 'hang' | 'error' | 'garbage';

export interface FaultProxy {
  url: string;
  mode: FaultMode;
  /** Fail only requests whose path matches (one call of a service, e.g. the bonus profile); null: all. */
  only: RegExp | null;
  /** Paths (with query) of the last 1,000 requests received, in order: what pages asked the service for. */
  seen: string[];
  close(): Promise<void>;
}

const SEEN_KEPT = 1_000;

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const proxy: FaultProxy = { url: '', mode: 'pass', only: null, seen: [], close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    if (proxy.seen.push(req.url ?? '/') > SEEN_KEPT) proxy.seen.splice(0, proxy.seen.length - SEEN_KEPT);
    const failing = proxy.only === null || proxy.only.test(req.url ?? '/');
    switch (failing ? proxy.mode : 'pass') {
      case 'down':
        req.socket.destroy();
        return;
      case 'hang':
        // Never answers; the storefront's own time budget must end the wait.
        return;
      case 'error':
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
        return;
      case 'garbage':
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Gateway says hello</body></html>');
        return;
      case 'pass': {
        const path = `${upstream.pathname.replace(/\/$/, '')}${req.url ?? '/'}`;
        const forward = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            path,
            method: req.method,
            headers: { ...req.headers, host: upstream.host },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on('error', () => res.destroy());
        req.pipe(forward);
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = z
    .custom<AddressInfo>((value) => typeof value === 'object' && value !== null)
    .parse(server.address());
  proxy.url = `http://127.0.0.1:${port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
